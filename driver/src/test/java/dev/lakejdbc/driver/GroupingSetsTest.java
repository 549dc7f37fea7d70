package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ROLLUP, CUBE and GROUPING SETS are computed from one pre-aggregation by all their grouping columns
 * (PreAggregateGroupingSetsRule): the answers stay DuckDB's, with NULLs in the grouping columns and the
 * aggregated ones, an empty input (the grand total row still comes), FILTER clauses, GROUPING(), and
 * the functions that are not split (DISTINCT) next to those that are.
 */
class GroupingSetsTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    // 6,000 rows, 4 x 5 x 7 groups; a NULL in a grouping column every 11 rows, in v every 13.
    duck.execute("CREATE TABLE src AS SELECT i::INTEGER AS i, "
        + "CASE WHEN i % 11 = 0 THEN NULL ELSE 'a' || (i % 4) END AS a, "
        + "(i % 5)::INTEGER AS b, CASE WHEN i % 11 = 5 THEN NULL ELSE (i % 7)::BIGINT END AS c, "
        + "CASE WHEN i % 13 = 0 THEN NULL ELSE CAST(i / 3.0 AS DECIMAL(9,2)) END AS v, "
        + "(i * 0.25)::DOUBLE AS x, (i % 3)::INTEGER AS p FROM range(1, 6001) t(i)");
    duck.execute("COPY src TO '" + lake.resolve("t") + "' (FORMAT PARQUET, PARTITION_BY (p))");
    duck.viewOfTable(lake, "t");
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  @AfterAll static void close() throws Exception {
    lakeConnection.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT a, b, c, sum(v), count(*), count(v), min(v), max(x), avg(x), avg(i) FROM t "
          + "GROUP BY ROLLUP(a, b, c)",
      "SELECT a, b, sum(x), stddev_samp(i), var_pop(x), grouping(a), grouping(b) FROM t "
          + "GROUP BY CUBE(a, b)",
      "SELECT a, c, p, sum(v) FILTER (WHERE b > 1), count(*) FILTER (WHERE v IS NULL) FROM t "
          + "GROUP BY GROUPING SETS ((a, c), (p), (c, p), ())",
      "SELECT a, b, count(DISTINCT c), sum(v) FROM t GROUP BY ROLLUP(a, b)",
      // Aggregates of values that are never NULL: NOT NULL per group, nullable in the grouping sets.
      "SELECT b, c, sum(coalesce(v, 0)), min(coalesce(x, 0)), max(i + 1) FROM t GROUP BY CUBE(b, c)",
      "SELECT a, b, sum(v), count(*), avg(x) FROM t WHERE i < 0 GROUP BY a, b",
      // An empty input still has its grand total (the empty grouping set), as GROUP BY () has.
      "SELECT a, b, sum(v), count(*), count(v), min(x), avg(x) FROM t WHERE i < 0 "
          + "GROUP BY ROLLUP(a, b)",
      "SELECT a, c, sum(v), count(*), grouping(a), grouping(c) FROM t WHERE i < 0 "
          + "GROUP BY GROUPING SETS ((a), (c), ())",
      "SELECT b, count(*), max(v) FROM t WHERE p = 7 GROUP BY CUBE(b)",
      "SELECT a, count(DISTINCT c), sum(v) FROM t WHERE i < 0 GROUP BY ROLLUP(a)",
      // An aggregate Calcite runs itself (it collects its group's values).
      "SELECT b, listagg(a, ','), count(*) FROM t WHERE i < 0 GROUP BY ROLLUP(b)",
      "SELECT p, b, sum(v) FROM t WHERE p = 1 GROUP BY ROLLUP(p, b)",
      "SELECT a, sum(s), count(*) FROM (SELECT a, b, sum(v) AS s FROM t GROUP BY a, b) g "
          + "GROUP BY ROLLUP(a)",
  })
  void sameRowsAsDuckDb(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  /**
   * AVG of a DECIMAL(9,2) is DECIMAL(38,6), its last digit rounded half up (Spark's), not cut. DuckDB's
   * AVG is a DOUBLE, so the expected value is computed there exactly, in integers: the sum in cents
   * times 10^4 over the count, rounded half up (every v is positive).
   */
  @ParameterizedTest
  @ValueSource(strings = {"GROUP BY a, b", "GROUP BY ROLLUP(a, b)"})
  void avgOfADecimalRoundsItsLastDigit(String groupBy) throws Exception {
    String duckSql = "SELECT a, b, CASE WHEN count(v) > 0 THEN ((CAST(sum(v) * 100 AS HUGEINT) * 20000 "
        + "+ count(v)) // (2 * count(v)))::VARCHAR END FROM t " + groupBy;
    List<List<String>> expected = duck.query(duckSql).stream().map(r -> List.of(r.get(0), r.get(1),
        r.get(2).equals("NULL") ? "NULL" : new java.math.BigDecimal(new java.math.BigInteger(r.get(2)), 6)
            .stripTrailingZeros().toPlainString())).toList();
    String sql = "SELECT a, b, avg(v) FROM t " + groupBy;
    Rows.assertSameRows(expected, Rows.query(lakeConnection, sql), false, sql);
  }

  @Test void aRollupAggregatesItsInputOnceByAllItsColumns() throws Exception {
    String plan = explain("SELECT a, b, c, sum(v), count(*), avg(i) FROM t GROUP BY ROLLUP(a, b, c)");
    List<String> lines = plan.lines().map(String::strip).toList();
    int sets = IntStream.range(0, lines.size())
        .filter(i -> lines.get(i).contains("groups=[[{0, 1, 2}, {0, 1}, {0}, {}]]")).findFirst().orElse(-1);
    assertTrue(sets >= 0, plan);
    // Right below the grouping sets, a plain aggregate by (a, b, c) reads the scan.
    assertTrue(lines.get(sets + 1).startsWith("EnumerableAggregate(group=[{")
        && !lines.get(sets + 1).contains("groups="), plan);
    assertTrue(lines.get(sets + 2).startsWith("EnumerableLakeTableScan"), plan);
  }

  /**
   * Each grouping set is summed up from the smallest larger set's groups (GroupingSetCascade) where
   * every aggregate above the pre-aggregation combines its own results; EXPLAIN says from which.
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT a, b, c, sum(v), count(*), min(x), max(i) FROM t GROUP BY ROLLUP(a, b, c)"
          + " | {0, 1} from {0, 1, 2}, {0} from {0, 1}, {} from {0}",
      "SELECT a, b, sum(x), grouping(a), grouping(b) FROM t GROUP BY CUBE(a, b)"
          + " | {0} from {0, 1}, {1} from {0, 1}, {} from {0}",
      "SELECT a, c, p, sum(v) FROM t GROUP BY GROUPING SETS ((a, c), (a), (c, p), ())"
          + " | {0} from {0, 1}, {} from {0}",
      // Not a result of its own input's shape: counted distinct values do not add up.
      "SELECT a, b, count(DISTINCT c), sum(v) FROM t GROUP BY ROLLUP(a, b) | ",
  })
  void setsAreSummedUpFromLargerSets(String sqlAndSets) throws Exception {
    String sql = sqlAndSets.substring(0, sqlAndSets.indexOf(" | "));
    String sets = sqlAndSets.substring(sqlAndSets.indexOf(" | ") + 3);
    String plan = explain(sql);
    if (sets.isEmpty()) {
      assertTrue(!plan.contains("summedUp"), plan);
    } else {
      assertTrue(plan.contains("summedUp=[" + sets + "]"), plan);
    }
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  /** Sets summed up from larger ones spill as any aggregation does, and still give DuckDB's answer. */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT a, b, i, sum(v), count(*), min(x), max(c) FROM t GROUP BY ROLLUP(a, b, i)",
      "SELECT b, i, sum(v), count(v), grouping(i) FROM t GROUP BY CUBE(b, i)",
  })
  void summedUpSetsThatSpillGiveDuckDbsAnswer(String sql) throws Exception {
    try (Connection small = DriverManager.getConnection("jdbc:lake:" + lake + ";queryMemoryLimit=64KB")) {
      Rows.assertSameRows(duck.query(sql), Rows.query(small, sql), false, sql);
      List<List<String>> spilled = Rows.query(small, "SELECT spill_files FROM sys.queries "
          + "ORDER BY statement_id DESC LIMIT 1");
      assertTrue(Long.parseLong(spilled.get(0).get(0)) > 0, sql + " spilled nothing: " + spilled);
    }
  }

  private static String explain(String sql) throws Exception {
    return Rows.explain(lakeConnection, sql);
  }
}
