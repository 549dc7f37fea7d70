package dev.lakejdbc.driver.datafilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Conjuncts a lake scan tests on its decoded rows ({@code RowFilter} in the plan), in place of the
 * Calc above it: which ones move (exact comparisons on integers, decimals, dates, strings, booleans;
 * not doubles, timestamps or expressions), that answers stay DuckDB's and those with pushdown off, and
 * the cases where a row's value is not in the file or the filter's value cannot be computed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowFilterTest {
  Path lake;
  DuckDb duck;
  DataFilterCheck check;

  @BeforeAll void writeLake(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    DataFilterPushdownTest.writeEvents(lake.resolve("events"));
    duck = new DuckDb();
    // drift: the second file has only id (written before grp and k were added, say).
    Path drift = lake.resolve("drift");
    Files.createDirectories(drift);
    duck.execute("COPY (SELECT i AS id, 'g' || (i % 3) AS grp, CAST(i % 5 AS INTEGER) AS k FROM range(0, 30) t(i)) TO '"
        + drift.resolve("part-0.parquet") + "' (FORMAT PARQUET)");
    duck.execute("COPY (SELECT i AS id FROM range(30, 50) t(i)) TO '" + drift.resolve("part-1.parquet")
        + "' (FORMAT PARQUET)");
    duck.viewOfTable(lake, "events");
    duck.viewOfTable(lake, "drift");
    check = new DataFilterCheck(lake, duck);
  }

  @AfterAll void close() throws Exception {
    duck.close();
  }

  private String plan(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      return Rows.explain(c, sql);
    }
  }

  @Test void exactConjunctsLeaveTheCalcForTheScanAndAnswersStay() throws Exception {
    String sql = "SELECT id, grp, amount FROM events WHERE (grp = 'g001' AND k > 10 OR grp IN ('g003', 'g004') "
        + "AND amount < 2400.00) AND d >= DATE '2026-01-06' AND flag IS NOT TRUE AND x > 70.0";
    String plan = plan(sql);
    String rowFilter = plan.substring(plan.indexOf("RowFilter=["));
    rowFilter = rowFilter.substring(0, rowFilter.indexOf("]"));
    assertTrue(rowFilter.contains("grp = 'g001'") && rowFilter.contains("d >= DATE '2026-01-06'"), plan);
    assertFalse(rowFilter.contains("x >"), "a DOUBLE comparison stays with the Calc (NaN, -0.0): " + plan);
    String calc = plan.lines().filter(l -> l.contains("EnumerableCalc")).findFirst().orElseThrow();
    assertTrue(calc.contains("$condition") && calc.contains("70.0"), plan);
    assertFalse(calc.contains("g001") || calc.contains("2026"), "moved conjuncts leave the Calc: " + plan);
    assertTrue(duck.query(sql).size() > 300, "an answer of many rows");
    check.check(sql, "events", "");
  }

  @Test void aCalcLeftWithNothingToDoIsGone() throws Exception {
    String sql = "SELECT id, k, grp FROM events WHERE k BETWEEN 3 AND 5 AND grp <> 'g002'";
    String plan = plan(sql);
    assertTrue(plan.contains("RowFilter=["), plan);
    assertFalse(plan.contains("EnumerableCalc"), plan);
    check.check(sql, "events", "");
    // The rows the filter dropped were read (as when the Calc dropped them), and it says how many.
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      String analyzed = Rows.query(c, "EXPLAIN ANALYZE " + sql).stream().map(r -> r.get(0))
          .collect(Collectors.joining("\n"));
      long kept = Long.parseLong(duck.query("SELECT count(*) FROM events WHERE k BETWEEN 3 AND 5 "
          + "AND grp <> 'g002'").get(0).get(0));
      java.util.regex.Matcher m = java.util.regex.Pattern
          .compile("rows=(\\d+),.*rows dropped by RowFilter=(\\d+)").matcher(analyzed);
      assertTrue(m.find(), analyzed);
      assertEquals(kept, Long.parseLong(m.group(1)) - Long.parseLong(m.group(2)), analyzed);
    }
  }

  @Test void whatCannotBeTestedExactlyStaysWithTheCalc() throws Exception {
    for (String where : List.of("ts > TIMESTAMP '2026-01-02 00:00:00'", "x = 5.0", "k + 1 = 5",
        "grp LIKE 'g00%'", "n = k")) {
      String plan = plan("SELECT id FROM events WHERE " + where);
      assertFalse(plan.contains("RowFilter"), where + ": " + plan);
      check.check("SELECT id FROM events WHERE " + where, "events", "");
    }
  }

  @Test void valuesOfOtherTypesCompareAsSqlDoes() throws Exception {
    for (String where : List.of("k < 2.5", "amount = 12.50", "amount IN (12.5, 13, 1000.25)",
        "CAST(k AS BIGINT) IN (3, 5000000000)", "k NOT IN (1, 2, 3) AND id < 200", "n IS NULL",
        "n IN (1, 2, 3, 8) OR n IS NULL AND id < 50", "flag", "NOT flag AND id > 5990",
        "d = DATE '2026-01-03'", "grp > 'g010' AND grp <= 'g012'")) {
      check.check("SELECT id, k, amount, n FROM events WHERE " + where, "events", "");
    }
  }

  @Test void aColumnAFileLacksIsNullForTheFilter() throws Exception {
    // drift's second file has neither grp nor k: its rows are NULL there, read from its footer alone.
    for (String sql : List.of("SELECT id, grp FROM drift WHERE grp = 'g1'",
        "SELECT grp FROM drift WHERE grp IS NULL", "SELECT k FROM drift WHERE k > 1",
        "SELECT k, grp FROM drift WHERE k IS NULL OR grp = 'g2'")) {
      assertTrue(plan(sql).contains("RowFilter"), sql);
      List<List<String>> expected = duck.query(sql);
      for (String properties : List.of("", DataFilterCheck.OFF)) {
        try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + properties)) {
          Rows.assertSameRows(expected, Rows.query(c, sql), false, properties + ": " + sql);
        }
      }
    }
  }

  @Test void aValueThatCannotBeComputedIsTheStatementsError() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake);
        PreparedStatement ps = c.prepareStatement(
            "SELECT id FROM events WHERE k = CAST(CAST(? AS VARCHAR(10)) AS INTEGER)")) {
      assertTrue(Rows.explain(c, "SELECT id FROM events WHERE k = CAST('10' AS INTEGER)").contains("RowFilter"));
      ps.setString(1, "ten");
      SQLException e = assertThrows(SQLException.class, () -> Rows.read(ps.executeQuery()));
      assertEquals("22018", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("\"ten\""), e.getMessage());
      ps.setString(1, "10");
      assertEquals(duck.query("SELECT id FROM events WHERE k = 10").size(), Rows.read(ps.executeQuery()).size());
    }
  }
}
