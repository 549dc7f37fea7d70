package dev.lakejdbc.rules.physical;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableIntersect;
import org.apache.calcite.adapter.enumerable.EnumerableMinus;
import org.apache.calcite.adapter.enumerable.EnumerableUnion;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;

/**
 * Whether the plan above a node relies on the order of the node's rows. The cost-based planner may
 * sort below a hash join and let the join's probe side carry the order up to the result (an
 * {@code ORDER BY} on the preserved side of an outer join, pushed below it, then no sort at the top).
 * Such a join must keep its sides, and must not spill (which returns rows partition by partition).
 * Walked top down by the programs after the planner: the result's order is relied on when the query
 * has one; an input that has no order (no collation among its traits) gives none to rely on; a sort
 * or a hash aggregation, union, intersection or difference does not care in which order its input
 * comes; a Calc, projection or filter passes the question down; a hash join passes it to its probe
 * (left) input only; any other operator (a limit, a merge union, a window, a sorted aggregate, the
 * driver's own nodes) is taken to rely on its input's order whenever that input has one.
 */
public final class OutputOrder {
  private OutputOrder() {}

  /** Whether the result's order is relied on: the query has an ORDER BY at its top. */
  public static boolean reliedOnAtRoot(RelNode root, RelTraitSet requiredOutputTraits) {
    return ordered(root) || (requiredOutputTraits != null && order(requiredOutputTraits) != null);
  }

  /**
   * The order a node's rows come in, by its traits: the first of its collations that sorts by
   * something (a node may have several, e.g. one per copy of a sorted column), or null for none.
   */
  public static RelCollation order(RelTraitSet traits) {
    List<RelCollation> collations = traits.getTraits(RelCollationTraitDef.INSTANCE);
    if (collations == null) {
      return null;
    }
    return collations.stream().filter(c -> !c.getFieldCollations().isEmpty()).findFirst()
        .orElse(null);
  }

  /**
   * Whether the order of {@code parent}'s input number {@code input} is relied on, given whether
   * {@code parent}'s own order is.
   */
  public static boolean reliedOnInput(RelNode parent, int input, boolean parentReliedOn) {
    if (!ordered(parent.getInput(input))) {
      return false;
    }
    if (parent instanceof Sort sort && !sort.getCollation().getFieldCollations().isEmpty()) {
      return false;
    }
    if (parent instanceof EnumerableAggregate || parent instanceof EnumerableUnion
        || parent instanceof EnumerableIntersect || parent instanceof EnumerableMinus) {
      return false;
    }
    if (parent instanceof EnumerableHashJoin) {
      return input == 0 && parentReliedOn;
    }
    if (parent instanceof Calc || parent instanceof Project || parent instanceof Filter) {
      return parentReliedOn;
    }
    return true;
  }

  private static boolean ordered(RelNode node) {
    return order(node.getTraitSet()) != null;
  }
}
