package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.scan.LogicalLakeTableScan;
import java.util.List;
import org.apache.calcite.CalciteImmutable;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.immutables.value.Value;

/**
 * Answers {@code COUNT(*)}, optionally grouped by partition columns, from Parquet footers: the scan
 * yields one row per file with its row count, and the aggregate sums them. No page is read.
 */
@CalciteImmutable
@Value.Enclosing
public final class CountFromFootersRule extends RelRule<CountFromFootersRule.Config> {
  CountFromFootersRule(Config config) {
    super(config);
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalAggregate aggregate = call.rel(0);
    LogicalLakeTableScan scan = call.rel(1);
    // A data filter only narrows what is read; the filter above it must still count the rows.
    if (scan.rowCounts() || scan.dataFilter() != null || aggregate.getGroupType() != Aggregate.Group.SIMPLE
        || aggregate.getAggCallList().isEmpty()) {
      return;
    }
    for (AggregateCall c : aggregate.getAggCallList()) {
      if (c.getAggregation().getKind() != SqlKind.COUNT || !c.getArgList().isEmpty() || c.isDistinct()
          || c.filterArg >= 0) {
        return;
      }
    }
    int[] fields = scan.fields();
    ImmutableBitSet partitionColumns = scan.partitionColumns();
    if (!aggregate.getGroupSet().asList().stream().allMatch(g -> partitionColumns.get(fields[g]))) {
      return;
    }
    int[] groupFields = aggregate.getGroupSet().asList().stream().mapToInt(g -> fields[g]).toArray();
    RelBuilder b = call.builder().push(scan.withRowCounts(groupFields));
    int rowCount = groupFields.length;
    List<RelBuilder.AggCall> sums = aggregate.getAggCallList().stream()
        .map(c -> b.aggregateCall(SqlStdOperatorTable.SUM0, b.field(rowCount)).as(c.getName()))
        .toList();
    call.transformTo(b.aggregate(b.groupKey(ImmutableBitSet.range(rowCount)), sums).build());
  }

  /** Rule configuration. */
  @Value.Immutable
  public interface Config extends RelRule.Config {
    Config DEFAULT = ImmutableCountFromFootersRule.Config.of()
        .withOperandSupplier(b0 -> b0.operand(LogicalAggregate.class)
            .oneInput(b1 -> b1.operand(LogicalLakeTableScan.class).noInputs()));

    @Override default CountFromFootersRule toRule() {
      return new CountFromFootersRule(this);
    }
  }
}
