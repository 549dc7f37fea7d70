package dev.lakejdbc.rules;

import java.util.List;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.tools.Program;

/**
 * Runs a program on the plan of every sub-query ({@code EXISTS}, {@code IN}, scalar), innermost first,
 * before sub-queries become joins. Hep planners do not look inside sub-queries, and what a correlated
 * sub-query looks like then decides whether the decorrelator can turn it into a join: TPC-DS q41
 * repeats its correlation {@code i_manufact = i1.i_manufact} in both branches of an OR, which only
 * decorrelates once the common factor is out of the OR.
 */
final class InsideSubQueries implements Program {
  private final Program program;

  InsideSubQueries(Program program) {
    this.program = program;
  }

  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override public RelNode visit(RelNode other) {
        return super.visit(other).accept(new RexShuttle() {
          @Override public RexNode visitSubQuery(RexSubQuery subQuery) {
            RelNode inner = subQuery.rel;
            RelNode rewritten = program.run(planner, run(planner, inner, inner.getTraitSet(),
                materializations, lattices), inner.getTraitSet(), materializations, lattices);
            return rewritten == inner ? subQuery : subQuery.clone(rewritten);
          }
        });
      }
    });
  }
}
