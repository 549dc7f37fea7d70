package dev.lakejdbc.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableLimitSort;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexLiteral;
import org.junit.jupiter.api.Test;

/**
 * The phases the driver's program ({@link LakePrograms}) adds around Calcite's cost-based planner:
 * filters down before costs are weighed (OR factors, each table's part of an OR, through aggregates and
 * unions), the join order of many-table queries, and {@code setMaxRows} as a top-N.
 */
class LakeProgramsTest extends PlanTest {
  private Plans checkFiltersDown(String sql) {
    RelNode logical = TESTER.logical(sql);
    return check(sql, logical, PlanTester.filtersDown(logical));
  }

  private Plans checkPhysical(String sql, long maxRows) {
    return check(sql, TESTER.logical(sql), TESTER.physical(sql, maxRows));
  }

  /** Every join's condition, as EXPLAIN shows it. */
  private static List<String> joinConditions(RelNode rel) {
    return nodes(rel, Join.class).stream().map(j -> j.getCondition().toString()).toList();
  }

  @Test void joinConditionRepeatedInEveryOrBranchBecomesAJoinCondition() {
    Plans plans = checkFiltersDown("SELECT count(*) FROM fact_orders f, dim_date d "
        + "WHERE (f.dt = d.date_id AND d.date_type = 'holiday' AND f.qty > 1) "
        + "OR (f.dt = d.date_id AND d.date_type = 'weekend' AND f.qty < 3)");
    List<String> conditions = joinConditions(plans.after());
    assertEquals(1, conditions.size(), plans.afterText());
    assertTrue(conditions.get(0).startsWith("AND(=(") || conditions.get(0).startsWith("=("),
        "an equality in the join: " + conditions);
    // Each table's part of the OR reaches the table.
    String dimensionFilter = nodes(plans.after(), Filter.class).stream()
        .filter(f -> f.getInput() instanceof dev.lakejdbc.adapter.scan.LakeTableScan s
            && s.source().name().equals("dim_date"))
        .map(f -> f.getCondition().toString()).findFirst().orElse(null);
    assertContains(dimensionFilter, "holiday");
    assertContains(dimensionFilter, "weekend");
  }

  @Test void filterOnAGroupingKeyGoesBelowTheAggregateAndIntoEachUnionBranch() {
    Plans plans = checkFiltersDown("WITH totals AS ("
        + "SELECT d.date_type AS m, 'o' AS kind, sum(f.amount) AS total FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id GROUP BY d.date_type "
        + "UNION ALL SELECT d.date_type, 'p', sum(p.discount_pct) FROM promotions p "
        + "JOIN dim_date d ON p.date_id = d.date_id GROUP BY d.date_type) "
        + "SELECT m, total FROM totals WHERE m = 'holiday' AND kind = 'o'");
    Aggregate aggregate = nodes(plans.after(), Aggregate.class).get(0);
    assertTrue(nodes(aggregate, Filter.class).stream()
        .anyMatch(f -> f.getCondition().toString().contains("holiday")), "date_type = 'holiday' below the aggregate: "
        + plans.afterText());
    assertEquals(1, nodes(plans.after(), Aggregate.class).size(),
        "the branch of kind 'p' is gone: " + plans.afterText());
  }

  /**
   * A standard deviation and a variance reach the cost-based planner as sums and counts (with an
   * average left as it is), so that Volcano does not explore the reduction's projections.
   */
  @Test void variancesAreSumsAndCountsBeforeTheCostBasedPlanner() {
    Plans plans = checkRules("SELECT branch_id, stddev_samp(qty), var_pop(amount), avg(qty) "
        + "FROM fact_orders GROUP BY branch_id", List.of(),
        List.of(LakePrograms.REDUCE_VARIANCES));
    List<Aggregate> aggregates = nodes(plans.after(), Aggregate.class);
    assertEquals(1, aggregates.size(), plans.afterText());
    List<String> functions = aggregates.get(0).getAggCallList().stream()
        .map(call -> call.getAggregation().getKind().name()).toList();
    assertFalse(functions.contains("STDDEV_SAMP") || functions.contains("VAR_POP"), plans.afterText());
    assertTrue(functions.contains("SUM") && functions.contains("COUNT"), plans.afterText());
    assertTrue(functions.contains("AVG"), "AVG is left as it is: " + plans.afterText());
  }

  @Test void fourTablesAreOrderedWithAnEquiJoinEach() {
    Plans plans = checkPhysical("SELECT c.segment, b.region, count(*) FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id JOIN branches b ON f.branch_id = b.branch_id "
        + "JOIN customers c ON f.customer_id = c.customer_id "
        + "WHERE d.date_type = 'holiday' AND b.region = 'West' GROUP BY c.segment, b.region", 0);
    List<Join> joins = nodes(plans.after(), Join.class);
    assertEquals(3, joins.size(), plans.afterText());
    for (Join join : joins) {
      assertFalse(join.analyzeCondition().leftKeys.isEmpty(), "an equi-join: " + join);
    }
  }

  @Test void joinKeysOfTwoTypesMakeAnEquiJoin() {
    // customer_id is INTEGER in the fact and compared with a BIGINT expression: the CAST is
    // computed below the join instead of making it a nested loop.
    Plans plans = checkPhysical("SELECT count(*) FROM fact_orders f, customers c "
        + "WHERE CAST(f.customer_id AS BIGINT) = c.customer_id + 0 AND c.segment = 'retail'", 0);
    List<Join> joins = nodes(plans.after(), Join.class);
    assertEquals(1, joins.size(), plans.afterText());
    assertFalse(joins.get(0).analyzeCondition().leftKeys.isEmpty(), plans.afterText());
    assertTrue(nodes(plans.after(), org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin.class)
        .isEmpty(), plans.afterText());
  }

  @Test void correlationRepeatedInEveryOrBranchOfASubQueryDecorrelates() {
    // TPC-DS q41's shape: the sub-query's correlation sits in both branches of an OR.
    Plans plans = checkPhysical("SELECT DISTINCT c1.segment FROM customers c1 "
        + "WHERE c1.customer_id BETWEEN 10 AND 50 AND (SELECT count(*) FROM customers c2 "
        + "WHERE (c2.country = c1.country AND c2.segment = 'retail') "
        + "OR (c2.country = c1.country AND c2.segment = 'online')) > 0", 0);
    assertTrue(nodes(plans.after(), org.apache.calcite.rel.core.Correlate.class).isEmpty(),
        "decorrelated: " + plans.afterText());
    assertTrue(nodes(plans.after(), org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin.class)
        .isEmpty(), "no nested loop: " + plans.afterText());
  }

  @Test void maxRowsMakesTheTopLevelOrderByATopN() {
    Plans plans = checkPhysical("SELECT order_id, amount FROM fact_orders ORDER BY amount DESC", 7);
    List<EnumerableLimitSort> topN = nodes(plans.after(), EnumerableLimitSort.class);
    assertEquals(1, topN.size(), plans.afterText());
    assertEquals(7L, ((RexLiteral) topN.get(0).fetch).getValueAs(Long.class));
    assertTrue(nodes(plans.after(), EnumerableSort.class).isEmpty(), "no full sort: " + plans.afterText());
  }

  @Test void maxRowsKeepsASmallerLimit() {
    Plans plans = checkPhysical("SELECT order_id FROM fact_orders ORDER BY order_id LIMIT 3", 7);
    Sort sort = nodes(plans.after(), Sort.class).get(0);
    assertEquals(3L, ((RexLiteral) sort.fetch).getValueAs(Long.class));
  }

  @Test void joinTurnedAroundBelowAnOrderedResultIsSortedAgain() {
    // Volcano sorts the customers below the outer join and lets the join carry their order up to
    // the result. The fact is the larger side, so the join is turned around to stream it, which
    // returns the fact's order: the join's rows are sorted instead.
    Plans plans = checkPhysical("SELECT c.customer_id, f.order_id FROM customers c "
        + "LEFT JOIN fact_orders f ON f.customer_id = c.customer_id ORDER BY c.customer_id", 0);
    Join join = nodes(plans.after(), Join.class).get(0);
    assertEquals(org.apache.calcite.rel.core.JoinRelType.RIGHT, join.getJoinType(), plans.afterText());
    List<EnumerableSort> sorts = nodes(plans.after(), EnumerableSort.class);
    assertEquals(1, sorts.size(), plans.afterText());
    assertTrue(nodes(sorts.get(0), Join.class).contains(join), "sorted above the join: "
        + plans.afterText());
  }

  @Test void aNestedLoopJoinEnumeratesTheSideWithMoreRowsOnce() {
    // The comparison with a scalar sub-query's value is a join without an equality: a nested loop,
    // whose inner input Calcite enumerates again for every outer row.
    String sql = "SELECT customer_id, sum(amount) FROM fact_orders GROUP BY customer_id "
        + "HAVING sum(amount) > (SELECT avg(amount) FROM fact_orders WHERE qty > 2)";
    RelNode physical = TESTER.physical(sql, 0);
    List<org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin> loops =
        nodes(physical, org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin.class);
    assertEquals(1, loops.size(), PlanTester.explain(physical));
    var mq = physical.getCluster().getMetadataQuery();
    assertTrue(mq.getRowCount(loops.get(0).getLeft()) <= mq.getRowCount(loops.get(0).getRight()),
        "the outer (left) side has the fewer rows: " + PlanTester.explain(physical));
    assertEquals(1.0, mq.getRowCount(loops.get(0).getLeft()), PlanTester.explain(physical));
  }
}
