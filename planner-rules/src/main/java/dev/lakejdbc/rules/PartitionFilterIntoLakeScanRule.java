package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.scan.LogicalLakeTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.CalciteImmutable;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.immutables.value.Value;

/**
 * Static partition pruning: moves every conjunct of a Filter over a lake scan that uses only partition
 * columns, is deterministic and has no sub-query or correlation into the scan, which evaluates it on
 * each directory's values while listing. The other conjuncts stay above as a residual Filter. Nothing is
 * rewritten: {@code CAST(p AS INT) = 1} is evaluated as written, never turned into {@code p = '1'}.
 */
@CalciteImmutable
@Value.Enclosing
public final class PartitionFilterIntoLakeScanRule
    extends RelRule<PartitionFilterIntoLakeScanRule.Config> {
  PartitionFilterIntoLakeScanRule(Config config) {
    super(config);
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalFilter filter = call.rel(0);
    LogicalLakeTableScan scan = call.rel(1);
    int[] fields = scan.fields();
    ImmutableBitSet partitionColumns = scan.partitionColumns();
    List<RexNode> pushed = new ArrayList<>();
    List<RexNode> residual = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
      boolean onPartitionsOnly = RelOptUtil.InputFinder.bits(conjunct).asList().stream()
          .allMatch(i -> partitionColumns.get(fields[i]));
      if (onPartitionsOnly && RexUtil.isDeterministic(conjunct)
          && RexUtil.SubQueryFinder.find(conjunct) == null && !RexUtil.containsCorrelation(conjunct)) {
        pushed.add(conjunct);
      } else {
        residual.add(conjunct);
      }
    }
    if (pushed.isEmpty()) {
      return;
    }
    RexBuilder rexBuilder = filter.getCluster().getRexBuilder();
    // The scan keeps its filter over the table's columns, independent of which fields it outputs.
    RexNode overTable = RexUtil.composeConjunction(rexBuilder, pushed).accept(new RexShuttle() {
      @Override public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(fields[ref.getIndex()], ref.getType());
      }
    });
    LogicalLakeTableScan pruned = scan.withPartitionFilter(overTable);
    call.transformTo(residual.isEmpty() ? pruned
        : filter.copy(filter.getTraitSet(), pruned, RexUtil.composeConjunction(rexBuilder, residual)));
  }

  /** Rule configuration. */
  @Value.Immutable
  public interface Config extends RelRule.Config {
    Config DEFAULT = ImmutablePartitionFilterIntoLakeScanRule.Config.of()
        .withOperandSupplier(b0 -> b0.operand(LogicalFilter.class)
            .oneInput(b1 -> b1.operand(LogicalLakeTableScan.class).noInputs()));

    @Override default PartitionFilterIntoLakeScanRule toRule() {
      return new PartitionFilterIntoLakeScanRule(this);
    }
  }
}
