package dev.lakejdbc.rules.dpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.scan.LakeTableScan;
import dev.lakejdbc.rules.PlanTest;
import dev.lakejdbc.rules.PlanTester;
import java.util.List;
import java.util.Map;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;

/**
 * The dynamic partition pruning program ({@link DynamicPartitionPruning}), run on the physical plan
 * the cost-based planner chose, as the driver runs it: where it gives the fact scan a dynamic filter
 * fed by the dimension ({@code DynamicPruning}, a {@code DynamicFilterSource} over the dimension), where
 * the fact scan then answers the join itself ({@code PartitionWiseJoin}), where a hash join keeps the
 * fact on its probe side, and each reason it gives for not pruning
 * ({@code NoDynamicPruning}).
 */
class DynamicPartitionPruningTest extends PlanTest {
  private static final String HOLIDAYS = "FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
      + "WHERE d.date_type = 'holiday'";

  private Plans check(String sql) {
    return checkDynamicPruning(TESTER, sql);
  }

  private static LakeTableScan fact(RelNode rel) {
    return scan(rel, "fact_orders");
  }

  private static String dynamicPruning(Plans plans) {
    return items(fact(plans.after())).get("DynamicPruning");
  }

  private static boolean reaches(RelNode rel, String table) {
    return nodes(rel, LakeTableScan.class).stream().anyMatch(s -> s.source().name().equals(table));
  }

  /** The one join of {@code rel}. */
  private static Join join(RelNode rel) {
    List<Join> joins = nodes(rel, Join.class);
    assertEquals(1, joins.size(), PlanTester.explain(rel));
    return joins.get(0);
  }

  // Where it prunes.

  @Test void starJoinOnAFilteredDateDimensionIsJoinedPartitionWise() {
    Plans plans = check("SELECT d.date_id, count(*), sum(f.amount) " + HOLIDAYS + " GROUP BY d.date_id");
    // The cost-based planner hashed the fact (its right, build side); SmallerInputBuilds turned the
    // join so that the fact streams through the probe side before the program runs.
    Join hashJoin = join(plans.before());
    assertTrue(reaches(hashJoin.getLeft(), "fact_orders"), plans.beforeText());
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
    assertTrue(nodes(plans.after(), Join.class).isEmpty(), "no hash join left:\n" + plans.afterText());
    PartitionWiseJoin partitionWise = nodes(plans.after(), PartitionWiseJoin.class).get(0);
    assertEquals("#1", items(partitionWise).get("dimensions"));
    assertEquals("#1: 7 date_id, 8 date_type", items(partitionWise.scan()).get("JoinedPartitionWise"));
    DynamicFilterSource source = nodes(plans.after(), DynamicFilterSource.class).get(0);
    assertEquals("date_id", items(source).get("keys"));
    assertTrue(reaches(source, "dim_date"), plans.afterText());
  }

  @Test void twoDimensionsPruneAndJoinOneFact() {
    Plans plans = check("SELECT d.date_id, b.branch_id, count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id JOIN branches b ON f.branch_id = b.branch_id "
        + "WHERE d.date_type = 'holiday' AND b.region = 'West' GROUP BY d.date_id, b.branch_id");
    assertEquals("#1: dt = date_id; #2: branch_id = branch_id", dynamicPruning(plans));
    assertEquals("#1, #2", items(nodes(plans.after(), PartitionWiseJoin.class).get(0)).get("dimensions"));
    assertEquals(2, nodes(plans.after(), DynamicFilterSource.class).size(), plans.afterText());
  }

  @Test void compositeKeyPrunesOnBothPartitionColumns() {
    Plans plans = check("SELECT count(*), sum(f.amount) FROM fact_orders f JOIN promotions p "
        + "ON f.dt = p.date_id AND f.branch_id = p.branch_id WHERE p.kind = 'flash'");
    assertEquals("#1: dt = date_id AND branch_id = branch_id", dynamicPruning(plans));
    assertEquals("date_id, branch_id",
        items(nodes(plans.after(), DynamicFilterSource.class).get(0)).get("keys"));
  }

  @Test void semiJoinFromIn() {
    Plans plans = check("SELECT count(*), sum(amount) FROM fact_orders "
        + "WHERE dt IN (SELECT date_id FROM dim_date WHERE date_type = 'holiday')");
    Join semi = join(plans.after());
    assertEquals(JoinRelType.SEMI, semi.getJoinType());
    assertTrue(reaches(semi.getLeft(), "fact_orders"), plans.afterText());
    assertInstanceOf(DynamicFilterSource.class, semi.getRight(), plans.afterText());
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
  }

  @Test void semiJoinFromExists() {
    Plans plans = check("SELECT count(*), sum(amount) FROM fact_orders f WHERE EXISTS "
        + "(SELECT 1 FROM dim_date d WHERE d.date_id = f.dt AND d.date_type = 'holiday')");
    assertEquals(JoinRelType.SEMI, join(plans.after()).getJoinType());
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
  }

  @Test void computedKeyKeepsAHashJoinWithTheFactOnTheProbeSide() {
    Plans plans = check("SELECT count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d "
        + "ON CAST(f.dt AS VARCHAR) = CAST(d.date_id AS VARCHAR) WHERE d.date_type = 'holiday'");
    Join before = join(plans.before());
    Join after = join(plans.after());
    assertInstanceOf(EnumerableHashJoin.class, after);
    assertTrue(reaches(after.getLeft(), "fact_orders") && !reaches(after.getLeft(), "dim_date"),
        "fact on the probe side after:\n" + plans.afterText());
    assertInstanceOf(DynamicFilterSource.class, after.getRight(), plans.afterText());
    assertEquals(before.getRowType(), after.getRowType(), "the program keeps the join's columns");
    assertTrue(nodes(plans.after(), PartitionWiseJoin.class).isEmpty(), plans.afterText());
    assertEquals("#1: CAST(dt AS VARCHAR) = date_id0", dynamicPruning(plans));
  }

  @Test void factOnThePreservedSideOfALeftJoinBelowTheStarJoinPrunes() {
    // TPC-DS q40, q80: sales LEFT JOIN returns, then an inner join on the sales' own date key. A
    // sale whose date is not a holiday leaves the LEFT join with its date and is dropped above.
    Plans plans = check("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "LEFT JOIN customers c ON f.customer_id = c.customer_id "
        + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday'");
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
    // The LEFT join below could not prune it; the scan, pruned above, does not say it is unpruned.
    assertNull(items(fact(plans.after())).get("NoDynamicPruning"), plans.afterText());
  }

  @Test void factGroupedByItsJoinKeyPrunes() {
    Plans plans = check("SELECT count(*) FROM (SELECT dt, sum(amount) AS total FROM fact_orders "
        + "GROUP BY dt) f JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday'");
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
    // Calcite's aggregate reads its input as soon as its code runs, before the dimension on the
    // join's other side would have registered: the fact side is deferred until read.
    assertEquals(1, nodes(plans.after(), ReadWhenEnumerated.class).size(), plans.afterText());
  }

  @Test void factsUnitedByUnionAllAreEachPrunedByTheSameKeys() {
    // TPC-DS q5: sales UNION ALL returns, joined to a filtered date dimension on their date keys.
    Plans plans = check("SELECT count(*), sum(u.amount) FROM (SELECT dt, amount FROM fact_orders "
        + "WHERE qty > 1 UNION ALL SELECT dt, amount FROM fact_orders WHERE qty < 1) u "
        + "JOIN dim_date d ON u.dt = d.date_id WHERE d.date_type = 'holiday'");
    List<LakeTableScan> facts = nodes(plans.after(), LakeTableScan.class).stream()
        .filter(s -> s.source().name().equals("fact_orders")).toList();
    assertEquals(2, facts.size(), plans.afterText());
    for (LakeTableScan scan : facts) {
      assertEquals("#1: dt = date_id", items(scan).get("DynamicPruning"), plans.afterText());
    }
    assertEquals(1, nodes(plans.after(), DynamicFilterSource.class).size(), plans.afterText());
  }

  /**
   * TPC-DS q59's shape: the fact joins an unfiltered date dimension and is grouped by its day name;
   * a filtered date dimension joined on the day name above the aggregate restricts the names. Its
   * keys filter the lower dimension's rows at run time (a dynamic data filter), and that dimension,
   * filtered now, prunes the fact: a second pass, since the first saw it without a filter.
   */
  @Test void aDimensionFilteredByAJoinAboveAnAggregatePrunesTheFactBelow() {
    Plans plans = check("SELECT w.day_name, w.total, d2.date_id FROM (SELECT d.day_name, "
        + "sum(f.amount) AS total FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "GROUP BY d.day_name) w JOIN dim_date d2 ON w.day_name = d2.day_name "
        + "WHERE d2.date_type = 'holiday'");
    LakeTableScan lower = nodes(plans.after(), LakeTableScan.class).stream()
        .filter(s -> s.source().name().equals("dim_date") && items(s).containsKey("DynamicDataFilters"))
        .findFirst().orElseThrow(() -> new AssertionError(plans.afterText()));
    assertEquals("#1: day_name = day_name", items(lower).get("DynamicDataFilters"));
    assertEquals("#2: dt = date_id", dynamicPruning(plans), plans.afterText());
    assertNull(items(fact(plans.after())).get("NoDynamicPruning"), plans.afterText());
    assertEquals(2, nodes(plans.after(), DynamicFilterSource.class).size(), plans.afterText());
  }

  /**
   * The join order puts the customers join on the fact first and the filtered date above it: the date
   * join moves down to the fact, where the scan answers it partition-wise (no hash probe per fact
   * row), and the customers join goes on above it, its columns back in their order.
   */
  @Test void aDimensionJoinedAboveAnotherJoinMovesDownToBeJoinedPartitionWise() {
    Plans plans = check("SELECT c.country, d.date_type, count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN customers c ON f.customer_id = c.customer_id JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_type = 'holiday' GROUP BY c.country, d.date_type");
    List<Join> joinsBefore = nodes(plans.before(), Join.class);
    assertEquals(2, joinsBefore.size(), plans.beforeText());
    assertTrue(reaches(joinsBefore.get(0).getRight(), "dim_date"), "the premise, the date join on top:\n"
        + plans.beforeText());
    Join customers = join(plans.after());
    assertTrue(reaches(customers.getRight(), "customers"), plans.afterText());
    assertInstanceOf(PartitionWiseJoin.class, customers.getLeft(), plans.afterText());
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
  }

  @Test void staticPruningOnTheDateDynamicOnTheBranch() {
    Plans plans = check("SELECT count(*), sum(f.amount) FROM fact_orders f JOIN branches b "
        + "ON f.branch_id = b.branch_id WHERE b.region = 'West' "
        + "AND f.dt BETWEEN DATE '2026-07-10' AND DATE '2026-07-14'");
    Map<String, String> scan = items(fact(plans.after()));
    assertEquals("dt >= DATE '2026-07-10' AND dt <= DATE '2026-07-14'", scan.get("PartitionFilters"));
    assertEquals("#1: branch_id = branch_id", scan.get("DynamicPruning"));
  }

  @Test void leftJoinFromTheDimensionPrunesTheFactOnItsOtherSide() {
    // Fact rows without a dimension row are dropped by this join: pruning them is right. The join is
    // turned (SmallerInputBuilds) into fact RIGHT JOIN dimension, so that the fact streams.
    Plans plans = check("SELECT d.date_id, count(f.order_id) FROM dim_date d LEFT JOIN fact_orders f "
        + "ON f.dt = d.date_id WHERE d.date_type = 'holiday' GROUP BY d.date_id");
    Join right = join(plans.after());
    assertEquals(JoinRelType.RIGHT, right.getJoinType());
    assertTrue(reaches(right.getLeft(), "fact_orders"), plans.afterText());
    assertInstanceOf(DynamicFilterSource.class, right.getRight(), plans.afterText());
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
  }

  // Where it does not prune, and says why.

  /**
   * Checks a case the program leaves as it was but for the reason on the fact scan, which it
   * returns, and the partitions of NULL join keys left out where the join never matches them.
   */
  private String notPruned(PlanTester tester, String sql) {
    Plans plans = checkDynamicPruning(tester, sql);
    Map<String, String> scan = items(fact(plans.after()));
    assertNull(scan.get("DynamicPruning"), plans.afterText());
    assertTrue(nodes(plans.after(), DynamicFilterSource.class).isEmpty(), plans.afterText());
    String reason = scan.get("NoDynamicPruning");
    assertTrue(reason != null, "a reason in\n" + plans.afterText());
    String nullKeys = scan.get("PartitionFilters") == null
        || scan.get("PartitionFilters").equals(items(fact(plans.before())).get("PartitionFilters"))
        ? "" : ", PartitionFilters=[" + scan.get("PartitionFilters") + "]";
    assertTrue(nullKeys.isEmpty() || nullKeys.matches(", PartitionFilters=\\[\\w+ IS NOT NULL]"),
        plans.afterText());
    assertEquals(plans.beforeText(), plans.afterText().replace(", NoDynamicPruning=[" + reason + "]", "")
        .replace(nullKeys, ""), "nothing changed but the reason and the partitions of NULL keys");
    return reason;
  }

  /** The partition filter the program gave the fact scan, or null. */
  private static String nullKeyFilter(PlanTester tester, String sql) {
    RelNode before = tester.physical(sql);
    String was = items(fact(before)).get("PartitionFilters");
    String is = items(fact(tester.dynamicPruning(before))).get("PartitionFilters");
    return is == null || is.equals(was) ? null : is;
  }

  private String notPruned(String sql) {
    return notPruned(TESTER, sql);
  }

  private static PlanTester with(LakeOptions options) {
    return TESTER.withOptions(options);
  }

  @Test void dppOff() {
    LakeOptions off = new LakeOptions(Map.of(), true, true, false,
        LakeOptions.DEFAULT_DPP_DIMENSION_THRESHOLD, LakeOptions.DEFAULT_DPP_MAX_KEYS,
        LakeOptions.DEFAULT_LISTING_CACHE_MILLIS);
    assertEquals("dpp=false", notPruned(with(off), "SELECT count(*), sum(f.amount) " + HOLIDAYS));
    // Unpruned, the fact still streams and the filtered dimension is hashed (SmallerInputBuilds).
    assertTrue(reaches(join(with(off).physical("SELECT count(*), sum(f.amount) " + HOLIDAYS)).getLeft(),
        "fact_orders"));
  }

  @Test void noEqualityCondition() {
    String reason = notPruned("SELECT count(*) FROM fact_orders f JOIN dim_date d ON f.dt > d.date_id "
        + "WHERE d.date_type = 'holiday' AND d.date_id < DATE '2026-07-03'");
    assertEquals("the join has no equality condition", reason);
  }

  @Test void leftJoinWithTheFactOnItsPreservedSide() {
    String reason = notPruned("SELECT count(*), count(d.date_id) FROM fact_orders f LEFT JOIN "
        + "(SELECT * FROM dim_date WHERE date_type = 'holiday') d ON f.dt = d.date_id");
    assertEquals("a LEFT join keeps fact rows without a match (the fact is on its preserved side)", reason);
  }

  @Test void notExistsIsALeftJoinKeepingTheFactsRows() {
    String reason = notPruned("SELECT count(*) FROM fact_orders f WHERE NOT EXISTS "
        + "(SELECT 1 FROM dim_date d WHERE d.date_id = f.dt AND d.date_type = 'holiday')");
    assertEquals("a LEFT join keeps fact rows without a match (the fact is on its preserved side)", reason);
  }

  @Test void fullJoin() {
    String reason = notPruned("SELECT count(*), count(f.order_id) FROM fact_orders f FULL JOIN "
        + "(SELECT * FROM dim_date WHERE date_type = 'holiday') d ON f.dt = d.date_id");
    assertEquals("a FULL join keeps fact rows without a match", reason);
  }

  @Test void joinKeyIsNotAPartitionColumn() {
    // A computed data key can be filtered neither as a partition nor as a data column.
    String reason = notPruned("SELECT c.segment, sum(f.amount) FROM fact_orders f "
        + "JOIN customers c ON f.customer_id + 1 = c.customer_id WHERE c.country = 'IN' GROUP BY c.segment");
    assertEquals("the join key is not a partition column of fact_orders (partitioned by dt, branch_id; "
        + "joined on customer_id)", reason);
  }

  @Test void withoutDataFilterPushdownADataKeyIsNotUsed() {
    LakeOptions off = new LakeOptions(Map.of(), true, true, true,
        LakeOptions.DEFAULT_DPP_DIMENSION_THRESHOLD, LakeOptions.DEFAULT_DPP_MAX_KEYS,
        LakeOptions.DEFAULT_LISTING_CACHE_MILLIS, false);
    String reason = notPruned(with(off), "SELECT c.segment, sum(f.amount) FROM fact_orders f "
        + "JOIN customers c ON f.customer_id = c.customer_id WHERE c.country = 'IN' GROUP BY c.segment");
    assertEquals("the join key is not a partition column of fact_orders (partitioned by dt, branch_id; "
        + "joined on customer_id)", reason);
  }

  // Dynamic filters on data columns.

  @Test void joinOnADataColumnFiltersTheFactsRowsByTheDimensionsKeys() {
    Plans plans = check("SELECT c.segment, sum(f.amount) FROM fact_orders f "
        + "JOIN customers c ON f.customer_id = c.customer_id WHERE c.country = 'IN' GROUP BY c.segment");
    Map<String, String> scan = items(fact(plans.after()));
    assertEquals("#1: customer_id = customer_id", scan.get("DynamicDataFilters"));
    assertNull(scan.get("DynamicPruning"), plans.afterText());
    assertNull(scan.get("NoDynamicPruning"), plans.afterText());
    // A hash join still joins, with the fact streaming through its probe side.
    Join join = join(plans.after());
    assertInstanceOf(EnumerableHashJoin.class, join);
    assertTrue(reaches(join.getLeft(), "fact_orders"), plans.afterText());
    assertInstanceOf(DynamicFilterSource.class, join.getRight(), plans.afterText());
  }

  @Test void aPartitionedFactEstimatedSmallerThanItsDimensionIsStillTheFact() {
    // The fact side, filtered and grouped, is estimated at fewer rows than the date dimension, whose
    // date_id is a data column that a dynamic data filter could narrow.
    // The fact is still pruned by the dimension's keys, not read whole first as the "dimension" of
    // dim_date (TPC-DS q92's sub-query read every web_sales partition that way).
    Plans plans = check("SELECT count(*) FROM (SELECT dt, sum(amount) AS total FROM fact_orders "
        + "WHERE order_id = 3 AND qty = 1 GROUP BY dt) f JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_type <> 'holiday'");
    assertEquals("#1: dt = date_id", dynamicPruning(plans));
    assertNull(items(scan(plans.after(), "dim_date")).get("DynamicDataFilters"), plans.afterText());
  }

  @Test void aFilteredFactEstimatedSmallerThanItsDimensionIsFilteredByTheDimension() {
    // Both sides' keys are data columns (fact_orders.customer_id, customers.customer_id); the fact side
    // is estimated smaller. The partitioned fact is still the side filtered: taken for the dimension,
    // it would be read whole first, and no other join could prune it (TPC-DS q13 read 1,671 of 1,784
    // store_sales partitions that way, instead of the 356 its date dimension keeps).
    Plans plans = check("SELECT count(*) FROM fact_orders f JOIN customers c "
        + "ON f.customer_id = c.customer_id WHERE c.country <> 'IN' AND f.order_id = 3 AND f.qty = 1");
    assertEquals("#1: customer_id = customer_id", items(fact(plans.after())).get("DynamicDataFilters"),
        plans.afterText());
    assertNull(items(scan(plans.after(), "customers")).get("DynamicDataFilters"), plans.afterText());
  }

  @Test void joinsAboveADimensionSourceStillSeeItsDistinctValuesAndColumnOrigins() {
    // The estimates of the joins above a DynamicFilterSource (which decide dppDimensionThreshold for
    // the joins pruned after it) use its input's distinct values, as they did before it was wrapped.
    Plans plans = check("SELECT c.segment, sum(f.amount) FROM fact_orders f "
        + "JOIN customers c ON f.customer_id = c.customer_id WHERE c.country = 'IN' GROUP BY c.segment");
    DynamicFilterSource source = nodes(plans.after(), DynamicFilterSource.class).get(0);
    RelMetadataQuery mq = source.getCluster().getMetadataQuery();
    Double values = mq.getDistinctRowCount(source.getInput(), ImmutableBitSet.of(0), null);
    assertTrue(values != null, plans.afterText());
    assertEquals(values, mq.getDistinctRowCount(source, ImmutableBitSet.of(0), null));
    assertEquals(mq.getColumnOrigins(source.getInput(), 0), mq.getColumnOrigins(source, 0));
  }

  @Test void aKeyOnAPartitionColumnAndOneOnADataColumnShareTheChannel() {
    Plans plans = check("SELECT count(*), sum(f.amount) FROM fact_orders f JOIN promotions p "
        + "ON f.dt = p.date_id AND f.qty = p.discount_pct WHERE p.kind = 'flash'");
    Map<String, String> scan = items(fact(plans.after()));
    assertEquals("#1: dt = date_id", scan.get("DynamicPruning"));
    assertEquals("#1: qty = discount_pct", scan.get("DynamicDataFilters"));
    assertEquals("date_id, discount_pct", items(nodes(plans.after(), DynamicFilterSource.class).get(0))
        .get("keys"));
    assertTrue(nodes(plans.after(), PartitionWiseJoin.class).isEmpty(), plans.afterText());
  }

  @Test void nonDeterministicDimension() {
    String reason = notPruned("SELECT count(*) FROM fact_orders f JOIN (SELECT * FROM branches "
        + "WHERE region = 'West' AND RAND() < 2) b ON f.branch_id = b.branch_id");
    assertEquals("the dimension is not deterministic", reason);
  }

  @Test void unfilteredDimension() {
    String reason = notPruned("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN branches b ON f.branch_id = b.branch_id");
    assertEquals("the dimension has no filter, so every partition whose key it holds would be kept",
        reason);
  }

  /**
   * An equality never matches a NULL key: without dynamic pruning, the join still leaves out the
   * fact's partitions whose key is NULL (a static filter), unless the fact is a side the join keeps
   * whole, the equality is null-safe, or static pruning is off.
   */
  @Test void partitionsOfNullKeysAreLeftOutWhereTheJoinNeverMatchesThem() {
    String join = "SELECT count(*), sum(f.amount) FROM fact_orders f %s branches b ON %s";
    String equal = "f.branch_id = b.branch_id";
    assertEquals("branch_id IS NOT NULL", nullKeyFilter(TESTER, String.format(join, "JOIN", equal)));
    assertEquals("branch_id IS NOT NULL", nullKeyFilter(TESTER, String.format(join, "RIGHT JOIN", equal)));
    LakeOptions dppOff = new LakeOptions(Map.of(), true, true, false,
        LakeOptions.DEFAULT_DPP_DIMENSION_THRESHOLD, LakeOptions.DEFAULT_DPP_MAX_KEYS,
        LakeOptions.DEFAULT_LISTING_CACHE_MILLIS);
    assertEquals("branch_id IS NOT NULL",
        nullKeyFilter(with(dppOff), "SELECT count(*), sum(f.amount) " + HOLIDAYS.replace(
            "dim_date d ON f.dt = d.date_id", "branches b ON f.branch_id = b.branch_id")
            .replace("d.date_type = 'holiday'", "b.region = 'West'")));
    assertNull(nullKeyFilter(TESTER, String.format(join, "LEFT JOIN", equal)));
    assertNull(nullKeyFilter(TESTER, String.format(join, "JOIN",
        "f.branch_id IS NOT DISTINCT FROM b.branch_id")));
    LakeOptions staticOff = new LakeOptions(Map.of(), true, false, true,
        LakeOptions.DEFAULT_DPP_DIMENSION_THRESHOLD, LakeOptions.DEFAULT_DPP_MAX_KEYS,
        LakeOptions.DEFAULT_LISTING_CACHE_MILLIS);
    assertNull(nullKeyFilter(with(staticOff), String.format(join, "JOIN", equal)));
  }

  /**
   * A condition that only rules out NULL keys restricts nothing an inner join on them does not (the
   * planner copies such conditions across joins): the dimension still counts as unfiltered.
   */
  @Test void dimensionFilteredOnlyByIsNotNull() {
    String reason = notPruned("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN branches b ON f.branch_id = b.branch_id WHERE b.region IS NOT NULL");
    assertEquals("the dimension has no filter, so every partition whose key it holds would be kept",
        reason);
  }

  @Test void dimensionOverTheThreshold() {
    LakeOptions small = new LakeOptions(Map.of(), true, true, true, 100,
        LakeOptions.DEFAULT_DPP_MAX_KEYS, LakeOptions.DEFAULT_LISTING_CACHE_MILLIS);
    String reason = notPruned(with(small), "SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN branches b ON f.branch_id = b.branch_id WHERE b.region = 'West'");
    assertTrue(reason.matches("the dimension is estimated at [0-9,]+ bytes, over dppDimensionThreshold=100"),
        reason);
  }

  @Test void theSameDimensionUnderTheDefaultThresholdPrunes() {
    Plans plans = check("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN branches b ON f.branch_id = b.branch_id WHERE b.region = 'West'");
    assertEquals("#1: branch_id = branch_id", dynamicPruning(plans));
    assertFalse(plans.afterText().contains("NoDynamicPruning"), plans.afterText());
  }
}
