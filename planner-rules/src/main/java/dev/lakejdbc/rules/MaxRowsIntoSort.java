package dev.lakejdbc.rules;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.Program;

/**
 * A statement's {@code setMaxRows(n)} as a fetch on its top-level ORDER BY, so that the sort keeps only
 * the first n rows (a top-N) instead of sorting the whole input and then reading n of it: what DBeaver
 * sends when a column header is clicked. Only the outermost sort, under nothing but projections, is
 * limited; its own FETCH stays if it is smaller. The client still reads at most n rows either way.
 */
final class MaxRowsIntoSort implements Program {
  private final long maxRows;

  MaxRowsIntoSort(long maxRows) {
    this.maxRows = maxRows;
  }

  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    return maxRows > 0 && maxRows <= Integer.MAX_VALUE ? limited(rel) : rel;
  }

  private RelNode limited(RelNode rel) {
    if (rel instanceof Project project) {
      RelNode input = limited(project.getInput());
      return input == project.getInput() ? project
          : project.copy(project.getTraitSet(), List.of(input));
    }
    if (!(rel instanceof Sort sort) || sort.getCollation().getFieldCollations().isEmpty()
        || !fetchExceedsMaxRows(sort.fetch)) {
      return rel;
    }
    RexNode fetch = sort.getCluster().getRexBuilder().makeExactLiteral(BigDecimal.valueOf(maxRows));
    return sort.copy(sort.getTraitSet(), sort.getInput(), sort.getCollation(), sort.offset, fetch);
  }

  /** Whether the sort's own fetch (none, a literal or a parameter) may return more than maxRows. */
  private boolean fetchExceedsMaxRows(RexNode fetch) {
    if (fetch == null) {
      return true;
    }
    // A parameter's value is known only per execution: leave it to the fetch.
    return fetch instanceof RexLiteral literal && literal.getValueAs(Long.class) > maxRows;
  }
}
