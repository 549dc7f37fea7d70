package dev.lakejdbc.rules.physical;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableWindow;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;

/**
 * After the cost-based planner: a window that computes only ranks ({@code RANK}, {@code DENSE_RANK},
 * {@code ROW_NUMBER}) of one partitioning and order, under a filter that keeps ranks up to a constant
 * ({@code rk <= 100}, {@code rk < 11}, {@code rk = 1}), gets a {@link WindowGroupLimit} below it: each
 * partition's rows past the limit are dropped before the window sorts its input, instead of after
 * (TPC-DS q67 ranks a rollup of millions of groups to keep 100 per category). A kept row's rank does
 * not change, since every row before it or tied with it is kept; ROW_NUMBER keeps the ties at the
 * limit too. Any other window function in the window (a SUM over the partition) needs every row, so
 * such a window is left alone.
 */
public final class WindowGroupLimits extends BottomUpRewrite {
  private static final Set<SqlKind> RANKS = Set.of(SqlKind.RANK, SqlKind.DENSE_RANK, SqlKind.ROW_NUMBER);

  @Override RelNode rewrite(RelNode node, List<RelNode> inputs) {
    RelNode copy = over(node, inputs);
    if (copy instanceof EnumerableCalc calc && calc.getInput() instanceof EnumerableWindow window) {
      RelNode limited = limited(calc.getProgram(), window);
      if (limited != null) {
        return calc.copy(calc.getTraitSet(), List.of(limited));
      }
    }
    return copy;
  }

  /** {@code window} over a {@link WindowGroupLimit} that {@code filter}'s condition allows; or null. */
  private static RelNode limited(RexProgram filter, EnumerableWindow window) {
    if (filter.getCondition() == null || window.groups.size() != 1) {
      return null;
    }
    Window.Group group = window.groups.get(0);
    if (group.aggCalls.stream().anyMatch(call -> !RANKS.contains(call.getOperator().getKind()))) {
      return null;
    }
    int inputFields = window.getInput().getRowType().getFieldCount();
    Integer limit = null;
    boolean dense = false;
    for (RexNode conjunct : RelOptUtil.conjunctions(filter.expandLocalRef(filter.getCondition()))) {
      RankBound bound = RankBound.of(conjunct);
      if (bound == null || bound.field() < inputFields || bound.limit() < 1) {
        continue;
      }
      boolean boundDense = group.aggCalls.get(bound.field() - inputFields).getOperator().getKind()
          == SqlKind.DENSE_RANK;
      if (limit == null || bound.limit() < limit) {
        limit = bound.limit();
        dense = boundDense;
      }
    }
    if (limit == null) {
      return null;
    }
    RelNode below = new WindowGroupLimit(window.getInput(), group.keys, group.orderKeys, dense, limit);
    return window.copy(window.getTraitSet(), List.of(below));
  }

  /** A conjunct {@code field <= limit} on an input field, in any of the forms that say so. */
  private record RankBound(int field, int limit) {
    static RankBound of(RexNode conjunct) {
      if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
        return null;
      }
      RexNode a = call.getOperands().get(0);
      RexNode b = call.getOperands().get(1);
      SqlKind kind = call.getKind();
      if (a instanceof RexLiteral && b instanceof RexInputRef) {
        RexNode t = a;
        a = b;
        b = t;
        kind = kind.reverse();
      }
      if (!(a instanceof RexInputRef ref) || !(b instanceof RexLiteral literal)
          || !(literal.getValue() instanceof BigDecimal value) || value.scale() > 0 || value.signum() <= 0
          || value.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
        return null;
      }
      int n = value.intValueExact();
      switch (kind) {
        case LESS_THAN_OR_EQUAL: case EQUALS: return new RankBound(ref.getIndex(), n);
        case LESS_THAN: return new RankBound(ref.getIndex(), n - 1);
        default: return null;
      }
    }
  }
}
