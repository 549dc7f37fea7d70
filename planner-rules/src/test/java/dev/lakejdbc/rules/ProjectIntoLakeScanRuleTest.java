package dev.lakejdbc.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.core.Project;
import org.junit.jupiter.api.Test;

/**
 * The projection rule ({@link ProjectIntoLakeScanRule}): a Project over a lake scan narrows the scan
 * to the table columns it uses (fields numbered as in the table: order_id 0, customer_id 1, amount 2,
 * qty 3, price 4, dt 5, branch_id 6), and disappears when all it did was pick them in order.
 */
class ProjectIntoLakeScanRuleTest extends PlanTest {
  private static final List<RelOptRule> RULE = List.of(LakeRules.PROJECT_INTO_SCAN);

  private Plans check(String sql) {
    return checkRules(sql, List.of(), RULE);
  }

  private static int[] fields(Plans plans) {
    return scan(plans.after(), "fact_orders").fields();
  }

  @Test void dataColumnsInTableOrderLeaveNoProject() {
    Plans plans = check("SELECT order_id, amount FROM fact_orders");
    assertArrayEquals(new int[] {0, 2}, fields(plans));
    assertTrue(nodes(plans.after(), Project.class).isEmpty(), plans.afterText());
  }

  @Test void reorderedColumnsKeepAProjectThatReorders() {
    Plans plans = check("SELECT amount, order_id FROM fact_orders");
    assertArrayEquals(new int[] {0, 2}, fields(plans));
    assertEquals(1, nodes(plans.after(), Project.class).size(), plans.afterText());
  }

  @Test void expressionsReadOnlyTheirColumns() {
    Plans plans = check("SELECT amount * qty AS total, UPPER(branch_id) AS branch FROM fact_orders");
    assertArrayEquals(new int[] {2, 3, 6}, fields(plans));
    assertEquals(1, nodes(plans.after(), Project.class).size(), plans.afterText());
  }

  @Test void aColumnUsedTwiceIsReadOnce() {
    Plans plans = check("SELECT amount, amount + 1 AS more FROM fact_orders");
    assertArrayEquals(new int[] {2}, fields(plans));
  }

  @Test void onlyPartitionColumns() {
    Plans plans = check("SELECT DISTINCT dt, branch_id FROM fact_orders");
    assertArrayEquals(new int[] {5, 6}, fields(plans));
  }

  @Test void noColumnAtAll() {
    Plans plans = check("SELECT 42 AS answer FROM fact_orders");
    assertArrayEquals(new int[0], fields(plans));
  }

  @Test void bothSidesOfAJoin() {
    Plans plans = check("SELECT f.amount, d.day_name FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id");
    assertArrayEquals(new int[] {2, 5}, fields(plans));
    LakeTableScan dimension = scan(plans.after(), "dim_date");
    assertArrayEquals(new int[] {0, 2}, dimension.fields());
  }

  @Test void selectStarsIdentityProjectIsRemoved() {
    Plans plans = check("SELECT * FROM fact_orders");
    assertEquals(1, nodes(plans.before(), Project.class).size(), plans.beforeText());
    assertTrue(nodes(plans.after(), Project.class).isEmpty(), plans.afterText());
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6}, fields(plans));
  }

  @Test void underAFilterTheProjectAboveStays() {
    // The rule folds the Project the trimmer put right on the scan, under the Filter; the one above
    // the Filter is not on a scan.
    Plans plans = check("SELECT order_id FROM fact_orders WHERE qty > 3");
    assertArrayEquals(new int[] {0, 3}, fields(plans));
    assertEquals(1, nodes(plans.after(), Project.class).size(), plans.afterText());
  }
}
