package dev.lakejdbc.rules;

import org.apache.calcite.CalciteImmutable;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.immutables.value.Value;

/**
 * Pulls the conjuncts common to every branch of an OR out of it, in a Filter or a Join condition:
 * {@code (a = x AND p) OR (a = x AND q)} becomes {@code a = x AND (p OR q)}. A join condition hidden in
 * every branch (TPC-DS q13, q48 join their dimensions that way) then becomes a conjunct that the join
 * rules see: an equi-join instead of a nested loop over the cross product, and a key dynamic pruning
 * can use.
 */
@CalciteImmutable
@Value.Enclosing
public final class PullOrFactorsRule extends RelRule<PullOrFactorsRule.Config> {
  PullOrFactorsRule(Config config) {
    super(config);
  }

  @Override public void onMatch(RelOptRuleCall call) {
    RelNode rel = call.rel(0);
    RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
    if (rel instanceof Filter filter) {
      RexNode pulled = pulled(rexBuilder, filter.getCondition());
      if (pulled != null) {
        call.transformTo(filter.copy(filter.getTraitSet(), filter.getInput(), pulled));
      }
    } else if (rel instanceof Join join) {
      RexNode pulled = pulled(rexBuilder, join.getCondition());
      if (pulled != null) {
        call.transformTo(join.copy(join.getTraitSet(), pulled, join.getLeft(), join.getRight(),
            join.getJoinType(), join.isSemiJoinDone()));
      }
    }
  }

  /** The condition with common OR factors pulled out, or null when it has none. */
  private static RexNode pulled(RexBuilder rexBuilder, RexNode condition) {
    if (!RexUtil.find(SqlKind.OR).contains(condition)) {
      return null;
    }
    RexNode pulled = RexUtil.pullFactors(rexBuilder, condition);
    return pulled.equals(condition) ? null : pulled;
  }

  /** Rule configuration. */
  @Value.Immutable
  public interface Config extends RelRule.Config {
    Config FILTER = ImmutablePullOrFactorsRule.Config.of()
        .withOperandSupplier(b -> b.operand(Filter.class).anyInputs());
    Config JOIN = ImmutablePullOrFactorsRule.Config.of()
        .withOperandSupplier(b -> b.operand(Join.class).anyInputs());

    @Override default PullOrFactorsRule toRule() {
      return new PullOrFactorsRule(this);
    }
  }
}
