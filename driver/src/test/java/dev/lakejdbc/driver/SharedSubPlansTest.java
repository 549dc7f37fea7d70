package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A sub-plan the plan would compute more than once (a WITH query read twice, with its joins,
 * aggregation and dynamic pruning) is computed once per execution (SharedSubPlans): EXPLAIN shows
 * its uses, sys.scans one scan of the fact where there were two, and the answers are DuckDB's, also
 * when its rows are too many to keep and every use computes them again.
 */
class SharedSubPlansTest extends DayFactLake {
  /** A fact partitioned by day, a day dimension, a per-key total read twice. */
  private static final String TOTALS = "WITH totals AS (SELECT f.k, f.d, sum(f.v) AS s, count(*) AS n "
      + "FROM f JOIN days ON f.d = days.day WHERE days.kind = 'holiday' GROUP BY f.k, f.d) ";

  @ParameterizedTest
  @ValueSource(strings = {
      TOTALS + "SELECT k, d, s, n FROM totals WHERE s > 3000 UNION ALL SELECT k, d, s, n FROM totals WHERE n < 70",
      TOTALS + "SELECT a.k, a.d, a.s FROM totals a WHERE a.s > (SELECT avg(s) FROM totals)",
      TOTALS + "SELECT d, max(s), min(n) FROM totals GROUP BY d UNION ALL SELECT k, max(s), min(n) FROM totals "
          + "GROUP BY k",
  })
  void aWithQueryReadTwiceRunsOnceWithDuckDbsAnswer(String sql) throws Exception {
    String plan = explain(sql);
    assertTrue(plan.contains("SharedSubPlan(subPlan=[1], uses=[2])"), plan);
    assertTrue(plan.contains("DynamicFilterSource"), "pruned inside the shared sub-plan: " + plan);
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
    assertEquals(List.of(List.of("days", "1"), List.of("f", "1")), scansOfLastStatement(lakeConnection), sql);
  }

  /** Rows beyond the budget are not kept: each use computes them, and nothing fails for it. */
  @Test void rowsTooManyToKeepAreComputedAgain() throws Exception {
    String sql = "WITH pairs AS (SELECT f.k, f.v, count(*) AS n FROM f JOIN days ON f.d = days.day "
        + "GROUP BY f.k, f.v) SELECT a.k, a.v, a.n + b.n FROM pairs a JOIN pairs b ON a.k = b.k AND a.v = b.v";
    try (Connection small = DriverManager.getConnection("jdbc:lake:" + lake
        + ";queryMemoryLimit=128KB")) {
      Rows.assertSameRows(duck.query(sql), Rows.query(small, sql), false, sql);
      assertEquals(List.of(List.of("days", "2"), List.of("f", "2")), scansOfLastStatement(small), sql);
    }
  }

  /** Per table, how many scans the connection's latest statement ran. */
  private static List<List<String>> scansOfLastStatement(Connection c) throws Exception {
    return Rows.query(c, "SELECT table_name, count(*) FROM sys.scans WHERE statement_id = "
        + "(SELECT max(statement_id) FROM sys.scans) GROUP BY table_name ORDER BY table_name");
  }

  private static String explain(String sql) throws Exception {
    return Rows.explain(lakeConnection, sql);
  }
}
