package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableFilter;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/** What dynamic pruning requires of a dimension, each asked of its physical plan. */
final class DimensionChecks {
  private DimensionChecks() {}

  /** Whether evaluating the dimension twice would give the same rows (no RAND(), no such call). */
  static boolean isDeterministic(RelNode node) {
    List<RexNode> expressions = new ArrayList<>();
    if (node instanceof EnumerableCalc calc) {
      expressions.addAll(calc.getProgram().getExprList());
    } else if (node instanceof Filter filter) {
      expressions.add(filter.getCondition());
    } else if (node instanceof Project project) {
      expressions.addAll(project.getProjects());
    } else if (node instanceof Join join) {
      expressions.add(join.getCondition());
    }
    return expressions.stream().allMatch(RexUtil::isDeterministic)
        && node.getInputs().stream().allMatch(DimensionChecks::isDeterministic);
  }

  /**
   * Whether the dimension is filtered somewhere (Spark's "selective predicate"): without a filter its
   * keys are every key, and every fact partition that can join would be kept anyway. A scan filtered
   * at run time by another join's keys (dynamic pruning or a dynamic data filter) counts. A condition
   * that only says columns are not NULL does not: an inner join on the key implies as much, and the
   * planner copies such conditions across joins (Spark's {@code isLikelySelective} leaves them out too).
   */
  static boolean hasFilter(RelNode node) {
    boolean filters = (node instanceof EnumerableCalc calc && calc.getProgram().getCondition() != null
            && restricts(calc.getProgram().expandLocalRef(calc.getProgram().getCondition())))
        || (node instanceof EnumerableFilter filter && restricts(filter.getCondition()))
        || (node instanceof EnumerableLakeTableScan scan && (scan.partitionFilter() != null
            && restricts(scan.partitionFilter()) || !scan.dynamicPruning().isEmpty()
            || !scan.dynamicDataFilters().isEmpty()));
    return filters || node.getInputs().stream().anyMatch(DimensionChecks::hasFilter);
  }

  private static boolean restricts(RexNode condition) {
    return RelOptUtil.conjunctions(condition).stream().anyMatch(c -> c.getKind() != SqlKind.IS_NOT_NULL);
  }
}
