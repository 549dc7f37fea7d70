package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery from a sample of footers ({@code discovery=sample}): what it reads, and that files the
 * sample missed are reconciled when a query opens them — a column it did not see is noted, a type the
 * table's cannot hold is a clear error, a corrupt file fails only the queries that open it — never a
 * wrong answer. Answers are DuckDB's (over the same files, with {@code union_by_name}); what was read
 * is the driver's own count: {@code sys.tables.schema_footers}, {@code sys.scans.footers_read} and
 * {@code files_read}.
 *
 * <p>Every table has 40 partitions {@code day=10..49} of one file each, modified in day order, and is
 * read with {@code discoverySample=4}: the sample is the newest files of days 10, 23, 36 and 49 (spread
 * over the sorted partitions), day 49 being also the newest of the table. Day 30 is never sampled. With
 * more than 8 x 4 partitions, only the sampled days' directories are listed at discovery
 * ({@code ListingSample}): the table's file count is then an estimate ("about 40").
 */
class SampledDiscoveryTest {
  private static final String SAMPLE = ";discoverySample=4";
  private static final int DAYS = 40;
  private static final int ROWS_PER_DAY = 5;

  @TempDir static Path lake;
  static DuckDb duck;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    for (int day = 10; day < 10 + DAYS; day++) {
      // events: day 30 adds a column, promo, that the sample never sees.
      write("events", day, "i AS id, CAST(i * 1.5 AS DECIMAL(12,2)) AS amount"
          + (day == 30 ? ", i * 10 AS promo" : ""));
      // typed: day 30 stores amount as a string.
      write("typed", day, "i AS id, " + (day == 30 ? "CAST(i AS VARCHAR)" : "CAST(i AS BIGINT)")
          + " AS amount");
      // widened: qty is INT32 except on day 30, an INT64 past INTEGER's range.
      write("widened", day, "i AS id, " + (day == 30 ? "CAST(i AS BIGINT) * 10000000000" : "CAST(i AS INTEGER)")
          + " AS qty");
      // corrupt: day 30's file is not Parquet at all.
      write("corrupt", day, "i AS id, CAST(i * 1.5 AS DECIMAL(12,2)) AS amount");
    }
    // branched: day=10..49 x branch=1,2, except that day 30's second branch is 'x9' (not a number).
    for (int day = 10; day < 10 + DAYS; day++) {
      for (String branch : day == 30 ? List.of("1", "x9") : List.of("1", "2")) {
        Path dir = lake.resolve("branched/day=" + day + "/branch=" + branch);
        Files.createDirectories(dir);
        duck.execute("COPY (SELECT i AS id, CAST(i * 1.5 AS DECIMAL(12,2)) AS amount FROM range("
            + day * 100 + ", " + (day * 100 + ROWS_PER_DAY) + ") t(i)) TO '" + dir.resolve("part-0.parquet")
            + "' (FORMAT PARQUET)");
      }
      Files.setLastModifiedTime(lake.resolve("branched/day=" + day),
          FileTime.fromMillis(1_700_000_000_000L + day * 60_000L));
    }
    duck.viewOfTable(lake, "branched");
    Path garbage = lake.resolve("corrupt/day=30/part-0.parquet");
    FileTime modified = Files.getLastModifiedTime(garbage);
    Files.writeString(garbage, "not parquet: only a query that reads day 30 may open this file");
    Files.setLastModifiedTime(garbage, modified);
    duck.viewOfTable(lake, "events");
    duck.viewOfTable(lake, "widened");
    viewWithoutDay30("typed");
    viewWithoutDay30("corrupt");
  }

  /** A DuckDB view {@code <table>_but_30} of the table's files but day 30's. */
  private static void viewWithoutDay30(String table) throws SQLException {
    StringBuilder files = new StringBuilder();
    for (int day = 10; day < 10 + DAYS; day++) {
      if (day != 30) {
        files.append(files.length() == 0 ? "" : ", ").append('\'')
            .append(lake.resolve(table + "/day=" + day + "/part-0.parquet")).append('\'');
      }
    }
    duck.execute("CREATE VIEW " + table + "_but_30 AS SELECT * FROM read_parquet([" + files
        + "], hive_partitioning = true)");
  }

  /** One file of {@code ROWS_PER_DAY} rows under {@code table/day=<day>}, modified at day's time. */
  private static void write(String table, int day, String select) throws Exception {
    Path dir = lake.resolve(table).resolve("day=" + day);
    Files.createDirectories(dir);
    Path file = dir.resolve("part-0.parquet");
    duck.execute("COPY (SELECT " + select + " FROM range(" + day * 100 + ", " + (day * 100 + ROWS_PER_DAY)
        + ") t(i)) TO '" + file + "' (FORMAT PARQUET)");
    Files.setLastModifiedTime(file, FileTime.fromMillis(1_700_000_000_000L + day * 60_000L));
  }

  @AfterAll static void close() throws Exception {
    duck.close();
  }

  private static Connection connect(String properties) throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + lake + properties);
  }

  /** sys.tables' row for {@code table}: discovery, files, schema_footers, row_count_exact. */
  private static List<String> discovered(Connection c, String table) throws SQLException {
    List<List<String>> rows = Rows.query(c, "SELECT discovery, files, schema_footers, row_count_exact "
        + "FROM sys.tables WHERE table_name = '" + table + "'");
    assertEquals(1, rows.size(), () -> "sys.tables for " + table + ": " + rows);
    return rows.get(0);
  }

  /** The last statement's scan of {@code table}: files_read, footers_read, notes. */
  private static List<String> lastScan(Connection c, String table) throws SQLException {
    List<List<String>> rows = Rows.query(c, "SELECT files_read, footers_read, notes FROM sys.scans "
        + "WHERE table_name = '" + table + "' AND statement_id = (SELECT max(statement_id) FROM sys.scans)");
    assertEquals(1, rows.size(), () -> "last scan of " + table + ": " + rows);
    return rows.get(0);
  }

  private static void assertSameAsDuckDb(Connection c, String sql) throws SQLException {
    assertSameAsDuckDb(c, sql, sql);
  }

  private static void assertSameAsDuckDb(Connection c, String ours, String duckSql) throws SQLException {
    Rows.assertSameRows(duck.query(duckSql), Rows.query(c, ours), false, ours);
  }

  @Test void aPrunedQueryNeverTouchesAnUnsampledCorruptFile() throws Exception {
    try (Connection c = connect(SAMPLE)) {
      // Planning reads the sample's footers only: the corrupt file is not among them.
      String plan = Rows.query(c, "EXPLAIN SELECT * FROM corrupt").get(0).get(0);
      assertTrue(plan.contains("corrupt"), plan);
      assertEquals(List.of("sample", "40", "4", "false"), discovered(c, "corrupt"));
      assertEquals(0, Rows.query(c, "SELECT * FROM sys.scans WHERE table_name = 'corrupt'").size(),
          "planning reads no data file");

      String day12 = "SELECT day, sum(amount), count(*) FROM corrupt WHERE day = 12 GROUP BY day";
      assertSameAsDuckDb(c, day12, day12.replace("FROM corrupt", "FROM corrupt_but_30"));
      // Day 12 was not sampled: its footer is read when the scan opens its file, and no other.
      assertEquals(List.of("1", "1", "NULL"), lastScan(c, "corrupt"));

      // COUNT(*) from footers reads only the surviving partitions' footers: days 13..22, none sampled.
      String count = "SELECT count(*) FROM corrupt WHERE day BETWEEN 13 AND 22";
      assertTrue(Rows.query(c, "EXPLAIN " + count).get(0).get(0).contains("RowCountsFromFooters=[true]"));
      assertSameAsDuckDb(c, count, count.replace("FROM corrupt", "FROM corrupt_but_30"));
      assertEquals(List.of("10", "10", "NULL"), lastScan(c, "corrupt"));

      String range = "SELECT sum(amount), count(id) FROM corrupt WHERE day BETWEEN 24 AND 29 OR day > 30";
      assertSameAsDuckDb(c, range, range.replace("FROM corrupt", "FROM corrupt_but_30"));
      // 25 files, of which days 36 and 49 were sampled (their footers are cached).
      assertEquals(List.of("25", "23", "NULL"), lastScan(c, "corrupt"));

      SQLException e = assertThrows(SQLException.class,
          () -> Rows.query(c, "SELECT count(*) FROM corrupt WHERE day >= 30"));
      assertEquals("58030", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("day=30/part-0.parquet"), e.getMessage());
    }
  }

  @Test void aColumnTheSampleMissedIsNotedWhereAFileHasItAndTheAnswersStayRight() throws Exception {
    try (Connection c = connect(SAMPLE)) {
      List<List<String>> columns = Rows.query(c, "SELECT * FROM events WHERE day = 10");
      assertEquals(ROWS_PER_DAY, columns.size());
      assertEquals(3, columns.get(0).size(), "id, amount, day: no promo");

      assertSameAsDuckDb(c, "SELECT day, count(*), sum(amount), min(id) FROM events GROUP BY day");
      String notes = lastScan(c, "events").get(2);
      assertTrue(notes.contains("column 'promo' of "), notes);
      assertTrue(notes.contains(lake.resolve("events/day=30/part-0.parquet")
          + " is not in the table's schema, discovered from a sample of 4 of its about 40 files' footers"),
          notes);
      assertTrue(notes.contains("REFRESH") && notes.contains("discovery=all"), notes);

      // A query that needs the column is refused, never answered without it.
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, "SELECT sum(promo) FROM events"));
      assertTrue(e.getMessage().contains("promo"), e.getMessage());
      // A pruned query that does not open day 30 has no note.
      Rows.query(c, "SELECT sum(amount) FROM events WHERE day < 30");
      assertEquals("NULL", lastScan(c, "events").get(2));
    }
    try (Connection all = connect(";discovery=all")) {
      assertSameAsDuckDb(all, "SELECT sum(promo), count(promo), sum(amount) FROM events");
      assertEquals(List.of("all", "40", "40", "true"), discovered(all, "events"));
      assertEquals("NULL", lastScan(all, "events").get(2));
    }
  }

  @Test void aTypeConflictInAnUnsampledFileIsAnErrorNamingFileColumnTypesAndWhatToDo() throws Exception {
    try (Connection c = connect(SAMPLE)) {
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, "SELECT sum(amount) FROM typed"));
      assertEquals("42804", e.getSQLState(), e::getMessage);
      for (String part : List.of("'amount'", "'typed'", lake.resolve("typed/day=30/part-0.parquet").toString(),
          "BIGINT", "VARCHAR", "REFRESH", "discovery=all")) {
        assertTrue(e.getMessage().contains(part), () -> part + " in: " + e.getMessage());
      }
      // Queries that do not read day 30's amount are answered.
      assertSameAsDuckDb(c, "SELECT sum(amount) FROM typed WHERE day <> 30", "SELECT sum(amount) FROM typed_but_30");
      assertEquals(List.of(List.of(String.valueOf(DAYS * ROWS_PER_DAY))),
          Rows.query(c, "SELECT count(id) FROM typed"));
    }
    try (Connection all = connect(";discovery=all")) {
      // Every footer up front: the conflict is found at discovery, naming both files (as before).
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(all, "SELECT count(*) FROM typed"));
      assertEquals("42804", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("day=30/part-0.parquet"), e.getMessage());
    }
  }

  @Test void aWiderIntegerInAnUnsampledFileIsAnErrorNotAnOverflowAndDiscoveryAllWidensIt() throws Exception {
    try (Connection c = connect(SAMPLE)) {
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, "SELECT max(qty) FROM widened"));
      assertEquals("42804", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("INTEGER") && e.getMessage().contains("BIGINT, which holds both"),
          e.getMessage());
    }
    try (Connection all = connect(";discovery=all")) {
      assertSameAsDuckDb(all, "SELECT max(qty), sum(qty), count(*) FROM widened");
    }
  }

  @Test void theSampleIsBoundedAndTheRowCountEstimated() throws Exception {
    try (Connection c = connect("")) {
      // The default sample (32 partitions and the newest file) of 40 files.
      Rows.query(c, "SELECT count(*) FROM events WHERE day = 11");
      List<String> row = discovered(c, "events");
      assertEquals(List.of("sample", "40"), row.subList(0, 2));
      assertTrue(Integer.parseInt(row.get(2)) <= 33, row::toString);
      assertEquals("false", row.get(3));
      long estimate = Long.parseLong(Rows.query(c, "SELECT row_count FROM sys.tables "
          + "WHERE table_name = 'events'").get(0).get(0));
      assertTrue(Math.abs(estimate - DAYS * ROWS_PER_DAY) <= DAYS * ROWS_PER_DAY / 10,
          "rows estimated from the sample's rows per byte: " + estimate);
    }
  }

  /**
   * 40 days of 2 branches, more than 8 x a sample of 4: discovery lists days 10, 23, 36 and 49 (and
   * the table directory); their values type {@code branch} INTEGER, which day 30's {@code x9} is not.
   * The counts are estimated (exactly, here: 80 partitions), the answers are DuckDB's, and the value
   * that does not fit is an error naming its directory when a query lists it.
   */
  @Test void aTableOfManyFirstLevelPartitionsHasASampleListedAndAValueThatDoesNotFitIsAClearError()
      throws Exception {
    try (Connection c = connect(SAMPLE)) {
      String day12 = "SELECT day, branch, count(*), sum(amount) FROM branched WHERE day = 12 "
          + "GROUP BY day, branch";
      assertSameAsDuckDb(c, day12);
      assertEquals(List.of("80", "80", "false", "false"), Rows.query(c, "SELECT partitions, files, "
          + "row_count_exact, listed_all FROM sys.tables WHERE table_name = 'branched'").get(0));
      try (java.sql.ResultSet columns = c.getMetaData().getColumns(null, null, "branched", "branch")) {
        assertTrue(columns.next());
        assertEquals("INTEGER", columns.getString("TYPE_NAME"));
      }
      assertSameAsDuckDb(c, "SELECT count(*), sum(amount) FROM branched WHERE day <> 30");

      SQLException e = assertThrows(SQLException.class,
          () -> Rows.query(c, "SELECT sum(amount) FROM branched WHERE day >= 30"));
      assertEquals("22018", e.getSQLState(), e::getMessage);
      for (String part : List.of("'x9'", "'branch'", "day=30/branch=x9", "partitionTypes",
          "discovery=all")) {
        assertTrue(e.getMessage().contains(part), () -> part + " in: " + e.getMessage());
      }
    }
    try (Connection all = connect(";discovery=all")) {
      assertSameAsDuckDb(all, "SELECT branch, count(*), sum(amount) FROM branched GROUP BY branch");
      assertEquals(List.of("80", "80", "true"), Rows.query(all, "SELECT partitions, files, listed_all "
          + "FROM sys.tables WHERE table_name = 'branched'").get(0));
    }
  }

  @Test void discoveryIsAValidatedProperty() {
    SQLException e = assertThrows(SQLException.class, () -> connect(";discovery=some").close());
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("sample or all"), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
  }
}
