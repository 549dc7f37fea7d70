package dev.lakejdbc.rules.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.tools.Program;

/**
 * A phase after the cost-based planner that rewrites the physical plan bottom-up: each node is handed
 * its inputs already rewritten.
 */
abstract class BottomUpRewrite implements Program {
  @Override public final RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    return rewrite(rel);
  }

  private RelNode rewrite(RelNode node) {
    List<RelNode> inputs = new ArrayList<>();
    for (RelNode input : node.getInputs()) {
      inputs.add(rewrite(input));
    }
    return rewrite(node, inputs);
  }

  /** {@code node} over {@code inputs}, its own inputs rewritten. */
  abstract RelNode rewrite(RelNode node, List<RelNode> inputs);

  /** {@code node} itself if {@code inputs} are its inputs, else a copy of it over them. */
  static RelNode over(RelNode node, List<RelNode> inputs) {
    return inputs.equals(node.getInputs()) ? node : node.copy(node.getTraitSet(), inputs);
  }
}
