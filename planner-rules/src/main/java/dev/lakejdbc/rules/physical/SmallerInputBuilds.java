package dev.lakejdbc.rules.physical;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.tools.Program;

/**
 * After the cost-based planner: every hash join whose right (build) input is estimated larger than
 * its left (probe) input is turned around, so that the smaller side is held in memory and the larger
 * one streams. Calcite's cost model does the opposite ("cheaper if the smaller number of rows is
 * coming from the LHS"), which hashes a whole fact table into memory whenever dynamic pruning does
 * not turn the join itself. Semi and anti joins keep their sides.
 */
public final class SmallerInputBuilds implements Program {
  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    return rewrite(rel);
  }

  private static RelNode rewrite(RelNode node) {
    List<RelNode> inputs = node.getInputs().stream().map(SmallerInputBuilds::rewrite).toList();
    RelNode copy = inputs.equals(node.getInputs()) ? node : node.copy(node.getTraitSet(), inputs);
    if (copy instanceof EnumerableHashJoin join && HashJoinSides.canSwap(join)
        && HashJoinSides.estimatedBytes(join.getRight())
            > HashJoinSides.estimatedBytes(join.getLeft())) {
      return HashJoinSides.swapped(join, join.getRight(), join.getLeft());
    }
    return copy;
  }
}
