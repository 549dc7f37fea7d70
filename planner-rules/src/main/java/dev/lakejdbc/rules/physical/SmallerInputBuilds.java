package dev.lakejdbc.rules.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.tools.Program;

/**
 * After the cost-based planner: every hash join whose right (build) input is estimated larger than
 * its left (probe) input is turned around, so that the smaller side is held in memory and the larger
 * one streams. Calcite's cost model does the opposite ("cheaper if the smaller number of rows is
 * coming from the LHS"), which hashes a whole fact table into memory whenever dynamic pruning does
 * not turn the join itself. Semi and anti joins keep their sides. A join whose output order the plan
 * relies on ({@link OutputOrder}) — its rows come in the order of its probe side, sorted below it —
 * is sorted again above when it is turned around.
 *
 * <p>Likewise an inner nested loop join (a join without an equality, such as a comparison with a
 * scalar sub-query's value) gets the input with fewer rows as its outer side: Calcite's nested loop
 * enumerates its inner input again for every outer row, so an aggregate of a fact table there runs
 * once per outer row (TPC-DS q44: 18,000 times over store_sales, past 60 s) instead of once.
 */
public final class SmallerInputBuilds implements Program {
  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    return rewrite(rel, OutputOrder.reliedOnAtRoot(rel, requiredOutputTraits));
  }

  private static RelNode rewrite(RelNode node, boolean orderReliedOn) {
    List<RelNode> inputs = new ArrayList<>();
    for (int i = 0; i < node.getInputs().size(); i++) {
      inputs.add(rewrite(node.getInput(i), OutputOrder.reliedOnInput(node, i, orderReliedOn)));
    }
    RelNode copy = inputs.equals(node.getInputs()) ? node : node.copy(node.getTraitSet(), inputs);
    // A join that sets correlation variables refers to its left row by position: kept as it is.
    if (copy instanceof EnumerableNestedLoopJoin loop && loop.getJoinType() == JoinRelType.INNER
        && loop.getVariablesSet().isEmpty()) {
      RelMetadataQuery mq = loop.getCluster().getMetadataQuery();
      Double outer = mq.getRowCount(loop.getLeft());
      Double inner = mq.getRowCount(loop.getRight());
      if (outer != null && inner != null && outer > inner
          && !(orderReliedOn && OutputOrder.order(loop.getTraitSet()) != null)) {
        return HashJoinSides.swapped(loop);
      }
      return copy;
    }
    if (copy instanceof EnumerableHashJoin join && HashJoinSides.canSwap(join)
        && HashJoinSides.estimatedBytes(join.getRight())
            > HashJoinSides.estimatedBytes(join.getLeft())) {
      RelCollation order = OutputOrder.order(join.getTraitSet());
      if (orderReliedOn && order != null) {
        // The rows came in the order of the probe side, which becomes the build side: its sort is
        // of no use there, and the join's rows are sorted instead (a sort can spill; a join that
        // must keep its order cannot).
        RelNode build = join.getLeft() instanceof EnumerableSort sort && sort.offset == null
            && sort.fetch == null ? sort.getInput() : join.getLeft();
        return EnumerableSort.create(HashJoinSides.swapped(join, join.getRight(), build), order, null,
            null);
      }
      return HashJoinSides.swapped(join, join.getRight(), join.getLeft());
    }
    return copy;
  }
}
