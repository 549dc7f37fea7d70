package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Aggregates without GROUP BY over one table (or one join), each with its own WHERE, that a
 * statement cross-joins — scalar sub-queries in its SELECT list, single-row derived tables in its
 * FROM — are computed in one scan, each aggregate counting the rows of its own filter
 * (MergedScalarAggregates): sys.scans shows one scan of the fact where there was one per sub-query,
 * the partitions read are those of any filter, and every answer is DuckDB's, also where a filter
 * keeps no row (COUNT 0, AVG NULL) or is NULL on some rows, and with pruning off.
 */
class MergedScalarAggregatesTest extends DayFactLake {
  static Connection unpruned;

  @BeforeAll static void connectUnpruned() throws Exception {
    unpruned = DriverManager.getConnection("jdbc:lake:" + lake + ";dpp=false;staticPruning=false");
  }

  @AfterAll static void closeUnpruned() throws Exception {
    unpruned.close();
  }

  private static List<List<String>> scansOfLastStatement(Connection c) throws Exception {
    return Rows.query(c, "SELECT table_name, count(*), sum(partitions_read) FROM sys.scans WHERE "
        + "statement_id = (SELECT max(statement_id) FROM sys.scans) GROUP BY table_name "
        + "ORDER BY table_name");
  }

  private static void assertDuckDbsAnswer(String sql) throws Exception {
    List<List<String>> expected = duck.query(sql);
    Rows.assertSameRows(expected, Rows.query(lakeConnection, sql), false, sql);
    Rows.assertSameRows(expected, Rows.query(unpruned, sql), false, sql + " (pruning off)");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // Scalar sub-queries in a CASE, as TPC-DS's q9: v is NULL on some rows, k > 200 keeps none.
      "SELECT CASE WHEN (SELECT count(*) FROM f WHERE k BETWEEN 1 AND 20) > 3000 "
          + "THEN (SELECT avg(v) FROM f WHERE k BETWEEN 1 AND 20) "
          + "ELSE (SELECT sum(v) FROM f WHERE k BETWEEN 1 AND 20) END AS b1, "
          + "(SELECT count(*) FROM f WHERE k > 200) AS none, (SELECT avg(v) FROM f WHERE k > 200) AS no_avg, "
          + "(SELECT count(v) FROM f WHERE v > 500) AS by_v, (SELECT max(k) FROM f) AS every_row "
          + "FROM days WHERE day = 3",
      // Single-row derived tables in FROM, as q28 and q88 (over a join).
      "SELECT * FROM (SELECT avg(v) AS a1, count(*) AS c1 FROM f WHERE k < 10) b1, "
          + "(SELECT avg(v) AS a2, count(*) AS c2 FROM f WHERE k >= 90) b2, "
          + "(SELECT min(v) AS m3 FROM f WHERE v IS NULL) b3",
      "SELECT * FROM (SELECT count(*) AS holidays FROM f, days WHERE f.d = days.day AND days.kind = 'holiday') a, "
          + "(SELECT count(*) AS workdays FROM f, days WHERE f.d = days.day AND days.kind = 'workday') b, "
          + "(SELECT count(*) AS day_like FROM f, days WHERE f.d = days.day AND days.kind LIKE '%day') c",
  })
  void aggregatesOfOneInputAreComputedInOneScan(String sql) throws Exception {
    assertDuckDbsAnswer(sql);
    List<List<String>> scans = scansOfLastStatement(unpruned);
    assertEquals(1, scans.stream().filter(s -> s.get(0).equals("f")).count(), scans.toString());
    assertEquals("1", scans.stream().filter(s -> s.get(0).equals("f")).findFirst().orElseThrow().get(1),
        "one scan of f: " + scans);
    assertTrue(Rows.explain(lakeConnection, sql).contains("FILTER"), Rows.explain(lakeConnection, sql));
  }

  /** The merged scan reads the partitions any sub-query's filter keeps, and only those. */
  @Test void theMergedScanReadsThePartitionsOfEveryFilter() throws Exception {
    String sql = "SELECT (SELECT count(*) FROM f WHERE d = 3) AS a, (SELECT sum(v) FROM f WHERE d IN (5, 6)) AS b";
    assertDuckDbsAnswer(sql);
    Rows.query(lakeConnection, sql);
    assertEquals(List.of(List.of("f", "1", "3")), scansOfLastStatement(lakeConnection));
  }

  /** Parameters in the sub-queries' filters take their values at each execution. */
  @Test void parametersOfMergedFiltersArePerExecution() throws Exception {
    String sql = "SELECT (SELECT count(*) FROM f WHERE k < ?) AS a, (SELECT sum(v) FROM f WHERE k >= ?) AS b";
    try (PreparedStatement statement = lakeConnection.prepareStatement(sql)) {
      for (int[] values : new int[][] {{10, 90}, {50, 3}}) {
        statement.setInt(1, values[0]);
        statement.setInt(2, values[1]);
        String inlined = "SELECT (SELECT count(*) FROM f WHERE k < " + values[0] + ") AS a, "
            + "(SELECT sum(v) FROM f WHERE k >= " + values[1] + ") AS b";
        try (ResultSet rs = statement.executeQuery()) {
          Rows.assertSameRows(duck.query(inlined), Rows.read(rs), false, inlined);
        }
        assertEquals(List.of(List.of("f", "1", "30")), scansOfLastStatement(lakeConnection));
      }
    }
  }

  /** What is not one input with filters stays as it was: other tables, GROUP BY, DISTINCT. */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT (SELECT count(*) FROM f WHERE k < 5) AS a, (SELECT count(*) FROM days WHERE kind = 'holiday') AS b",
      "SELECT (SELECT count(DISTINCT v) FROM f WHERE k < 5) AS a, (SELECT count(DISTINCT v) FROM f WHERE k > 50) AS b",
      "SELECT a.k, a.n, b.n FROM (SELECT k, count(*) AS n FROM f WHERE d < 3 GROUP BY k) a, "
          + "(SELECT count(*) AS n FROM f WHERE d > 20) b WHERE a.k < 4",
      // Scalar sub-queries that are no aggregate (SINGLE_VALUE, which takes no FILTER).
      "SELECT (SELECT kind FROM days WHERE day = 4) AS a, (SELECT rate FROM days WHERE day = 5) AS b",
      // Correlated: one aggregate per day, joined on the day, not one row each.
      "SELECT day, (SELECT count(*) FROM f WHERE f.d = days.day AND k < 5) AS a, "
          + "(SELECT sum(v) FROM f WHERE f.d = days.day AND k > 50) AS b FROM days",
  })
  void otherShapesAreLeftAndStillRight(String sql) throws Exception {
    assertDuckDbsAnswer(sql);
    assertFalse(Rows.explain(lakeConnection, sql).contains("FILTER $"), Rows.explain(lakeConnection, sql));
  }
}
