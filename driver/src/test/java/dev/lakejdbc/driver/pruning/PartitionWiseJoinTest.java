package dev.lakejdbc.driver.pruning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inner joins on partition columns answered by the fact scan itself (PartitionWiseJoin): the plan has
 * no hash join, each fact file is opened once even when its partition joins several dimension rows,
 * and every answer equals DuckDB's and the answer with dynamic pruning off (a hash join), with all
 * non-joining fact files garbage.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartitionWiseJoinTest {
  private static final String HOLIDAYS = "fact_orders f JOIN dim_date d ON f.dt = d.date_id "
      + "WHERE d.date_type = 'holiday'";

  Path lake;
  DuckDb duck;
  PruningCheck check;

  @BeforeAll void writeLake(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    // fact_orders: dt (30 days) x branch_id (B001..B004) = 120 partitions; dim_date; branches.
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(30).withFactBranches(4));
    duck = new DuckDb();
    duck.viewOfFiles("fact_orders", lake.resolve("fact_orders") + "/dt=*/branch_id=*/*.parquet");
    duck.viewOfFiles("dim_date", lake.resolve("dim_date") + "/*.parquet");
    duck.viewOfFiles("branches", lake.resolve("branches") + "/*.parquet");
    // Every date twice, as two versions: each fact row joins both.
    writeFile("dim_date_twice/data_0.parquet", "SELECT date_id, date_type, 'v1' AS version FROM dim_date "
        + "UNION ALL SELECT date_id, date_type, 'v2' FROM dim_date");
    duck.viewOfFiles("dim_date_twice", lake.resolve("dim_date_twice") + "/*.parquet");
    // events: partitioned by k, one partition NULL (Hive's default partition name); kinds: keys with
    // a NULL and a repeated key.
    for (String k : new String[] {"1", "2", "3", "__HIVE_DEFAULT_PARTITION__"}) {
      writeFile("events/k=" + k + "/data_0.parquet", "SELECT i AS v FROM range(" + (k.length() + 2)
          + ") t(i)");
    }
    duck.viewOfTable(lake, "events");
    writeFile("kinds/data_0.parquet", "SELECT * FROM (VALUES (CAST(NULL AS INTEGER), 'none'), "
        + "(1, 'one'), (1, 'uno'), (3, 'three'), (4, 'four')) t(k, name)");
    duck.viewOfFiles("kinds", lake.resolve("kinds") + "/*.parquet");
    // A dimension on a data column of the fact.
    writeFile("customer_tiers/data_0.parquet", "SELECT DISTINCT customer_id, CASE WHEN customer_id % 3 = 0 "
        + "THEN 'gold' ELSE 'basic' END AS tier FROM fact_orders");
    duck.viewOfFiles("customer_tiers", lake.resolve("customer_tiers") + "/*.parquet");
    check = new PruningCheck(lake, duck);
  }

  private void writeFile(String relative, String query) throws Exception {
    Path file = lake.resolve(relative);
    Files.createDirectories(file.getParent());
    duck.execute("COPY (" + query + ") TO '" + file + "' (FORMAT PARQUET)");
  }

  @AfterAll void close() throws Exception {
    duck.close();
  }

  private String plan(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      return Rows.query(c, "EXPLAIN PLAN FOR " + sql).get(0).get(0);
    }
  }

  /** The plan of {@code sql}, after checking that the fact scan does the joins: no hash join is left. */
  private String partitionWisePlan(String sql) throws Exception {
    String plan = plan(sql);
    assertTrue(plan.contains("PartitionWiseJoin"), plan);
    assertFalse(plan.contains("HashJoin"), plan);
    return plan;
  }

  /** Checks the answer, the answer with dpp=false, and that only the joining fact files are opened. */
  private PruningCheck.ScanCounts checkJoin(String sql, String fact, String matching) throws Exception {
    PruningCheck.ScanCounts counts = check.check(sql, fact, "SELECT DISTINCT f.filename FROM " + matching,
        "");
    try (Connection off = DriverManager.getConnection("jdbc:lake:" + lake + ";dpp=false")) {
      Rows.assertSameRows(duck.query(sql), Rows.query(off, sql), false, "dpp=false: " + sql);
    }
    return counts;
  }

  @Test void aStarJoinIsAnsweredByTheFactScan() throws Exception {
    String sql = "SELECT d.date_id, d.date_type, count(*), sum(f.amount) FROM " + HOLIDAYS
        + " GROUP BY d.date_id, d.date_type";
    String plan = partitionWisePlan(sql);
    assertTrue(plan.contains("PartitionWiseJoin(dimensions=[#1])"), plan);
    assertTrue(plan.contains("JoinedPartitionWise=[#1: "), plan);
    assertEquals(7 * 4, checkJoin(sql, "fact_orders", HOLIDAYS).filesRead());
  }

  @Test void twoDimensionsAreJoinedByTheSameScan() throws Exception {
    String sql = "SELECT d.date_id, b.branch_id, b.region, count(*), sum(f.amount) FROM fact_orders f "
        + "JOIN dim_date d ON f.dt = d.date_id JOIN branches b ON f.branch_id = b.branch_id "
        + "WHERE d.date_type = 'holiday' AND b.region = 'West' GROUP BY d.date_id, b.branch_id, b.region";
    String plan = partitionWisePlan(sql);
    assertTrue(plan.contains("PartitionWiseJoin(dimensions=[#1, #2])"), plan);
    assertEquals(7, checkJoin(sql, "fact_orders", "fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "JOIN branches b ON f.branch_id = b.branch_id WHERE d.date_type = 'holiday' "
        + "AND b.region = 'West'").filesRead());
  }

  /**
   * A dimension on a data column joins the fact first in the plan Calcite chose, the filtered date
   * above it: the date join moves down to the scan, which answers it, and the other join stays a hash
   * join above; every column stays in its place.
   */
  @Test void aDateJoinedAboveAnotherJoinIsStillAnsweredByTheScan() throws Exception {
    String sql = "SELECT f.order_id, t.tier, d.date_type, f.amount, f.dt, t.customer_id, d.date_id, "
        + "f.branch_id FROM fact_orders f JOIN customer_tiers t ON f.customer_id = t.customer_id "
        + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday' AND t.tier = 'gold'";
    String plan = plan(sql);
    assertTrue(plan.contains("PartitionWiseJoin(dimensions=[#"), plan);
    assertTrue(plan.contains("HashJoin"), plan);
    checkJoin(sql, "fact_orders", HOLIDAYS);
  }

  @Test void aRepeatedDimensionKeyYieldsEachFactRowOncePerDimensionRowFromOneRead() throws Exception {
    String sql = "SELECT d.version, count(*), sum(f.amount), min(f.order_id) FROM fact_orders f "
        + "JOIN dim_date_twice d ON f.dt = d.date_id WHERE d.date_type = 'holiday' GROUP BY d.version";
    partitionWisePlan(sql);
    PruningCheck.ScanCounts counts = checkJoin(sql, "fact_orders", "fact_orders f JOIN dim_date_twice d "
        + "ON f.dt = d.date_id WHERE d.date_type = 'holiday'");
    assertEquals(7 * 4, counts.filesRead(), "each file once, though its rows come out twice");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      // (Not SELECT *: DuckDB's views add a filename column.)
      "SELECT d.date_id, d.date_type, f.order_id, f.amount, f.qty, f.branch_id, f.dt FROM dim_date d "
          + "JOIN fact_orders f ON f.dt = d.date_id WHERE d.date_type = 'holiday' AND f.branch_id = 'B002'",
      "SELECT f.order_id, f.dt, d.date_type, f.amount, d.date_id, f.branch_id FROM fact_orders f "
          + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday' AND f.branch_id = 'B002'",
      "SELECT f.amount, d.date_type, f.dt, d.date_id, f.order_id FROM fact_orders f "
          + "JOIN dim_date_twice d ON d.date_id = f.dt WHERE d.date_type = 'holiday' AND d.version = 'v2'",
  })
  void everyColumnOfEveryJoinedRowIsInItsPlace(String sql) throws Exception {
    partitionWisePlan(sql);
    String dimension = sql.contains("dim_date_twice") ? "dim_date_twice" : "dim_date";
    checkJoin(sql, "fact_orders", "fact_orders f JOIN " + dimension + " d ON f.dt = d.date_id "
        + "WHERE d.date_type = 'holiday'" + (sql.contains("B002") ? " AND f.branch_id = 'B002'" : "")
        + (sql.contains("v2") ? " AND d.version = 'v2'" : ""));
  }

  @Test void aNullKeyJoinsTheDefaultPartitionOnlyWhenNullSafe() throws Exception {
    for (String on : new String[] {"e.k = n.k", "e.k IS NOT DISTINCT FROM n.k"}) {
      String sql = "SELECT e.k, n.name, count(*), sum(e.v) FROM events e JOIN kinds n ON " + on
          + " WHERE n.name <> 'four' GROUP BY e.k, n.name";
      partitionWisePlan(sql);
      checkJoin(sql, "events", "events f JOIN kinds n ON " + on.replace("e.", "f.")
          + " WHERE n.name <> 'four'");
    }
  }

  @Test void aFactFilterOnADataColumnMovesAboveTheJoin() throws Exception {
    String sql = "SELECT d.date_id, count(*), sum(f.amount) FROM " + HOLIDAYS
        + " AND f.amount > 100 AND f.qty * 2 < 15 GROUP BY d.date_id";
    String plan = partitionWisePlan(sql);
    assertTrue(plan.indexOf("$condition") < plan.indexOf("PartitionWiseJoin"), "filter above: " + plan);
    // (The amount filter cannot skip a file: every file of a holiday is opened.)
    checkJoin(sql, "fact_orders", HOLIDAYS);
  }

  @Test void aComputedJoinKeyStaysAHashJoinAndStillPrunes() throws Exception {
    String sql = "SELECT count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d "
        + "ON CAST(f.dt AS VARCHAR) = CAST(d.date_id AS VARCHAR) WHERE d.date_type = 'holiday'";
    String plan = plan(sql);
    assertTrue(plan.contains("EnumerableHashJoin"), plan);
    assertFalse(plan.contains("PartitionWiseJoin"), plan);
    checkJoin(sql, "fact_orders", HOLIDAYS);
  }
}
