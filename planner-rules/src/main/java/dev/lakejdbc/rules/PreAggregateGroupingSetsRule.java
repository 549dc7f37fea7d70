package dev.lakejdbc.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.CalciteImmutable;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.Mappings;
import org.immutables.value.Value;

/**
 * An aggregate over several grouping sets ({@code ROLLUP}, {@code CUBE}, {@code GROUPING SETS}) first
 * aggregates its input by all its grouping columns together, then computes every grouping set from
 * those rows: {@code GROUP BY ROLLUP(a, b, c)} hashes each input row once, not once per grouping set,
 * and the sets are summed up from the (usually far fewer) groups of {@code (a, b, c)}. TPC-DS q22 and
 * q67 roll four and eight columns up over millions of rows.
 *
 * <p>Only functions whose partial results combine exactly are split: SUM and $SUM0 (summed again),
 * COUNT (summed as $SUM0), MIN and MAX; GROUPING stays above, where the grouping sets are. AVG and the
 * variances are reduced to these by Calcite's AggregateReduceFunctionsRule before this rule runs. An
 * aggregate with DISTINCT, an ordered or approximate call, or any other function is left alone, as is
 * one whose rewritten row type would differ.
 */
@CalciteImmutable
@Value.Enclosing
public final class PreAggregateGroupingSetsRule extends RelRule<PreAggregateGroupingSetsRule.Config> {
  PreAggregateGroupingSetsRule(Config config) {
    super(config);
  }

  @Override public void onMatch(RelOptRuleCall call) {
    Aggregate aggregate = call.rel(0);
    ImmutableBitSet columns = aggregate.getGroupSet();
    int groupCount = columns.cardinality();
    if (aggregate.getInput().stripped() instanceof Aggregate input && input.getGroupType() == Aggregate.Group.SIMPLE
        && columns.equals(ImmutableBitSet.range(input.getGroupCount()))) {
      return; // its input already has one row per group of all its columns (this rule made it so)
    }
    List<AggregateCall> partials = new ArrayList<>();
    // Each call above: its function and its argument in the partial aggregate, or the call itself.
    List<SqlAggFunction> combines = new ArrayList<>();
    List<AggregateCall> kept = new ArrayList<>();
    // The partial aggregate's output: the grouping columns in order, then one column per partial.
    Mappings.TargetMapping toPartial = Mappings.target(columns.asList()::indexOf,
        aggregate.getInput().getRowType().getFieldCount(), groupCount);
    for (AggregateCall c : aggregate.getAggCallList()) {
      if (c.isDistinct() || c.isApproximate() || !c.getCollation().getFieldCollations().isEmpty()
          || !c.rexList.isEmpty()) {
        return;
      }
      SqlKind kind = c.getAggregation().getKind();
      if (kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID) {
        combines.add(null);
        kept.add(c.copy(Mappings.apply2((Mapping) toPartial, c.getArgList()), -1));
        continue;
      }
      SqlAggFunction combine = switch (kind) {
        case SUM -> SqlStdOperatorTable.SUM;
        case SUM0, COUNT -> SqlStdOperatorTable.SUM0;
        case MIN -> SqlStdOperatorTable.MIN;
        case MAX -> SqlStdOperatorTable.MAX;
        default -> null;
      };
      if (combine == null) {
        return;
      }
      combines.add(combine);
      kept.add(null);
      // Its type as a plain group's: a SUM of non-null values is not null there.
      partials.add(AggregateCall.create(c.getParserPosition(), c.getAggregation(), false, false,
          c.ignoreNulls(), c.rexList, c.getArgList(), c.filterArg, c.distinctKeys, c.getCollation(),
          groupCount, aggregate.getInput(), null, c.getName()));
    }
    LogicalAggregate partialAggregate = LogicalAggregate.create(aggregate.getInput(), List.of(),
        columns, null, partials);
    List<AggregateCall> finals = new ArrayList<>();
    int partial = groupCount;
    for (int i = 0; i < combines.size(); i++) {
      AggregateCall c = aggregate.getAggCallList().get(i);
      finals.add(combines.get(i) == null ? kept.get(i)
          : AggregateCall.create(combines.get(i), false, false, false, List.of(),
              List.of(partial++), -1, null, RelCollations.EMPTY, groupCount, partialAggregate,
              c.getType(), c.getName()));
    }
    List<ImmutableBitSet> sets = aggregate.getGroupSets().stream()
        .map(s -> Mappings.apply((Mapping) toPartial, s)).toList();
    Aggregate rolledUp = aggregate.copy(aggregate.getTraitSet(), partialAggregate,
        ImmutableBitSet.range(groupCount), sets, finals);
    // Each combining call keeps the type of the call it replaces, which Calcite checked against the
    // same grouping sets; the row type is then the same, but make sure.
    if (RelOptUtil.areRowTypesEqual(rolledUp.getRowType(), aggregate.getRowType(), false)) {
      call.transformTo(rolledUp);
    }
  }

  /** Rule configuration. */
  @Value.Immutable
  public interface Config extends RelRule.Config {
    Config DEFAULT = ImmutablePreAggregateGroupingSetsRule.Config.of()
        .withOperandSupplier(b -> b.operand(LogicalAggregate.class)
            .predicate(a -> a.getGroupType() != Aggregate.Group.SIMPLE).anyInputs());

    @Override default PreAggregateGroupingSetsRule toRule() {
      return new PreAggregateGroupingSetsRule(this);
    }
  }
}
