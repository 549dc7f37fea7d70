package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Never a wrong answer from a data filter: every query over the {@link DataFilterCorpus} gives the same
 * rows with pushdown on as with it off, and as DuckDB (asked the same question in its own terms where
 * its semantics differ: NaN is its largest value and equals itself, and it keeps timestamps' microseconds
 * where this driver reads milliseconds). A few cases also assert what was skipped and why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataFilterCorpusTest {
  /** {@code SELECT <select> FROM <table> WHERE <where>}; DuckDB answers {@code duckWhere} (null: not asked). */
  record Case(String table, String select, String where, String duckWhere) {
    @Override public String toString() {
      return table + ": " + where;
    }
  }

  /** Java's NaN semantics (Calcite's generated code) in DuckDB's terms: NaN satisfies no comparison. */
  private static final String FINITE = " AND NOT isnan(x)";

  Path lake;
  DuckDb duck;
  Connection on;
  Connection off;
  /** Cases in which pushdown ruled out at least one row group: the corpus must exercise it. */
  private final AtomicInteger skipping = new AtomicInteger();

  @BeforeAll void write(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    duck = new DuckDb();
    DataFilterCorpus.write(lake, duck);
    for (String table : List.of("floats", "duck_mixed", "strings", "decimals", "widened", "times",
        "dictionary", "bloom", "nostats", "oldwriter", "signedstats")) {
      duck.execute("CREATE VIEW " + table + " AS SELECT * FROM read_parquet('" + lake.resolve(table)
          + "/*.parquet', union_by_name = true)");
    }
    on = DriverManager.getConnection("jdbc:lake:" + lake);
    off = DriverManager.getConnection("jdbc:lake:" + lake + ";dataFilterPushdown=false");
  }

  @AfterAll void close() throws Exception {
    try (DuckDb d = duck; Connection a = on; Connection b = off) {
      assertTrue(skipping.get() >= 40, skipping.get() + " cases ruled out a row group");
    }
  }

  private static Case of(String table, String where) {
    return new Case(table, "*", where, where);
  }

  private static Case of(String table, String where, String duckWhere) {
    return new Case(table, "*", where, duckWhere);
  }

  static Stream<Case> cases() {
    List<Case> c = new ArrayList<>();
    // NaN, -0.0 and +0.0, infinities; x DOUBLE, r FLOAT.
    c.add(of("floats", "x <> 3"));
    c.add(of("floats", "x <> 3.0 AND id > 2"));
    c.add(of("floats", "x > 2.5", "x > 2.5" + FINITE));
    c.add(of("floats", "x >= 3", "x >= 3" + FINITE));
    c.add(of("floats", "x < 2", "x < 2" + FINITE));
    c.add(of("floats", "x = 3", "x = 3" + FINITE));
    c.add(of("floats", "x = 0.0"));
    c.add(of("floats", "x = -0.0"));
    c.add(of("floats", "x >= 0.0", "x >= 0.0" + FINITE));
    c.add(of("floats", "x > 0.0", "x > 0.0" + FINITE));
    c.add(of("floats", "x <= -0.0", "x <= -0.0" + FINITE));
    c.add(of("floats", "x < 0.0", "x < 0.0" + FINITE));
    c.add(of("floats", "x IN (0.0, 3.0)"));
    c.add(of("floats", "x IN (3.0, NULL)"));
    c.add(of("floats", "x NOT IN (3.0)"));
    c.add(of("floats", "x NOT IN (3.0, NULL)"));
    c.add(of("floats", "x NOT IN (0.0, 1.0)"));
    c.add(of("floats", "x BETWEEN -1 AND 1", "x BETWEEN -1 AND 1" + FINITE));
    c.add(of("floats", "x NOT BETWEEN 1 AND 2", "x NOT BETWEEN 1 AND 2" + FINITE));
    c.add(of("floats", "x IS NULL"));
    c.add(of("floats", "x IS NOT NULL"));
    c.add(of("floats", "x = CAST('NaN' AS DOUBLE)", "FALSE"));
    c.add(of("floats", "x <> CAST('NaN' AS DOUBLE)", "x IS NOT NULL"));
    c.add(of("floats", "x > CAST('-Infinity' AS DOUBLE)", "x > '-Infinity'::DOUBLE" + FINITE));
    c.add(of("floats", "x < CAST('Infinity' AS DOUBLE)", "x < 'Infinity'::DOUBLE" + FINITE));
    c.add(of("floats", "x > y", "x > y" + FINITE));
    c.add(of("floats", "r = 0.0"));
    c.add(of("floats", "r > 2.5", "r > 2.5 AND NOT isnan(r)"));
    c.add(of("floats", "r <> 3", "r <> 3"));
    // DuckDB's decimals (INT64 and FIXED), strings, booleans, dates, timestamps.
    c.add(of("duck_mixed", "amount = 1.25"));
    c.add(of("duck_mixed", "amount < -20.005"));
    c.add(of("duck_mixed", "amount BETWEEN 0 AND 10"));
    c.add(of("duck_mixed", "big > 35000000000000.0035"));
    c.add(of("duck_mixed", "big = 3000000000000.0003"));
    c.add(of("duck_mixed", "s = 's017'"));
    c.add(of("duck_mixed", "s IN ('s001', 's033', 'nope')"));
    c.add(of("duck_mixed", "s NOT IN ('s001', NULL)"));
    c.add(of("duck_mixed", "s IS NULL AND id > 15"));
    c.add(of("duck_mixed", "flag"));
    c.add(of("duck_mixed", "NOT flag"));
    c.add(of("duck_mixed", "flag IS NOT TRUE"));
    c.add(of("duck_mixed", "d >= DATE '2026-01-31'"));
    c.add(of("duck_mixed", "ts < TIMESTAMP '2026-01-01 05:00:00'"));
    c.add(of("duck_mixed", "ts = TIMESTAMP '2026-01-02 13:00:00'"));
    c.add(of("duck_mixed", "id IS NOT DISTINCT FROM 3"));
    // Strings: non-ASCII, orders that differ, statistics truncated to 8 bytes.
    c.add(of("strings", "s = 'é'"));
    c.add(of("strings", "s > 'z'"));
    c.add(of("strings", "s >= 'é'"));
    c.add(of("strings", "s BETWEEN 'a' AND 'c'"));
    c.add(of("strings", "s IN ('日本', 'x', '😀')"));
    c.add(of("strings", "s = ''"));
    c.add(of("strings", "s <> 'a'"));
    c.add(of("strings", "s = '" + DataFilterCorpus.LONG_PREFIX + "c'"));
    c.add(of("strings", "s > '" + DataFilterCorpus.LONG_PREFIX + "b'"));
    c.add(of("strings", "s < '" + DataFilterCorpus.LONG_PREFIX + "'"));
    c.add(of("strings", "s IS NULL"));
    // UTF-16 (Calcite) and byte order (DuckDB) disagree on these: pushdown must agree with itself off.
    c.add(of("strings", "s < '\uFFFD'", null));
    c.add(of("strings", "s > '\uFFFD'", null));
    c.add(of("strings", "s >= '😀'", null));
    // One decimal column on INT32, INT64, FIXED and BINARY; bounds between stored values.
    c.add(of("decimals", "d = 12.35"));
    c.add(of("decimals", "d = 12.345"));
    c.add(of("decimals", "d > 12.345"));
    c.add(of("decimals", "d <= -0.005"));
    c.add(of("decimals", "d < 0"));
    c.add(of("decimals", "d BETWEEN -0.02 AND 0.02"));
    c.add(of("decimals", "d IN (0.01, 0.03, 99999.99)"));
    c.add(of("decimals", "d NOT IN (0.01, 0.02)"));
    c.add(of("decimals", "d <> 12.35"));
    c.add(of("decimals", "d > 100000.05 OR d < -999999.00"));
    // A column INT32 in one file, INT64 past INT32's range in the other, and one missing in a file.
    c.add(of("widened", "v = 5000000000"));
    c.add(of("widened", "v > 2147483647"));
    c.add(of("widened", "v < -2147483648"));
    c.add(of("widened", "v IN (1, 2147483648, -3)"));
    c.add(of("widened", "v BETWEEN -4 AND 2"));
    c.add(of("widened", "v <> 1"));
    c.add(of("widened", "w = 3"));
    c.add(of("widened", "w IS NULL"));
    c.add(of("widened", "w IS NOT NULL OR v = 1"));
    c.add(of("widened", "w IN (1, 2) OR v < 0"));
    // INT96 (not filtered: no defined order), microseconds kept, nanoseconds read as microseconds.
    c.add(new Case("times", "d", "t96 > TIMESTAMP '2026-03-04 00:00:00'",
        "t96 > TIMESTAMP '2026-03-04 00:00:00'"));
    // Microseconds are kept (issue 19); nanoseconds are rounded down to them (DuckDB's CAST would round
    // to the nearest: make_timestamp of the floored microseconds is the oracle).
    c.add(new Case("times", "d", "tus = TIMESTAMP '2026-03-03 10:00:00.123456'",
        "tus = TIMESTAMP '2026-03-03 10:00:00.123456'"));
    c.add(new Case("times", "d", "tus = TIMESTAMP '2026-03-03 10:00:00.123'",
        "tus = TIMESTAMP '2026-03-03 10:00:00.123'"));
    c.add(new Case("times", "d", "tns = TIMESTAMP '2026-03-05 10:00:00.123456'",
        "make_timestamp(epoch_ns(tns) // 1000) = TIMESTAMP '2026-03-05 10:00:00.123456'"));
    c.add(new Case("times", "d", "tns <= TIMESTAMP '2026-03-02 10:00:00.123456'",
        "make_timestamp(epoch_ns(tns) // 1000) <= TIMESTAMP '2026-03-02 10:00:00.123456'"));
    c.add(new Case("times", "d", "tns < TIMESTAMP '2026-03-02 10:00:00.123456'",
        "make_timestamp(epoch_ns(tns) // 1000) < TIMESTAMP '2026-03-02 10:00:00.123456'"));
    c.add(new Case("times", "d", "tus > TIMESTAMP '2026-03-06 10:00:00.123'",
        "tus > TIMESTAMP '2026-03-06 10:00:00.123'"));
    c.add(new Case("times", "d", "t96 = TIMESTAMP '2026-03-04 10:00:00.123456'",
        "t96 = TIMESTAMP '2026-03-04 10:00:00.123456'"));
    c.add(new Case("times", "d", "d IN (DATE '2026-03-02', DATE '2026-03-08')",
        "d IN (DATE '2026-03-02', DATE '2026-03-08')"));
    // A dictionary that falls back to plain pages; bloom filters; no statistics; old writers.
    c.add(of("dictionary", "s = 'value-399-" + "x".repeat(20) + "'"));
    c.add(of("dictionary", "s = 'value-5-" + "x".repeat(20) + "'"));
    c.add(of("dictionary", "low = 'k15'"));
    c.add(of("dictionary", "low IN ('k1', 'k9')"));
    c.add(of("bloom", "k = 5000"));
    c.add(of("bloom", "k = 9998"));
    c.add(of("bloom", "k IN (4, 9990, 5000)"));
    c.add(of("nostats", "v = 7"));
    c.add(of("nostats", "s = 's7'"));
    c.add(of("oldwriter", "s = 's07'"));
    c.add(of("oldwriter", "v = 7"));
    c.add(of("oldwriter", "s > 's15'"));
    // DuckDB trusts these old signed-order statistics and misses rows (s = 'b' finds none): asked
    // through md5 or lower, which it cannot push into the scan, it reads every row group.
    c.add(of("signedstats", "s = 'b'", "md5(s) = md5('b')"));
    c.add(of("signedstats", "s = 'é'", "md5(s) = md5('é')"));
    c.add(of("signedstats", "s > 'y'", "lower(s) > 'y'"));
    c.add(of("signedstats", "s < 'b'", "lower(s) < 'b'"));
    return c.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void sameAnswersWithPushdownOnAndOffAndAsDuckDb(Case c) throws SQLException {
    String sql = "SELECT " + c.select() + " FROM " + c.table() + " WHERE " + c.where();
    List<List<String>> unfiltered = Rows.query(off, sql);
    List<List<String>> filtered = Rows.query(on, sql);
    Rows.assertSameRows(unfiltered, filtered, false, "pushdown on vs off: " + sql);
    if (c.duckWhere() != null) {
      Rows.assertSameRows(duck.query("SELECT " + c.select() + " FROM " + c.table() + " WHERE "
          + c.duckWhere()), filtered, false, "DuckDB vs pushdown on: " + sql);
    }
    List<String> scan = scan(on, c.table());
    String notes = scan.get(3);
    // A level of parquet-java's filters failing on a file would be noted: none may fail here.
    assertFalse(notes.contains(" not used on "), notes);
    if (Long.parseLong(scan.get(1)) < Long.parseLong(scan.get(0))) {
      skipping.incrementAndGet();
    }
  }

  /** row_groups_total, row_groups_read, rows_skipped, notes of the last scan of {@code table}. */
  private static List<String> scan(Connection c, String table) throws SQLException {
    List<List<String>> rows = Rows.query(c, "SELECT row_groups_total, row_groups_read, rows_skipped, "
        + "notes FROM sys.scans WHERE table_name = '" + table + "' AND statement_id = "
        + "(SELECT max(statement_id) FROM sys.scans)");
    assertEquals(1, rows.size(), rows.toString());
    return rows.get(0);
  }

  private String analyze(String sql) throws SQLException {
    return String.join("\n", Rows.query(on, "EXPLAIN ANALYZE " + sql).stream().map(r -> r.get(0)).toList());
  }

  @Test void parquetMrBefore18StringStatisticsAreNotTrustedAndTheScanSaysSo() throws SQLException {
    Rows.query(on, "SELECT * FROM oldwriter WHERE s = 's07'");
    List<String> scan = scan(on, "oldwriter");
    assertEquals(scan.get(0), scan.get(1), "no string statistics, no column index: every row group");
    assertTrue(scan.get(3).contains("s: statistics not trusted, written by 'parquet-mr version 1.6.0"),
        scan.get(3));
    assertTrue(scan.get(3).contains("(PARQUET-251) (1 file)"), scan.get(3));
    // Its integer statistics are fine.
    Rows.query(on, "SELECT * FROM oldwriter WHERE v = 7");
    assertEquals("1", scan(on, "oldwriter").get(1));
  }

  @Test void aFileWithoutStatisticsSaysSo() throws SQLException {
    Rows.query(on, "SELECT * FROM nostats WHERE v = 7");
    assertTrue(scan(on, "nostats").get(3).contains("v: no statistics"), scan(on, "nostats").get(3));
  }

  @Test void oldSignedStringStatisticsAreIgnored() throws SQLException {
    // Trusted, the signed min/max of the second group ("ü" < "b") would rule out "b".
    assertEquals(List.of(List.of("b")), Rows.query(on, "SELECT * FROM signedstats WHERE s = 'b'"));
    assertTrue(scan(on, "signedstats").get(3).contains("s: no usable min/max statistics"),
        scan(on, "signedstats").get(3));
    // DuckDB 2.0 trusts them.
    assertEquals(List.of(), duck.query("SELECT * FROM signedstats WHERE s = 'b'"));
  }

  @Test void theDictionaryRulesOutWhatStatisticsCannot() throws SQLException {
    // 'k15' lies between 'k1' and 'k2', within every row group's min and max: only dictionaries tell.
    String analyzed = analyze("SELECT * FROM dictionary WHERE low = 'k15'");
    assertTrue(analyzed.contains("row groups=0 of 4 (skipped: dictionary 4)"), analyzed);
  }

  @Test void theBloomFilterRulesOutWhatStatisticsCannot() throws SQLException {
    String analyzed = analyze("SELECT * FROM bloom WHERE k = 5000");
    assertTrue(analyzed.contains("row groups=0 of 3 (skipped: bloom filter 3)"), analyzed);
  }

  @Test void int96IsNotFilteredAndSaysWhy() throws SQLException {
    Rows.query(on, "SELECT d FROM times WHERE t96 > TIMESTAMP '2026-03-04 00:00:00'");
    List<String> scan = scan(on, "times");
    assertEquals(scan.get(0), scan.get(1));
    assertTrue(scan.get(3).contains("t96: INT96 timestamps have no defined order"), scan.get(3));
  }
}
