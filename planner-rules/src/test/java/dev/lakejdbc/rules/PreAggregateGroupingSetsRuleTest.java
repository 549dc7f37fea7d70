package dev.lakejdbc.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.rules.CoreRules;
import org.junit.jupiter.api.Test;

/**
 * {@link PreAggregateGroupingSetsRule}: an aggregate over several grouping sets reads one
 * pre-aggregation by all its grouping columns; what cannot be combined from partial results is left.
 */
class PreAggregateGroupingSetsRuleTest extends PlanTest {

  private Plans checkPhase(String sql) {
    return checkRules(sql, List.of(CoreRules.PROJECT_MERGE),
        List.of(LakePrograms.REDUCE_FUNCTIONS_OF_GROUPING_SETS),
        List.of(LakePrograms.PRE_AGGREGATE_GROUPING_SETS));
  }

  private static List<Aggregate> aggregates(Plans plans) {
    return nodes(plans.after(), Aggregate.class);
  }

  @Test void aRollupIsComputedFromItsFinestGroups() {
    Plans plans = checkPhase("SELECT branch_id, dt, sum(amount), count(*), min(qty), max(price) "
        + "FROM fact_orders GROUP BY ROLLUP(branch_id, dt)");
    List<Aggregate> aggregates = aggregates(plans);
    assertEquals(2, aggregates.size(), plans.afterText());
    assertEquals(Aggregate.Group.ROLLUP, aggregates.get(0).getGroupType(), plans.afterText());
    assertEquals(Aggregate.Group.SIMPLE, aggregates.get(1).getGroupType(), plans.afterText());
    assertEquals(2, aggregates.get(1).getGroupCount(), plans.afterText());
    assertContains(plans.afterText(), "$SUM0(");
  }

  @Test void anAverageIsReducedToASumAndACountFirst() {
    Plans plans = checkPhase("SELECT branch_id, qty, avg(amount), grouping(qty) "
        + "FROM fact_orders GROUP BY CUBE(branch_id, qty)");
    List<Aggregate> aggregates = aggregates(plans);
    assertEquals(2, aggregates.size(), plans.afterText());
    assertContains(plans.afterText(), "GROUPING(");
  }

  @Test void aDistinctCountIsLeftAlone() {
    Plans plans = checkPhase("SELECT branch_id, dt, count(DISTINCT qty) "
        + "FROM fact_orders GROUP BY ROLLUP(branch_id, dt)");
    assertEquals(1, aggregates(plans).size(), plans.afterText());
  }

  @Test void aPlainGroupByIsLeftAlone() {
    Plans plans = checkPhase("SELECT branch_id, sum(amount) FROM fact_orders GROUP BY branch_id");
    assertEquals(1, aggregates(plans).size(), plans.afterText());
  }
}
