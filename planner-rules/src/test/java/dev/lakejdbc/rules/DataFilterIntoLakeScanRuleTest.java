package dev.lakejdbc.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.junit.jupiter.api.Test;

/**
 * Data filter pushdown ({@link DataFilterIntoLakeScanRule}): which conjuncts of a Filter over a lake
 * scan are copied into the scan's {@code DataFilters}, which are named in {@code NoDataFilters} with
 * the reason, and that the Filter always stays. Before is the logical plan with the projection rule
 * applied (so that the Filter sits on the scan).
 */
class DataFilterIntoLakeScanRuleTest extends PlanTest {
  private static final List<RelOptRule> PRE = List.of(LakeRules.PROJECT_INTO_SCAN);
  private static final List<RelOptRule> RULE = List.of(LakeRules.DATA_FILTER_INTO_SCAN);

  private Plans check(String sql) {
    Plans plans = checkRules(sql, PRE, RULE);
    // Pushdown never removes a filter: the one above the scan decides which rows match.
    assertEquals(nodes(plans.before(), Filter.class).size(), nodes(plans.after(), Filter.class).size(),
        plans.afterText());
    return plans;
  }

  private static String dataFilters(Plans plans, String table) {
    return items(scan(plans.after(), table)).get("DataFilters");
  }

  private static String notPushed(Plans plans, String table) {
    return items(scan(plans.after(), table)).get("NoDataFilters");
  }

  @Test void equalityOnADataColumn() {
    Plans plans = check("SELECT order_id, amount FROM fact_orders WHERE order_id = 42");
    assertEquals("order_id = 42", dataFilters(plans, "fact_orders"));
    assertNull(notPushed(plans, "fact_orders"));
  }

  @Test void rangeInListAndNullTests() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE amount BETWEEN 10 AND 20 "
        + "AND qty IN (1, 2, 3) AND price IS NOT NULL AND customer_id IS NULL");
    String pushed = dataFilters(plans, "fact_orders");
    assertContains(pushed, "amount >= 10");
    assertContains(pushed, "amount <= 20");
    assertContains(pushed, "qty IN (1, 2, 3)");
    assertContains(pushed, "price IS NOT NULL");
    assertContains(pushed, "customer_id IS NULL");
  }

  @Test void notInAndInequality() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE qty NOT IN (1, 2) AND order_id <> 7");
    String pushed = dataFilters(plans, "fact_orders");
    assertContains(pushed, "qty");
    assertContains(pushed, "order_id <> 7");
  }

  @Test void parameter() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE customer_id = ?");
    assertEquals("customer_id = ?", dataFilters(plans, "fact_orders"));
  }

  @Test void valueComputedAtEachExecution() {
    Plans plans = check("SELECT day_name FROM dim_date WHERE date_id >= CURRENT_DATE - INTERVAL '7' DAY");
    assertContains(dataFilters(plans, "dim_date"), "CURRENT_DATE");
  }

  @Test void castThatLosesNothingIsPushed() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE CAST(qty AS BIGINT) = 5000000000");
    assertContains(dataFilters(plans, "fact_orders"), "CAST(qty AS BIGINT) = 5000000000");
  }

  @Test void castThatLosesIsNotPushedAndSaysSo() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE CAST(price AS INTEGER) = 5");
    assertNull(dataFilters(plans, "fact_orders"));
    assertContains(notPushed(plans, "fact_orders"), "CAST(price AS INTEGER) = 5: a CAST on the column");
  }

  @Test void functionOfTheColumnIsNotPushed() {
    Plans plans = check("SELECT customer_id FROM customers WHERE UPPER(segment) = 'RETAIL' "
        + "AND country = 'IN'");
    assertEquals("country = 'IN'", dataFilters(plans, "customers"));
    assertContains(notPushed(plans, "customers"), "a function of the column (UPPER)");
  }

  @Test void twoColumnsComparedAreNotPushed() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE qty > customer_id");
    assertNull(dataFilters(plans, "fact_orders"));
    assertContains(notPushed(plans, "fact_orders"), "compares two columns");
  }

  @Test void orOfPartitionAndDataColumnsIsNotPushed() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE dt = DATE '2026-07-08' OR amount > 100");
    assertNull(dataFilters(plans, "fact_orders"));
    assertContains(notPushed(plans, "fact_orders"), "mixes partition and data columns");
  }

  @Test void aPartOfAnAndWithinAnOrIsLeftOut() {
    // (a AND x) OR b keeps every row that (a OR b) keeps: x may be dropped, the rest is pushed.
    Plans plans = check("SELECT order_id FROM fact_orders "
        + "WHERE (order_id = 1 AND price * 2 > 3) OR order_id = 2");
    String pushed = dataFilters(plans, "fact_orders");
    assertContains(pushed, "order_id = 1");
    assertContains(pushed, "order_id = 2");
    assertFalse(pushed.contains("price"), pushed);
  }

  @Test void withThePartitionRuleEachTakesItsOwn() {
    Plans plans = checkRules("SELECT order_id FROM fact_orders "
            + "WHERE dt = DATE '2026-07-08' AND order_id < 100",
        PRE, List.of(LakeRules.PARTITION_FILTER_INTO_SCAN), RULE);
    assertEquals("dt = DATE '2026-07-08'", items(scan(plans.after(), "fact_orders")).get("PartitionFilters"));
    assertEquals("order_id < 100", dataFilters(plans, "fact_orders"));
  }

  @Test void theCostBasedPlannerKeepsTheDataFilter() {
    String sql = "SELECT order_id, amount FROM fact_orders WHERE order_id = 42";
    RelNode physical = TESTER.physical(sql);
    EnumerableLakeTableScan scan = nodes(physical, EnumerableLakeTableScan.class).get(0);
    assertEquals("order_id = 42", items(scan).get("DataFilters"), PlanTester.explain(physical));
    // And the rows are still filtered above it.
    assertTrue(PlanTester.explain(physical).contains("=($t0, $t"), PlanTester.explain(physical));
    check(sql, TESTER.logical(sql), physical);
  }

  @Test void offWithoutTheRule() {
    assertFalse(LakeRules.rules(true, false).contains(LakeRules.DATA_FILTER_INTO_SCAN));
    assertTrue(LakeRules.rules(true, true).contains(LakeRules.DATA_FILTER_INTO_SCAN));
  }
}
