package dev.lakejdbc.driver.pruning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.LakeStore;
import dev.lakejdbc.testdata.BankLake;
import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dynamic partition pruning on the articles' star schemas: each query checked against DuckDB, against
 * dpp=false, and by the fact files it opened while every other fact file is garbage; and each case where
 * pruning must not, or cannot, happen says why. {@link HdfsPruningTest} runs the same tests on a copy of
 * the lake in HDFS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DynamicPruningTest {
  Path lake;
  DuckDb duck;
  PruningCheck check;

  /** Where the tests read their lake: where it was generated (HdfsPruningTest: a copy in HDFS). */
  LakeStore store() {
    return LakeStore.LOCAL;
  }

  Connection connect(String properties) throws SQLException {
    return DriverManager.getConnection(store().url(lake, properties));
  }

  @BeforeAll void writeLake(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    // fact_orders: dt (30 days) x branch_id (B001..B004) = 120 partitions; dim_date; branches.
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(30).withFactBranches(4));
    BankLake.write(lake, BankLake.Options.defaults());
    duck = new DuckDb();
    view("fact_orders", "dt=*/branch_id=*/*.parquet");
    view("transactions", "branch_id=*/*.parquet");
    view("txn_by_date", "txn_date=*/*.parquet");
    for (String dim : new String[] {"dim_date", "branches", "dim_branches"}) {
      view(dim, "*.parquet");
    }
    // Dimensions written by DuckDB: composite keys, keys as text, NULL keys.
    writeDimension("dim_pairs", "SELECT date_id, branch_id, (day(date_id) % 5 = 0)::INTEGER AS flag "
        + "FROM dim_date, branches WHERE branch_id IN ('B001', 'B002', 'B003', 'B004')");
    writeDimension("dim_date_text", "SELECT CAST(date_id AS VARCHAR) AS date_str, date_type FROM dim_date");
    writeDimension("dim_nullable", "SELECT * FROM (VALUES (NULL, 'x'), ('B002', 'x'), ('B003', 'y')) "
        + "t(branch_id, tag)");
    // A second fact of the same days, partitioned by its own date column, written by DuckDB.
    duck.execute("COPY (SELECT date_id AS ret_dt, CAST((i + 1) * 2.5 AS DECIMAL(12, 2)) AS amount "
        + "FROM dim_date, range(0, 3) r(i)) TO '" + lake.resolve("order_returns")
        + "' (FORMAT PARQUET, PARTITION_BY (ret_dt))");
    view("order_returns", "ret_dt=*/*.parquet");
    // A fact partitioned by branch, a quarter of its rows in the partition of NULL keys, by DuckDB.
    duck.execute("COPY (SELECT CASE WHEN i % 4 = 0 THEN NULL ELSE 'B00' || (i % 4 + 1) END AS branch_id, "
        + "i AS v FROM range(0, 40) r(i)) TO '" + lake.resolve("branch_events")
        + "' (FORMAT PARQUET, PARTITION_BY (branch_id))");
    view("branch_events", "branch_id=*/*.parquet");
    check = new PruningCheck(lake, duck, store());
  }

  private void view(String table, String glob) throws SQLException {
    duck.viewOfFiles(table, lake.resolve(table) + "/" + glob);
  }

  private void writeDimension(String name, String query) throws Exception {
    Files.createDirectories(lake.resolve(name));
    duck.execute("COPY (" + query + ") TO '" + lake.resolve(name + "/data_0.parquet") + "' (FORMAT PARQUET)");
    view(name, "*.parquet");
  }

  @AfterAll void close() throws Exception {
    duck.close();
  }

  /** Checks a query that must prune {@code fact}; {@code matching} is the DuckDB join giving its files. */
  private PruningCheck.ScanCounts prunes(String sql, String fact, String matching)
      throws Exception {
    PruningCheck.ScanCounts counts = check.check(sql, fact,
        "SELECT DISTINCT f.filename FROM " + matching, "");
    assertNotNull(counts.dynamicFilter(), "a dynamic filter on " + fact + ": " + sql);
    // (Whether dpp=false plans the query right does not depend on where the lake is stored.)
    if (store() == LakeStore.LOCAL) {
      try (Connection off = connect(";dpp=false")) {
        Rows.assertSameRows(duck.query(sql), Rows.query(off, sql), false, "dpp=false: " + sql);
      }
    }
    return counts;
  }

  /** Checks a query that must read every partition of {@code fact}, and returns the note why. */
  private String doesNotPrune(String sql, String fact, String properties) throws Exception {
    PruningCheck.ScanCounts counts = check.check(sql, fact, null, properties);
    assertNull(counts.dynamicFilter(), sql);
    assertNotNull(counts.notes(), "a why-not note for " + sql);
    return counts.notes();
  }

  /**
   * A join that cannot prune dynamically (its dimension has no filter) still never matches a NULL key
   * with an equality: the fact's partition of NULL keys is neither listed nor opened (a static filter);
   * with a null-safe equality it is read, and joins the dimension's NULL key.
   */
  @Test void aJoinWithoutDynamicPruningLeavesOutThePartitionOfNullKeys() throws Exception {
    String sql = "SELECT b.region, count(*), sum(e.v) FROM branch_events e "
        + "JOIN branches b ON e.branch_id = b.branch_id GROUP BY b.region";
    PruningCheck.ScanCounts counts = check.check(sql, "branch_events",
        "SELECT DISTINCT filename FROM branch_events WHERE branch_id IS NOT NULL", "");
    assertEquals(3, counts.partitionsRead(), "B002, B003, B004 of four partitions");
    assertEquals("branch_id IS NOT NULL", counts.staticFilter());
    assertNull(counts.dynamicFilter());
    assertTrue(counts.notes().contains("the dimension has no filter"), counts.notes());

    String nullSafe = "SELECT n.tag, count(*), sum(e.v) FROM branch_events e "
        + "JOIN dim_nullable n ON e.branch_id IS NOT DISTINCT FROM n.branch_id GROUP BY n.tag";
    PruningCheck.ScanCounts all = check.check(nullSafe, "branch_events", null, "");
    assertEquals(4, all.partitionsRead());
    assertNull(all.staticFilter());
  }

  @Test void retailHolidaysReadOnlyHolidayPartitions() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT d.date_id, count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday' GROUP BY d.date_id",
        "fact_orders", "fact_orders f JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday'");
    assertEquals(7 * 4, counts.filesRead(), "7 holidays x 4 branches");
    assertTrue(counts.dynamicFilter().startsWith("#1: dt = date_id IN 7 keys: "), counts.dynamicFilter());
  }

  /**
   * The join condition repeated in every branch of an OR (TPC-DS q13, q48) is pulled out of it: the
   * join is an equi-join, so it prunes, where it used to be a nested loop whose note said "the join has
   * no equality condition".
   */
  @Test void joinConditionInEveryOrBranchPrunes() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT d.date_type, count(*), sum(f.amount) "
        + "FROM fact_orders f, dim_date d WHERE (f.dt = d.date_id AND d.date_type = 'holiday' "
        + "AND f.qty > 1) OR (f.dt = d.date_id AND d.date_type = 'weekend' AND f.qty < 3) "
        + "GROUP BY d.date_type",
        "fact_orders", "fact_orders f JOIN dim_date d ON f.dt = d.date_id "
            + "WHERE d.date_type IN ('holiday', 'weekend')");
    assertNull(counts.notes(), "no why-not note: " + counts.notes());
  }

  /**
   * Two facts united by UNION ALL and joined to the filtered dimension above the union (TPC-DS q5:
   * sales and returns): the dimension's keys prune each branch's fact on its own date column, and
   * each reads only its matching files.
   */
  @Test void eachBranchOfAUnionAllIsPrunedByTheSameKeys() throws Exception {
    String sql = "SELECT d.date_type, count(*), sum(u.amount) FROM (SELECT dt AS day, amount "
        + "FROM fact_orders UNION ALL SELECT ret_dt, amount FROM order_returns) u "
        + "JOIN dim_date d ON u.day = d.date_id WHERE d.date_type = 'weekend' GROUP BY d.date_type";
    PruningCheck.ScanCounts orders = prunes(sql, "fact_orders", "fact_orders f JOIN dim_date d "
        + "ON f.dt = d.date_id WHERE d.date_type = 'weekend'");
    PruningCheck.ScanCounts returns = prunes(sql, "order_returns", "order_returns f JOIN dim_date d "
        + "ON f.ret_dt = d.date_id WHERE d.date_type = 'weekend'");
    assertTrue(orders.filesRead() > 0 && returns.filesRead() > 0, orders + " " + returns);
    assertTrue(returns.dynamicFilter().startsWith("#1: ret_dt = date_id IN "), returns.dynamicFilter());
  }

  /**
   * A dimension filtered at run time by a join above an aggregate (TPC-DS q59, q2): the fact is grouped
   * by its date's day name, and a filtered date dimension joined on the day name above the aggregate
   * restricts the names. The lower date dimension is filtered by those names, and prunes the fact to
   * the days that have them.
   */
  @Test void aDimensionFilteredByAJoinAboveAnAggregatePrunesTheFact() throws Exception {
    String sql = "SELECT w.day_name, w.orders, w.total, d2.date_id FROM (SELECT d.day_name, "
        + "count(*) AS orders, sum(f.amount) AS total FROM fact_orders f JOIN dim_date d "
        + "ON f.dt = d.date_id GROUP BY d.day_name) w JOIN dim_date d2 ON w.day_name = d2.day_name "
        + "WHERE d2.date_type = 'holiday'";
    PruningCheck.ScanCounts counts = prunes(sql, "fact_orders", "fact_orders f JOIN dim_date d "
        + "ON f.dt = d.date_id WHERE d.day_name IN (SELECT day_name FROM dim_date "
        + "WHERE date_type = 'holiday')");
    assertTrue(counts.filesRead() > 0 && counts.filesRead() < 30 * 4, counts.toString());
    assertTrue(counts.dynamicFilter().startsWith("#2: dt = date_id IN "), counts.dynamicFilter());
  }

  /**
   * A filter on one side's grouping key copied across the join key to the other side (TPC-DS q78:
   * {@code ss_sold_year = 2000} with {@code ws_sold_year = ss_sold_year}): it goes down through the
   * other side's GROUP BY to its date dimension, which then prunes that side's fact, also on the
   * inner side of a LEFT join.
   */
  @Test void aFilterCopiedAcrossAJoinKeyPrunesTheOtherSidesFact() throws Exception {
    String sql = "SELECT a.dtype, a.branch_id, a.total, b.returned FROM (SELECT d.date_type AS dtype, "
        + "f.branch_id, sum(f.amount) AS total FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "GROUP BY d.date_type, f.branch_id) a LEFT JOIN (SELECT d.date_type AS dtype, "
        + "sum(r.amount) AS returned FROM order_returns r JOIN dim_date d ON r.ret_dt = d.date_id "
        + "GROUP BY d.date_type) b ON a.dtype = b.dtype WHERE a.dtype = 'holiday'";
    PruningCheck.ScanCounts counts = prunes(sql, "order_returns", "order_returns f JOIN dim_date d "
        + "ON f.ret_dt = d.date_id WHERE d.date_type = 'holiday'");
    assertEquals(7, counts.partitionsRead(), "the 7 holidays' return partitions");
  }

  @Test void bankWestReadsOnlyWestBranchPartitions() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT t.branch_id, count(*), sum(t.amount) FROM transactions t "
        + "JOIN dim_branches b ON t.branch_id = b.branch_id WHERE b.region = 'West' GROUP BY t.branch_id",
        "transactions", "transactions f JOIN dim_branches b ON f.branch_id = b.branch_id "
            + "WHERE b.region = 'West'");
    assertEquals(10, counts.partitionsRead());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // semi joins: IN and EXISTS
      "SELECT count(*), sum(amount) FROM fact_orders WHERE dt IN "
          + "(SELECT date_id FROM dim_date WHERE date_type = 'holiday')",
      "SELECT count(*), sum(amount) FROM fact_orders f WHERE EXISTS "
          + "(SELECT 1 FROM dim_date d WHERE d.date_id = f.dt AND d.date_type = 'holiday')",
      // the dimension on the left of the SQL, and a LEFT join that keeps the dimension's rows
      "SELECT count(*), sum(f.amount) FROM dim_date d JOIN fact_orders f ON f.dt = d.date_id "
          + "WHERE d.date_type = 'holiday'",
      "SELECT d.date_id, count(f.order_id) FROM dim_date d LEFT JOIN fact_orders f ON f.dt = d.date_id "
          + "WHERE d.date_type = 'holiday' GROUP BY d.date_id",
      // the fact on the preserved side of a LEFT join below the star join (TPC-DS q40, q80)
      "SELECT count(*), sum(f.amount), count(b.branch_id) FROM fact_orders f "
          + "LEFT JOIN branches b ON f.branch_id = b.branch_id AND b.region = 'West' "
          + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday'",
      // the fact grouped by its join key below the join, and DISTINCT keys
      "SELECT d.date_id, t.total FROM (SELECT dt, sum(amount) AS total FROM fact_orders GROUP BY dt) t "
          + "JOIN dim_date d ON t.dt = d.date_id WHERE d.date_type = 'holiday'",
      "SELECT count(*) FROM (SELECT DISTINCT dt FROM fact_orders) t JOIN dim_date d "
          + "ON t.dt = d.date_id WHERE d.date_type = 'holiday'",
  })
  void semiAndOuterJoinsThatMayPrune(String sql) throws Exception {
    prunes(sql, "fact_orders", "fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_type = 'holiday'");
  }

  @Test void compositeKeysPruneOnBothColumns() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT count(*), sum(f.amount) FROM fact_orders f JOIN dim_pairs p "
        + "ON f.dt = p.date_id AND f.branch_id = p.branch_id WHERE p.flag = 1 AND p.branch_id <> 'B004'",
        "fact_orders", "fact_orders f JOIN dim_pairs p ON f.dt = p.date_id AND f.branch_id = p.branch_id "
            + "WHERE p.flag = 1 AND p.branch_id <> 'B004'");
    assertTrue(counts.filesRead() < 30, "days divisible by 5 x 3 branches: " + counts.filesRead());
  }

  @Test void twoDimensionsPruneOneFact() throws Exception {
    String sql = "SELECT d.date_id, b.branch_id, count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id JOIN branches b ON f.branch_id = b.branch_id "
        + "WHERE d.date_type = 'holiday' AND b.region = 'West' GROUP BY d.date_id, b.branch_id";
    PruningCheck.ScanCounts counts = prunes(sql, "fact_orders", "fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id JOIN branches b ON f.branch_id = b.branch_id "
        + "WHERE d.date_type = 'holiday' AND b.region = 'West'");
    assertEquals(7, counts.filesRead(), "7 holidays x the one West branch among B001..B004 (B003)");
  }

  @Test void staticPrunesOnDateWhileDynamicPrunesOnBranch() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN branches b ON f.branch_id = b.branch_id WHERE b.region = 'West' "
        + "AND f.dt BETWEEN DATE '2026-01-10' AND DATE '2026-01-14'", "fact_orders",
        "fact_orders f JOIN branches b ON f.branch_id = b.branch_id WHERE b.region = 'West' "
            + "AND f.dt BETWEEN DATE '2026-01-10' AND DATE '2026-01-14'");
    assertEquals(5, counts.filesRead());
    assertNotNull(counts.staticFilter());
  }

  @Test void keysOfAnotherTypeAreConvertedToThePartitionColumnsType() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN dim_date_text d ON CAST(f.dt AS VARCHAR) = d.date_str WHERE d.date_type = 'holiday'",
        "fact_orders", "fact_orders f JOIN dim_date_text d ON CAST(f.dt AS VARCHAR) = d.date_str "
            + "WHERE d.date_type = 'holiday'");
    assertEquals(28, counts.filesRead());
  }

  @Test void anEmptyDimensionReadsNoFactFile() throws Exception {
    String sql = "SELECT count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_type = 'no such day'";
    try (Connection c = connect("")) {
      Rows.assertSameRows(duck.query(sql), Rows.query(c, sql), false, sql);
      List<List<String>> scan = Rows.query(c, "SELECT directories_listed, partitions_read, files_read, "
          + "dynamic_filter FROM sys.scans WHERE table_name = 'fact_orders'");
      // (A lake whose every fact file is garbage has no schema left to plan with: counts prove it here.)
      assertEquals(List.of(List.of("0", "0", "0", "#1: dt = date_id IN 0 keys")), scan);
    }
  }

  @Test void aNullKeyMatchesNothing() throws Exception {
    PruningCheck.ScanCounts counts = prunes("SELECT count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN dim_nullable n ON f.branch_id = n.branch_id WHERE n.tag = 'x'", "fact_orders",
        "fact_orders f JOIN dim_nullable n ON f.branch_id = n.branch_id WHERE n.tag = 'x'");
    assertEquals(30, counts.filesRead(), "B002 on 30 days; the NULL key matches no partition");
  }

  @Test void eachExecutionOfAPreparedStatementCollectsItsOwnKeys() throws Exception {
    String sql = "SELECT count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_type = ?";
    try (Connection c = connect("");
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (String type : new String[] {"holiday", "weekend", "holiday"}) {
        ps.setString(1, type);
        try (ResultSet rs = ps.executeQuery()) {
          Rows.assertSameRows(duck.query(sql.replace("?", "'" + type + "'")), Rows.read(rs), false, type);
        }
      }
      List<List<String>> scans = Rows.query(c, "SELECT statement_id, table_name, files_read FROM sys.scans "
          + "ORDER BY statement_id, table_name");
      List<List<String>> expected = new ArrayList<>();
      long weekendDays = Long.parseLong(duck.query("SELECT count(*) FROM dim_date "
          + "WHERE date_type = 'weekend'").get(0).get(0));
      long[] factFiles = {28, weekendDays * 4, 28};
      for (int i = 0; i < 3; i++) {
        // Each execution opens the dimension once, and the fact partitions of its own keys.
        expected.add(List.of(String.valueOf(i + 1), "dim_date", "1"));
        expected.add(List.of(String.valueOf(i + 1), "fact_orders", String.valueOf(factFiles[i])));
      }
      assertEquals(expected, scans);
    }
  }

  @Test void explainNamesTheFactColumnAndTheDimensionKey() throws Exception {
    try (Connection c = connect("")) {
      String plan = Rows.query(c, "EXPLAIN SELECT count(*) FROM fact_orders f JOIN dim_date d "
          + "ON f.dt = d.date_id WHERE d.date_type = 'holiday'").get(0).get(0);
      assertTrue(plan.contains("DynamicPruning=[#1: dt = date_id]"), plan);
      assertTrue(plan.contains("DynamicFilterSource(id=[#1], keys=[date_id])"), plan);
      // The fact streams through the probe (left) input; the dimension is the build (right) one.
      assertTrue(plan.indexOf("fact_orders") < plan.indexOf("DynamicFilterSource"), plan);
    }
  }

  // The cases where dynamic pruning must not, or cannot, help — each says why.

  @Test void aLeftJoinThatKeepsTheFactsRowsDoesNotPrune() throws Exception {
    String note = doesNotPrune("SELECT count(*), count(d.date_id) FROM fact_orders f LEFT JOIN "
        + "(SELECT * FROM dim_date WHERE date_type = 'holiday') d ON f.dt = d.date_id", "fact_orders", "");
    assertTrue(note.contains("LEFT join keeps fact rows without a match"), note);
  }

  @Test void aFullJoinDoesNotPrune() throws Exception {
    String note = doesNotPrune("SELECT count(*), count(f.order_id) FROM fact_orders f FULL JOIN "
        + "(SELECT * FROM dim_date WHERE date_type = 'holiday') d ON f.dt = d.date_id", "fact_orders", "");
    assertTrue(note.contains("FULL join"), note);
  }

  @Test void anAntiJoinDoesNotPrune() throws Exception {
    // Calcite plans NOT EXISTS as a LEFT join keeping the unmatched fact rows, then IS NULL.
    String note = doesNotPrune("SELECT count(*) FROM fact_orders f WHERE NOT EXISTS "
        + "(SELECT 1 FROM dim_date d WHERE d.date_id = f.dt AND d.date_type = 'holiday')", "fact_orders", "");
    assertTrue(note.contains("join keeps fact rows without a match"), note);
  }

  @Test void aJoinWithoutAnEqualityCannotPrune() throws Exception {
    String note = doesNotPrune("SELECT count(*) FROM fact_orders f JOIN dim_date d ON f.dt > d.date_id "
        + "WHERE d.date_type = 'holiday' AND d.date_id < DATE '2026-01-03'", "fact_orders", "");
    assertTrue(note.contains("no equality condition"), note);
  }

  @Test void aFactNotPartitionedOnTheJoinKeyCannotBePruned() throws Exception {
    // Its data column is filtered by the keys instead (DynamicDataFilterTest), unless that is off.
    String note = doesNotPrune("SELECT t.txn_date, count(*) FROM txn_by_date t JOIN dim_branches b "
        + "ON t.branch_id = b.branch_id WHERE b.region = 'West' GROUP BY t.txn_date", "txn_by_date",
        ";dataFilterPushdown=false");
    assertTrue(note.contains("not a partition column of txn_by_date (partitioned by txn_date"), note);
  }

  @Test void aDimensionWithoutAFilterIsNotUsed() throws Exception {
    String note = doesNotPrune("SELECT count(*), sum(t.amount) FROM transactions t "
        + "JOIN dim_branches b ON t.branch_id = b.branch_id", "transactions", "");
    assertTrue(note.contains("no filter"), note);
  }

  @Test void aNonSelectiveDimensionPrunesLittleAndSaysSo() throws Exception {
    String sql = "SELECT count(*), sum(t.amount) FROM transactions t JOIN dim_branches b "
        + "ON t.branch_id = b.branch_id WHERE b.status = 'ACTIVE'";
    PruningCheck.ScanCounts counts = check.check(sql, "transactions", "SELECT DISTINCT f.filename FROM "
        + "transactions f JOIN dim_branches b ON f.branch_id = b.branch_id WHERE b.status = 'ACTIVE'", "");
    assertEquals(195, counts.partitionsRead());
    assertTrue(counts.notes().contains("not selective: kept 195 of 200"), counts.notes());
  }

  @Test void aDimensionOverTheThresholdIsNotUsed() throws Exception {
    String note = doesNotPrune("SELECT count(*), sum(t.amount) FROM transactions t JOIN dim_branches b "
        + "ON t.branch_id = b.branch_id WHERE b.region = 'West'", "transactions", ";dppDimensionThreshold=1B");
    assertTrue(note.contains("over dppDimensionThreshold=1"), note);
  }

  @Test void dppOffSaysSo() throws Exception {
    String note = doesNotPrune("SELECT count(*), sum(t.amount) FROM transactions t JOIN dim_branches b "
        + "ON t.branch_id = b.branch_id WHERE b.region = 'West'", "transactions", ";dpp=false");
    assertTrue(note.contains("dpp=false"), note);
  }

  @Test void pastTheKeyCapTheKeysRangeStillPrunesAndSaysSo() throws Exception {
    // A computed fact key keeps a hash join, so the scan alone decides what it reads: the partitions
    // whose key lies between the smallest and the largest of the 10 keys.
    PruningCheck.ScanCounts counts = check.check("SELECT count(*), sum(t.amount) FROM transactions t "
        + "JOIN dim_branches b ON UPPER(t.branch_id) = b.branch_id WHERE b.region = 'West'",
        "transactions", "SELECT DISTINCT f.filename FROM transactions f WHERE upper(f.branch_id) BETWEEN "
            + "(SELECT min(branch_id) FROM dim_branches WHERE region = 'West') AND "
            + "(SELECT max(branch_id) FROM dim_branches WHERE region = 'West')", ";dppMaxKeys=3");
    assertTrue(counts.notes().contains("10 keys exceed dppMaxKeys=3, applied as their range"),
        counts.notes());
    assertTrue(counts.dynamicFilter().contains("within the range of 10 keys"), counts.dynamicFilter());
  }

  @Test void pastTheKeyCapAPartitionWiseJoinListsEverythingButOpensOnlyJoiningPartitions()
      throws Exception {
    PruningCheck.ScanCounts counts = check.check("SELECT count(*), sum(t.amount) FROM transactions t "
        + "JOIN dim_branches b ON t.branch_id = b.branch_id WHERE b.region = 'West'", "transactions",
        "SELECT DISTINCT f.filename FROM transactions f JOIN dim_branches b "
            + "ON f.branch_id = b.branch_id WHERE b.region = 'West'", ";dppMaxKeys=3");
    assertTrue(counts.notes().contains("10 keys exceed dppMaxKeys=3"), counts.notes());
    assertEquals(10, counts.partitionsRead());
  }

  @Test void aNonDeterministicDimensionIsNotUsed() throws Exception {
    try (Connection c = connect("")) {
      Rows.query(c, "SELECT count(*) FROM transactions t JOIN (SELECT * FROM dim_branches "
          + "WHERE region = 'West' AND RAND() < 2) b ON t.branch_id = b.branch_id");
      String notes = Rows.query(c, "SELECT notes FROM sys.scans WHERE table_name = 'transactions'")
          .get(0).get(0);
      assertTrue(notes.contains("not deterministic"), notes);
    }
  }
}
