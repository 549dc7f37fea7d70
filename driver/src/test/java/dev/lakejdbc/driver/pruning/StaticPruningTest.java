package dev.lakejdbc.driver.pruning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.LakeStore;
import dev.lakejdbc.testdata.BankLake;
import dev.lakejdbc.testdata.EdgeCaseLake;
import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Static partition pruning, each predicate form checked three ways (DuckDB, pruning off, and exactly the
 * matching files opened while every other file is garbage), on one- and two-level layouts with NULL and
 * escaped values. {@link HdfsPruningTest} runs the same tests on a copy of the lake in HDFS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StaticPruningTest {
  Path lake;
  DuckDb duck;
  PruningCheck check;

  /** Where the tests read their lakes: where they were generated (HdfsPruningTest: a copy in HDFS). */
  LakeStore store() {
    return LakeStore.LOCAL;
  }

  Connection connect(Path lake, String properties) throws SQLException {
    return DriverManager.getConnection(store().url(lake, properties));
  }

  @BeforeAll void writeLake(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    // fact_orders: dt (10 days) x branch_id (B001..B003) = 30 partitions of one file.
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(10).withFactBranches(3));
    EdgeCaseLake.write(lake);
    BankLake.write(lake, BankLake.Options.defaults());
    duck = new DuckDb();
    view("fact_orders", "dt=*/branch_id=*/*.parquet");
    view("dim_date", "*.parquet");
    view("events", "category=*/day=*/*.parquet");
    view("codes", "code=*/*.parquet");
    view("txn_by_city", "branch=*/*.parquet");
    check = new PruningCheck(lake, duck, store());
  }

  private void view(String table, String glob) throws SQLException {
    duck.viewOfFiles(table, lake.resolve(table) + "/" + glob);
  }

  @AfterAll void close() throws Exception {
    duck.close();
  }

  private PruningCheck.ScanCounts prunes(String table, String select, String where,
      String partitionWhere) throws Exception {
    return check.check(table, select, where,
        "SELECT DISTINCT filename FROM " + table + " WHERE " + partitionWhere, "");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "dt = DATE '2026-01-03'",
      "dt <> DATE '2026-01-03'",
      "dt < DATE '2026-01-03'",
      "dt <= DATE '2026-01-03'",
      "dt > DATE '2026-01-08'",
      "dt >= DATE '2026-01-08'",
      "dt BETWEEN DATE '2026-01-02' AND DATE '2026-01-04'",
      "dt IN (DATE '2026-01-01', DATE '2026-01-05', DATE '2026-01-09')",
      "branch_id NOT IN ('B001', 'B003')",
      "branch_id LIKE 'B00%' AND dt = DATE '2026-01-02'",
      "dt = DATE '2026-01-02' OR branch_id = 'B002'",
      "NOT (branch_id = 'B002')",
      "UPPER(LOWER(branch_id)) = 'B002'",
      // A CHAR's padding is not part of the value compared (it was: no partition matched).
      "CAST(branch_id AS CHAR(10)) = 'B002'",
      "CAST(branch_id AS CHAR(10)) IN ('B001', 'B003')",
      "CAST(dt AS VARCHAR) LIKE '2026-01-0%'",
      "EXTRACT(DAY FROM dt) IN (1, 2)",
      "dt + INTERVAL '1' DAY = DATE '2026-01-05'",
  })
  void factPredicatesPruneExactly(String where) throws Exception {
    PruningCheck.ScanCounts counts = prunes("fact_orders", "count(*), sum(amount), max(order_id)",
        where, where);
    assertNotNull(counts.staticFilter(), "pushed into the scan: " + where);
  }

  @Test void anInListOfTwentyFiveLiteralsStillPrunes() throws Exception {
    String in = IntStream.range(0, 25).mapToObj(i -> "DATE '" + LocalDate.of(2025, 12, 20).plusDays(i) + "'")
        .collect(Collectors.joining(", ", "dt IN (", ")"));
    PruningCheck.ScanCounts counts = prunes("fact_orders", "count(*), sum(amount)", in, in);
    assertEquals(30, counts.partitionsRead(), "all 10 days of the lake are in the list");
    String fewer = IntStream.range(0, 25).mapToObj(i -> "DATE '" + LocalDate.of(2025, 12, 1).plusDays(i) + "'")
        .collect(Collectors.joining(", ", "dt IN (DATE '2026-01-04', ", ")"));
    assertEquals(3, prunes("fact_orders", "count(*)", fewer, fewer).partitionsRead());
  }

  @Test void aConjunctOnDataColumnsStaysAboveTheScan() throws Exception {
    PruningCheck.ScanCounts counts = prunes("fact_orders", "count(*), sum(amount)",
        "dt = DATE '2026-01-03' AND amount > 50", "dt = DATE '2026-01-03'");
    assertEquals("dt = DATE '2026-01-03'", counts.staticFilter());
    assertEquals(3, counts.partitionsRead());
  }

  @Test void aDisjunctionWithADataColumnIsNotPushedAndStaysRight() throws Exception {
    PruningCheck.ScanCounts counts = check.check("fact_orders", "count(*), sum(amount)",
        "dt = DATE '2026-01-03' OR amount > 100", null, "");
    assertNull(counts.staticFilter());
    assertEquals(30, counts.partitionsRead());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "category IS NULL",
      "category IS NOT NULL AND day = 10",
      "category = 'a/b'",
      "category IN ('x y:z', '100%', 'é-ü')",
      "category LIKE '%/%' OR category IS NULL",
      "day BETWEEN 2 AND 10 AND category <> 'books'",
      "CAST(day AS VARCHAR) = '10'",
  })
  void nullAndEscapedPartitionValuesPrune(String where) throws Exception {
    assertNotNull(prunes("events", "count(*), sum(price), count(score)", where, where).staticFilter());
  }

  @Test void castOfALeadingZeroCodeEvaluatesAsWritten() throws Exception {
    // CAST('05' AS INTEGER) = 5 holds; rewriting it to code = '5' would lose the '05' partition.
    assertEquals(2, prunes("codes", "count(*), sum(id)", "CAST(code AS INTEGER) = 5",
        "CAST(code AS INTEGER) = 5").partitionsRead());
    assertEquals(1, prunes("codes", "count(*)", "code = '05'", "code = '05'").partitionsRead());
  }

  @Test void articleBranchEqualsMumbai() throws Exception {
    PruningCheck.ScanCounts counts = prunes("txn_by_city", "count(*), sum(amount)",
        "branch = 'Mumbai'", "branch = 'Mumbai'");
    assertEquals(1, counts.partitionsRead());
    assertEquals("branch = 'Mumbai'", counts.staticFilter());
  }

  @Test void onlyTheSurvivingDirectoriesAreListed() throws Exception {
    try (Connection c = connect(lake, "")) {
      Rows.query(c, "SELECT count(*) FROM fact_orders WHERE dt = DATE '2026-01-03'");
      Rows.query(c, "SELECT count(*) FROM fact_orders WHERE branch_id = 'B002'");
      List<List<String>> listed = Rows.query(c,
          "SELECT directories_listed, partitions_total FROM sys.scans ORDER BY statement_id");
      // The table directory, one dt directory and its 3 branch directories; then the table, all ten
      // dt directories and one branch directory under each.
      assertEquals(List.of(List.of("5", "30"), List.of("21", "30")), listed);
    }
  }

  @Test void theRowCountEstimateIsScaledByTheShareOfPartitionsKept() throws Exception {
    try (Connection c = connect(lake, "")) {
      long rows = Long.parseLong(duck.query("SELECT count(*) FROM fact_orders").get(0).get(0));
      String plan = Rows.query(c, "EXPLAIN PLAN INCLUDING ALL ATTRIBUTES FOR SELECT order_id "
          + "FROM fact_orders WHERE dt = DATE '2026-01-03'").get(0).get(0);
      // 3 of 30 partitions, all of one size.
      assertTrue(plan.contains("rowcount = " + (rows * 3 / 30) + ".0"), plan);
    }
  }

  @Test void explainShowsThePushedAndTheResidualFilter() throws Exception {
    try (Connection c = connect(lake, "")) {
      String plan = String.join("\n", Rows.query(c, "EXPLAIN SELECT order_id FROM fact_orders "
          + "WHERE dt = DATE '2026-01-03' AND amount > 50").get(0));
      assertTrue(plan.contains("PartitionFilters=[dt = DATE '2026-01-03']"), plan);
      // The residual filter on a data column: tested by the scan on its rows, the Calc only projects.
      assertTrue(plan.contains("RowFilter=[amount > 50"), "residual filter on amount: " + plan);
      assertTrue(!plan.contains("$condition"), plan);
      String plain = String.join("\n", Rows.query(c, "EXPLAIN PLAN FOR SELECT order_id FROM "
          + "fact_orders WHERE amount > 50").get(0));
      assertTrue(!plain.contains("PartitionFilters"), plain);
      String analyzed = Rows.query(c, "EXPLAIN ANALYZE SELECT count(*) FROM fact_orders "
          + "WHERE dt = DATE '2026-01-03'").stream().map(r -> r.get(0)).collect(Collectors.joining("\n"));
      assertTrue(analyzed.contains("actual: partitions=3 of 30, files=3"), analyzed);
      assertTrue(analyzed.contains("Result: 1 rows"), analyzed);
    }
  }

  @Test void javaTimeParametersBindLikeTheirJavaSqlTwinsAndPrune() throws Exception {
    LocalDate day = LocalDate.of(2026, 1, 3);
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake);
        PreparedStatement ps = c.prepareStatement(
            "SELECT count(*), sum(amount) FROM fact_orders WHERE dt = ? AND branch_id <> ?")) {
      ps.setObject(1, day);
      ps.setString(2, "B001");
      List<List<String>> answer;
      try (ResultSet rs = ps.executeQuery()) {
        answer = Rows.read(rs);
      }
      Rows.assertSameRows(duck.query("SELECT count(*), sum(amount) FROM fact_orders WHERE dt = DATE '"
          + day + "' AND branch_id <> 'B001'"), answer, false, day.toString());
      assertEquals(List.of(List.of("2")), Rows.query(c, "SELECT files_read FROM sys.scans"));
    }
  }

  @Test void preparedStatementParametersPruneAtEachExecution() throws Exception {
    try (Connection c = connect(lake, "");
        PreparedStatement ps = c.prepareStatement(
            "SELECT count(*), sum(amount) FROM fact_orders WHERE dt = ? AND branch_id <> ?")) {
      List<List<String>> answers = new ArrayList<>();
      for (String day : new String[] {"2026-01-02", "2026-01-07"}) {
        ps.setDate(1, Date.valueOf(day));
        ps.setString(2, "B001");
        try (ResultSet rs = ps.executeQuery()) {
          answers.addAll(Rows.read(rs));
        }
        Rows.assertSameRows(duck.query("SELECT count(*), sum(amount) FROM fact_orders WHERE dt = DATE '"
            + day + "' AND branch_id <> 'B001'"), answers.subList(answers.size() - 1, answers.size()),
            false, day);
      }
      assertTrue(!answers.get(0).equals(answers.get(1)), "two days, two answers: " + answers);
      List<List<String>> scans = Rows.query(c, "SELECT files_read, static_filter FROM sys.scans "
          + "ORDER BY statement_id");
      assertEquals(List.of(List.of("2", "dt = ? AND branch_id <> ?"), List.of("2", "dt = ? AND branch_id <> ?")),
          scans);
    }
  }

  @Test void currentDateRelativeRangesPrune(@TempDir Path recentRoot) throws Exception {
    Path recent = recentRoot.resolve("lake");
    RetailLake.write(recent, RetailLake.Options.defaults().withStartDate(LocalDate.now().minusDays(12))
        .withDays(15));
    try (DuckDb d = new DuckDb()) {
      d.viewOfFiles("fact_orders", recent.resolve("fact_orders") + "/dt=*/*.parquet");
      String where = "dt >= CURRENT_DATE - INTERVAL '3' DAY";
      PruningCheck.ScanCounts counts = new PruningCheck(recent, d, store()).check("fact_orders",
          "count(*), sum(amount)", where, "SELECT DISTINCT filename FROM fact_orders WHERE " + where, "");
      assertEquals(6, counts.partitionsRead(), "three days before today, today and the two after");
    }
  }

  @Test void aPredicateDerivedThroughAJoinPrunesTheFact() throws Exception {
    String sql = "SELECT count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_id = DATE '2026-01-04'";
    try (Connection c = connect(lake, "");
        Connection off = connect(lake, ";staticPruning=false")) {
      List<List<String>> expected = duck.query(sql);
      Rows.assertSameRows(expected, Rows.query(c, sql), false, sql);
      Rows.assertSameRows(expected, Rows.query(off, sql), false, sql);
      assertEquals(List.of(List.of("3", "dt = DATE '2026-01-04'")), Rows.query(c,
          "SELECT files_read, static_filter FROM sys.scans WHERE table_name = 'fact_orders'"));
    }
  }

  @Test void aFilterThatCannotBeEvaluatedNeverDropsAPartition(@TempDir Path dir) throws Exception {
    Schema schema = SchemaBuilder.record("r").fields().requiredLong("id").endRecord();
    for (String p : new String[] {"1", "2", "x"}) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("id", (long) p.hashCode());
      ParquetFiles.write(dir.resolve("t/p=" + p + "/part-0.parquet"), schema, List.of(r));
    }
    for (String properties : new String[] {"", ";staticPruning=false"}) {
      try (Connection c = connect(dir, properties)) {
        // Partition 'x' cannot be cast: it is read, and the cast fails on its row as it would unpruned.
        assertThrows(SQLException.class,
            () -> Rows.query(c, "SELECT id FROM t WHERE CAST(p AS INTEGER) = 1"), properties);
      }
    }
    // A conjunct that is false excludes the directory even when another cannot be evaluated on it.
    // (Unpruned, Calcite evaluates the CAST on every row before the AND, and fails on partition 'x'.)
    try (Connection c = connect(dir, "")) {
      assertEquals(List.of(List.of("49")),
          Rows.query(c, "SELECT id FROM t WHERE p <> 'x' AND CAST(p AS INTEGER) = 1"));
    }
  }

  @Test void sysPartitionsListsTheLake() throws Exception {
    try (Connection c = connect(lake, "")) {
      List<List<String>> rows = Rows.query(c, "SELECT count(*), sum(files), min(\"partition\") "
          + "FROM sys.partitions WHERE table_name = 'fact_orders'");
      assertEquals(List.of(List.of("30", "30", "dt=2026-01-01/branch_id=B001")), rows);
      List<List<String>> books = Rows.query(c, "SELECT files FROM sys.partitions "
          + "WHERE table_name = 'events' AND \"partition\" = 'category=books/day=2'");
      assertEquals(List.of(List.of("2")), books);
      long bytes = Files.size(lake.resolve("codes/code=05").toFile().listFiles()[0].toPath());
      assertEquals(List.of(List.of(String.valueOf(bytes))), Rows.query(c,
          "SELECT bytes FROM sys.partitions WHERE table_name = 'codes' AND \"partition\" = 'code=05'"));
    }
  }
}
