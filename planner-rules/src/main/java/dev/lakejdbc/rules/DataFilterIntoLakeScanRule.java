package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.filter.RexToDataPredicate;
import dev.lakejdbc.adapter.prune.PartitionFilterText;
import dev.lakejdbc.adapter.scan.LogicalLakeTableScan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
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
 * Data filter pushdown: copies every conjunct of a Filter over a lake scan that the scan can use on its
 * data columns ({@link RexToDataPredicate} decides: comparisons, IN lists and ranges, null tests, on a
 * column as it is stored) into the scan's {@code DataFilters}, where it rules out row groups and pages
 * of each file. The Filter stays as it was: pushdown only reads less, the Filter decides which rows
 * match. A conjunct on data columns that cannot be used is named, with the reason, in the scan's
 * {@code NoDataFilters} (and in sys.scans).
 */
@CalciteImmutable
@Value.Enclosing
public final class DataFilterIntoLakeScanRule extends RelRule<DataFilterIntoLakeScanRule.Config> {
  DataFilterIntoLakeScanRule(Config config) {
    super(config);
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalFilter filter = call.rel(0);
    LogicalLakeTableScan scan = call.rel(1);
    if (scan.rowCounts()) {
      return;
    }
    int[] fields = scan.fields();
    RexBuilder rexBuilder = filter.getCluster().getRexBuilder();
    ImmutableBitSet dataColumns = scan.dataColumns();
    RexToDataPredicate translator =
        new RexToDataPredicate(rexBuilder, scan.getTable().getRowType(), dataColumns);
    Set<RexNode> pushed = new LinkedHashSet<>(scan.dataFilter() == null ? List.of()
        : RelOptUtil.conjunctions(scan.dataFilter()));
    int before = pushed.size();
    List<String> notPushed = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
      // The scan keeps its filter over the table's columns, independent of which fields it outputs.
      RexNode overTable = conjunct.accept(new RexShuttle() {
        @Override public RexNode visitInputRef(RexInputRef ref) {
          return new RexInputRef(fields[ref.getIndex()], ref.getType());
        }
      });
      ImmutableBitSet used = RelOptUtil.InputFinder.bits(overTable);
      if (used.intersect(dataColumns).isEmpty()) {
        continue; // on partition columns only (the partition rule's), or on none
      }
      RexToDataPredicate.Result result = translator.translate(overTable);
      if (result.usable()) {
        pushed.addAll(RelOptUtil.conjunctions(result.used()));
      } else {
        notPushed.add(PartitionFilterText.format(overTable, scan.getTable().getRowType().getFieldNames())
            + ": " + result.whyNot());
      }
    }
    String note = notPushed.isEmpty() ? null : String.join("; ", notPushed);
    if (pushed.size() == before && Objects.equals(note, scan.dataFilterNote())) {
      return;
    }
    LogicalLakeTableScan filtered = scan.withDataFilter(
        pushed.isEmpty() ? null : RexUtil.composeConjunction(rexBuilder, new ArrayList<>(pushed)), note);
    call.transformTo(filter.copy(filter.getTraitSet(), filtered, filter.getCondition()));
  }

  /** Rule configuration. */
  @Value.Immutable
  public interface Config extends RelRule.Config {
    Config DEFAULT = ImmutableDataFilterIntoLakeScanRule.Config.of()
        .withOperandSupplier(b0 -> b0.operand(LogicalFilter.class)
            .oneInput(b1 -> b1.operand(LogicalLakeTableScan.class).noInputs()));

    @Override default DataFilterIntoLakeScanRule toRule() {
      return new DataFilterIntoLakeScanRule(this);
    }
  }
}
