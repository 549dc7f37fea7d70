package dev.lakejdbc.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql.SqlKind;
import org.junit.jupiter.api.Test;

/**
 * Static partition pruning ({@link PartitionFilterIntoLakeScanRule}): which conjuncts of a Filter over
 * a lake scan move into the scan's {@code PartitionFilters}, and which stay above it. Before is the
 * logical plan with the projection rule applied (so that the Filter sits on the scan).
 */
class PartitionFilterIntoLakeScanRuleTest extends PlanTest {
  private static final List<RelOptRule> PRE = List.of(LakeRules.PROJECT_INTO_SCAN);
  private static final List<RelOptRule> RULE = List.of(LakeRules.PARTITION_FILTER_INTO_SCAN);

  private Plans check(String sql) {
    return checkRules(sql, PRE, RULE);
  }

  private static String partitionFilters(Plans plans) {
    return items(scan(plans.after(), "fact_orders")).get("PartitionFilters");
  }

  /** The one Filter left above the scan. */
  private static Filter residual(Plans plans) {
    List<Filter> filters = nodes(plans.after(), Filter.class);
    assertEquals(1, filters.size(), plans.afterText());
    return filters.get(0);
  }

  /** The names of the columns {@code filter}'s condition reads. */
  private static List<String> columnsRead(Filter filter) {
    List<String> names = filter.getInput().getRowType().getFieldNames();
    return RelOptUtil.InputFinder.bits(filter.getCondition()).asList().stream().map(names::get).toList();
  }

  @Test void equalityOnTheDate() {
    Plans plans = check("SELECT order_id, amount FROM fact_orders WHERE dt = DATE '2026-07-08'");
    assertEquals("dt = DATE '2026-07-08'", partitionFilters(plans));
    assertTrue(nodes(plans.after(), Filter.class).isEmpty(), plans.afterText());
  }

  @Test void rangeOnTheDateAndInequalityOnTheBranch() {
    Plans plans = check("SELECT order_id FROM fact_orders "
        + "WHERE dt BETWEEN DATE '2026-07-01' AND DATE '2026-07-07' AND branch_id <> 'B002'");
    assertContains(partitionFilters(plans), "dt >= DATE '2026-07-01' AND dt <= DATE '2026-07-07'");
    assertContains(partitionFilters(plans), "branch_id <> 'B002'");
    assertTrue(nodes(plans.after(), Filter.class).isEmpty(), plans.afterText());
  }

  @Test void castOfThePartitionColumn() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE CAST(dt AS VARCHAR) LIKE '2026-07-1%'");
    assertContains(partitionFilters(plans), "CAST(dt AS VARCHAR");
    assertTrue(nodes(plans.after(), Filter.class).isEmpty(), plans.afterText());
  }

  @Test void functionOfThePartitionColumn() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE LOWER(branch_id) = 'b001'");
    assertContains(partitionFilters(plans), "LOWER(branch_id)");
    assertTrue(nodes(plans.after(), Filter.class).isEmpty(), plans.afterText());
  }

  @Test void inListOfThreeDates() {
    Plans plans = check("SELECT order_id FROM fact_orders "
        + "WHERE dt IN (DATE '2026-07-01', DATE '2026-07-15', DATE '2026-07-30')");
    assertEquals("dt IN (DATE '2026-07-01', DATE '2026-07-15', DATE '2026-07-30')", partitionFilters(plans));
  }

  @Test void inListOfTwentyFiveDatesStaysOnePredicate() {
    String dates = IntStream.rangeClosed(1, 25)
        .mapToObj(d -> String.format("DATE '2026-07-%02d'", d)).collect(Collectors.joining(", "));
    Plans plans = check("SELECT order_id FROM fact_orders WHERE dt IN (" + dates + ")");
    // Past 20 values Calcite would join with VALUES; the driver's converter keeps one SEARCH.
    assertTrue(nodes(plans.before(), Join.class).isEmpty(), plans.beforeText());
    assertTrue(nodes(plans.before(), Values.class).isEmpty(), plans.beforeText());
    assertEquals("dt IN (" + dates + ")", partitionFilters(plans));
  }

  @Test void parameter() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE dt = ?");
    assertEquals("dt = ?", partitionFilters(plans));
  }

  @Test void conjunctMixingPartitionAndDataColumnsStaysAbove() {
    Plans plans = check("SELECT order_id FROM fact_orders "
        + "WHERE branch_id = 'B001' AND (dt = DATE '2026-07-08' OR amount > 100)");
    assertEquals("branch_id = 'B001'", partitionFilters(plans));
    Filter residual = residual(plans);
    // The OR is evaluated on rows, whole: it reads the date and amount.
    assertEquals(List.of("amount", "dt"), columnsRead(residual), residual.toString());
    assertTrue(residual.getCondition().isA(SqlKind.OR), residual.getCondition().toString());
  }

  @Test void onlyAMixedConjunctLeavesThePlanUnchanged() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE dt = DATE '2026-07-08' OR amount > 100");
    assertEquals(plans.beforeText(), plans.afterText());
    assertNull(partitionFilters(plans));
  }

  @Test void nonDeterministicConjunctsStayAbove() {
    Plans plans = check("SELECT order_id FROM fact_orders WHERE branch_id = 'B001' "
        + "AND CHAR_LENGTH(branch_id) + RAND_INTEGER(2) > 4 AND RAND() < 0.5");
    assertEquals("branch_id = 'B001'", partitionFilters(plans));
    Filter residual = residual(plans);
    String condition = residual.getCondition().toString();
    assertContains(condition, "RAND_INTEGER(2)");
    assertContains(condition, "RAND()");
    assertEquals(List.of("branch_id"), columnsRead(residual), condition);
  }

  @Test void derivedThroughTheJoinFromTheDimensionsFilter() {
    // The WHERE on the dimension's key goes into the join's dimension side; the transitive-predicate
    // rule copies it across f.dt = d.date_id onto the fact side, and the rule moves it into the scan.
    // (The two rules run one after the other: in one group they would loop, since the scan does not
    // report its partition filter as a predicate and the copy is made again after every push.)
    Plans plans = checkRules("SELECT f.order_id, d.day_name FROM fact_orders f "
            + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_id = DATE '2026-07-08'",
        List.of(LakeRules.PROJECT_INTO_SCAN, CoreRules.FILTER_INTO_JOIN),
        List.of(CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES), RULE);
    assertNull(items(scan(plans.before(), "fact_orders")).get("PartitionFilters"));
    assertEquals("dt = DATE '2026-07-08'", partitionFilters(plans));
    LakeTableScan dimension = scan(plans.after(), "dim_date");
    assertNull(dimension.partitionFilter(), "dim_date has no partition column");
  }
}
