package dev.lakejdbc.rules.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import dev.lakejdbc.rules.PlanTest;
import dev.lakejdbc.rules.PlanTester;
import dev.lakejdbc.rules.physical.HashJoinSides;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableLimitSort;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexLiteral;
import org.junit.jupiter.api.Test;

/**
 * The driver's last program ({@link MemoryBoundedOperators}), run on the plan the earlier phases and
 * dynamic pruning chose: every sort, top-N, hash join and grouped aggregation becomes its
 * memory-bounded twin with the same inputs, sides and limits — a top-N stays a top-N, also where the
 * planner pushed it into a union's branches or below a join, and a hash join keeps the build side
 * {@code SmallerInputBuilds} chose — and EXPLAIN shows the same plan as before. The reference file's
 * plan after names each node's class and, for the memory-bounded ones, how messages and
 * {@code sys.queries} name them.
 */
class MemoryBoundedOperatorsTest extends PlanTest {
  private Plans check(String sql, long maxRows) {
    RelNode before = TESTER.dynamicPruning(TESTER.physical(sql, maxRows));
    RelNode after = PlanTester.memoryBounded(before);
    Plans plans = check(sql, before, after, operators(after));
    assertEquals(plans.beforeText(), plans.afterText(), "EXPLAIN shows the plan unchanged");
    assertTrue(after instanceof QueryMemoryScope, "the plan runs in a memory scope: " + after);
    assertEquals(before.getRowType(), after.getRowType());
    for (Class<?> type : List.of(EnumerableSort.class, EnumerableLimitSort.class,
        EnumerableHashJoin.class)) {
      assertEquals(nodes(before, type).size(), nodes(after, type).size(), type.getSimpleName());
      for (Object node : nodes(after, type)) {
        assertTrue(node instanceof MemoryBounded, "memory-bounded: " + node);
      }
    }
    return plans;
  }

  private Plans check(String sql) {
    return check(sql, 0);
  }

  /** The plan as class names, with what each memory-bounded operator is called and may do. */
  static String operators(RelNode rel) {
    StringBuilder out = new StringBuilder();
    write(rel, 0, out);
    return out.toString();
  }

  private static void write(RelNode rel, int depth, StringBuilder out) {
    out.append("  ".repeat(depth)).append(rel.getClass().getSimpleName());
    if (rel instanceof MemoryBounded bounded) {
      out.append("[").append(bounded.operator().description())
          .append(bounded.operator().notSpillable() == null ? "" : ", cannot spill").append("]");
    } else if (rel instanceof LakeTableScan scan) {
      out.append("[").append(scan.source().name()).append("]");
    }
    out.append('\n');
    for (RelNode input : rel.getInputs()) {
      write(input, depth + 1, out);
    }
  }

  private static long fetch(Sort sort) {
    return ((RexLiteral) sort.fetch).getValueAs(Long.class);
  }

  @Test void orderByWithALimitIsATopNOfItsRows() {
    Plans plans = check("SELECT order_id, customer_id, amount FROM fact_orders ORDER BY amount LIMIT 10");
    List<MemoryBoundedLimitSort> topN = nodes(plans.after(), MemoryBoundedLimitSort.class);
    assertEquals(1, topN.size(), plans.afterText());
    assertEquals(10, fetch(topN.get(0)));
    assertEquals("ORDER BY amount LIMIT 10", topN.get(0).operator().description());
    assertTrue(nodes(plans.after(), MemoryBoundedSort.class).isEmpty(), "no full sort");
  }

  @Test void maxRowsOnAnOrderedQueryIsATopN() {
    // DBeaver's click on a column header: setMaxRows(200) and ORDER BY ... DESC.
    Plans plans = check("SELECT * FROM fact_orders ORDER BY order_id DESC", 200);
    List<MemoryBoundedLimitSort> topN = nodes(plans.after(), MemoryBoundedLimitSort.class);
    assertEquals(1, topN.size(), plans.afterText());
    assertEquals(200, fetch(topN.get(0)));
    assertTrue(nodes(plans.after(), MemoryBoundedSort.class).isEmpty(), "no full sort");
  }

  @Test void topNOfAUnionIsATopNInEachBranch() {
    Plans plans = check("SELECT order_id AS id FROM fact_orders WHERE qty > 1 "
        + "UNION ALL SELECT customer_id FROM customers ORDER BY id DESC LIMIT 5");
    // Each branch keeps its first 5; above the union, a merge of the sorted branches or a top-N of
    // their 10 rows (which one the estimates decide) stops after 5.
    List<MemoryBoundedLimitSort> topN = nodes(plans.after(), MemoryBoundedLimitSort.class);
    assertTrue(topN.size() >= 2, "in each branch: " + plans.afterText());
    topN.forEach(sort -> assertEquals(5, fetch(sort)));
    assertTrue(nodes(plans.after(), MemoryBoundedSort.class).isEmpty(), "no full sort");
  }

  @Test void topNOfAnOuterJoinIsATopNBelowItToo() {
    Plans plans = check("SELECT f.order_id, c.segment FROM fact_orders f "
        + "LEFT JOIN customers c ON f.customer_id = c.customer_id ORDER BY f.order_id LIMIT 5");
    List<MemoryBoundedLimitSort> topN = nodes(plans.after(), MemoryBoundedLimitSort.class);
    assertEquals(2, topN.size(), "above the join and on its preserved side: " + plans.afterText());
    topN.forEach(sort -> assertEquals(5, fetch(sort)));
    assertTrue(nodes(plans.after(), MemoryBoundedSort.class).isEmpty(), "no full sort");
    assertEquals(1, nodes(plans.after(), MemoryBoundedHashJoin.class).size(), plans.afterText());
  }

  @Test void orderByWithoutALimitIsAnExternalSort() {
    Plans plans = check("SELECT customer_id, segment FROM customers ORDER BY segment, customer_id DESC");
    List<MemoryBoundedSort> sorts = nodes(plans.after(), MemoryBoundedSort.class);
    assertEquals(1, sorts.size(), plans.afterText());
    assertEquals("ORDER BY segment, customer_id DESC", sorts.get(0).operator().description());
    assertNull(sorts.get(0).operator().notSpillable());
  }

  @Test void hashJoinKeepsTheSmallerInputAsItsBuildSide() {
    Plans plans = check("SELECT c.segment, f.amount FROM customers c "
        + "JOIN fact_orders f ON f.customer_id = c.customer_id WHERE f.qty > 2");
    List<MemoryBoundedHashJoin> joins = nodes(plans.after(), MemoryBoundedHashJoin.class);
    assertEquals(1, joins.size(), plans.afterText());
    MemoryBoundedHashJoin join = joins.get(0);
    assertTrue(HashJoinSides.estimatedBytes(join.getRight())
        <= HashJoinSides.estimatedBytes(join.getLeft()), "the smaller side is built: " + plans.afterText());
    assertTrue(nodes(join.getRight(), LakeTableScan.class).stream()
        .allMatch(s -> s.source().name().equals("customers")), plans.afterText());
    assertNull(join.operator().notSpillable());
  }

  @Test void groupedAggregationsAreBoundedAndCollectingOnesLeftToCalcite() {
    Plans plans = check("SELECT segment, count(*), max(country) FROM customers GROUP BY segment "
        + "UNION ALL SELECT segment, count(*), LISTAGG(country, ',') FROM customers GROUP BY segment");
    List<EnumerableAggregate> aggregates = nodes(plans.after(), EnumerableAggregate.class);
    assertEquals(2, aggregates.size(), plans.afterText());
    assertEquals(1, aggregates.stream().filter(a -> a instanceof MemoryBoundedAggregate).count(),
        "LISTAGG collects its values, which the budget cannot see: " + plans.afterText());
  }

  @Test void twoOperatorsOfOneDescriptionAreNumbered() {
    Plans plans = check("SELECT segment, count(*) FROM customers GROUP BY segment "
        + "UNION ALL SELECT segment, count(*) FROM customers WHERE country = 'DE' GROUP BY segment");
    List<String> names = nodes(plans.after(), MemoryBoundedAggregate.class).stream()
        .map(a -> a.operator().description()).sorted().toList();
    assertEquals(List.of("GROUP BY segment", "GROUP BY segment (2)"), names, plans.afterText());
  }

  @Test void orderedOuterSideOfAJoinTurnedAroundIsSortedAboveIt() {
    // Volcano sorts the customers below the join and lets the join carry their order up; the
    // fact is the larger side, so SmallerInputBuilds builds the customers and sorts the join's rows.
    Plans plans = check("SELECT c.customer_id, f.order_id FROM customers c "
        + "LEFT JOIN fact_orders f ON f.customer_id = c.customer_id ORDER BY c.customer_id");
    MemoryBoundedHashJoin join = nodes(plans.after(), MemoryBoundedHashJoin.class).get(0);
    assertTrue(nodes(join.getLeft(), LakeTableScan.class).get(0).source().name().equals("fact_orders"),
        "the fact streams: " + plans.afterText());
    assertNull(join.operator().notSpillable(), "the join may spill: its order is not relied on");
    List<MemoryBoundedSort> sorts = nodes(plans.after(), MemoryBoundedSort.class);
    assertEquals(1, sorts.size(), plans.afterText());
    assertEquals("ORDER BY customer_id", sorts.get(0).operator().description());
    assertTrue(nodes(sorts.get(0), MemoryBoundedHashJoin.class).contains(join),
        "the sort is above the join: " + plans.afterText());
  }

  @Test void joinWhoseOrderIsReliedOnKeepsItsSidesAndCannotSpill() {
    // The order comes from the fact sorted below the join, which keeps it as its probe side.
    Plans plans = check("SELECT f.order_id, c.segment FROM fact_orders f "
        + "LEFT JOIN customers c ON f.customer_id = c.customer_id ORDER BY f.order_id");
    MemoryBoundedHashJoin join = nodes(plans.after(), MemoryBoundedHashJoin.class).get(0);
    assertTrue(join.getLeft() instanceof MemoryBoundedSort, plans.afterText());
    assertEquals(MemoryBoundedOperators.ORDER_RELIED_ON, join.operator().notSpillable());
  }

  @Test void dynamicallyPrunedStarJoinKeepsItsPruning() {
    Plans plans = check("SELECT d.date_id, c.segment, sum(f.amount) FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id JOIN customers c ON f.customer_id = c.customer_id "
        + "WHERE d.date_type = 'holiday' GROUP BY d.date_id, c.segment ORDER BY 3 DESC LIMIT 20");
    String fact = items(scan(plans.after(), "fact_orders")).toString();
    assertTrue(fact.contains("DynamicPruning") || fact.contains("JoinedPartitionWise"),
        "pruned as before: " + plans.afterText());
    assertEquals(1, nodes(plans.after(), MemoryBoundedLimitSort.class).size(), plans.afterText());
  }

  @Test void aColumnSelectedTwiceGivesTheResultTwoOrders() {
    // The Calc above the top-N is sorted by each copy of amount: several collations in one trait
    // set, which OutputOrder reads one by one (the differential test found getTrait failing on it).
    Plans plans = check("SELECT amount, amount, order_id FROM fact_orders "
        + "ORDER BY 1 DESC NULLS LAST, 2 DESC NULLS FIRST, 3 LIMIT 8");
    assertEquals(1, nodes(plans.after(), MemoryBoundedLimitSort.class).size(), plans.afterText());
  }

  @Test void joinTurnedAroundUnderAResultOfTwoOrdersIsSortedAgain() {
    Plans plans = check("SELECT c.customer_id, c.customer_id, f.order_id FROM customers c "
        + "LEFT JOIN fact_orders f ON f.customer_id = c.customer_id ORDER BY 1, 2 DESC");
    MemoryBoundedHashJoin join = nodes(plans.after(), MemoryBoundedHashJoin.class).get(0);
    List<MemoryBoundedSort> sorts = nodes(plans.after(), MemoryBoundedSort.class);
    assertTrue(sorts.size() == 1 && nodes(sorts.get(0), MemoryBoundedHashJoin.class).contains(join),
        "sorted above the join: " + plans.afterText());
  }
}
