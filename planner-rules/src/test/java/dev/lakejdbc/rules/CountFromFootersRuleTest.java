package dev.lakejdbc.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql.SqlKind;
import org.junit.jupiter.api.Test;

/**
 * COUNT(*) from Parquet footers ({@link CountFromFootersRule}): an Aggregate of only COUNT(*), grouped
 * by nothing or by partition columns, over a lake scan becomes a SUM0 of the per-file row counts of a
 * row-count scan ({@code RowCountsFromFooters}). Before is the logical plan with the projection rule
 * (and, where the query filters partitions, the partition filter rule) applied.
 */
class CountFromFootersRuleTest extends PlanTest {
  private static final List<RelOptRule> PRE =
      List.of(LakeRules.PROJECT_INTO_SCAN, LakeRules.PARTITION_FILTER_INTO_SCAN);
  private static final List<RelOptRule> RULE = List.of(LakeRules.COUNT_FROM_FOOTERS);

  private Plans check(String sql) {
    return checkRules(sql, PRE, RULE);
  }

  private static LakeTableScan fact(Plans plans) {
    return scan(plans.after(), "fact_orders");
  }

  private static void assertFired(Plans plans, int[] groupFields) {
    LakeTableScan scan = fact(plans);
    assertTrue(scan.rowCounts(), plans.afterText());
    assertArrayEquals(groupFields, scan.fields(), "the scan yields the group columns, then $rows");
    Aggregate aggregate = nodes(plans.after(), Aggregate.class).get(0);
    assertTrue(aggregate.getAggCallList().stream()
        .allMatch(c -> c.getAggregation().getKind() == SqlKind.SUM0), plans.afterText());
  }

  private static void assertNotFired(Plans plans) {
    assertEquals(plans.beforeText(), plans.afterText());
    assertFalse(fact(plans).rowCounts(), plans.afterText());
  }

  @Test void countStar() {
    assertFired(check("SELECT count(*) FROM fact_orders"), new int[0]);
  }

  @Test void countStarGroupedByTheDate() {
    assertFired(check("SELECT dt, count(*) AS orders FROM fact_orders GROUP BY dt"), new int[] {5});
  }

  @Test void countStarGroupedByBothPartitionColumns() {
    // The columns in another order than the table's leave a Project between the Aggregate and the
    // scan; Calcite's AGGREGATE_PROJECT_MERGE, one of the cost-based planner's rules, removes it.
    Plans plans = checkRules("SELECT branch_id, dt, count(*) FROM fact_orders GROUP BY branch_id, dt",
        List.of(LakeRules.PROJECT_INTO_SCAN, CoreRules.AGGREGATE_PROJECT_MERGE), RULE);
    assertFired(plans, new int[] {5, 6});
  }

  @Test void countStarOfPrunedPartitions() {
    Plans plans = check("SELECT count(*) FROM fact_orders WHERE dt >= DATE '2026-07-25'");
    assertFired(plans, new int[0]);
    assertEquals("dt >= DATE '2026-07-25'", items(fact(plans)).get("PartitionFilters"));
  }

  @Test void twoCountStars() {
    assertFired(check("SELECT count(*) AS a, count(*) AS b FROM fact_orders"), new int[0]);
  }

  @Test void countOfAColumnIsNotFromFooters() {
    // A column's count skips its NULLs: only its pages know how many there are.
    assertNotFired(check("SELECT count(order_id) FROM fact_orders"));
  }

  @Test void countDistinctIsNotFromFooters() {
    assertNotFired(check("SELECT count(DISTINCT dt) FROM fact_orders"));
  }

  @Test void groupedByADataColumnIsNotFromFooters() {
    assertNotFired(check("SELECT customer_id, count(*) FROM fact_orders GROUP BY customer_id"));
  }

  @Test void countStarBesideAnotherAggregateIsNotFromFooters() {
    assertNotFired(check("SELECT count(*), sum(amount) FROM fact_orders"));
  }

  @Test void countStarOfFilteredRowsIsNotFromFooters() {
    assertNotFired(check("SELECT count(*) FROM fact_orders WHERE amount > 100"));
  }
}
