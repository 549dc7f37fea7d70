package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A grouped aggregate's functions are called one after the other by a function of the query's own
 * generated code (FusedAccumulatorAdders), not by Calcite's list of adders: the generated Java shows
 * the fused function and no call of {@code accumulatorAdder()}, and the answers stay DuckDB's, with
 * NULLs, FILTER clauses, DISTINCT and grouping sets.
 */
class FusedAccumulatorAddersTest {
  @org.junit.jupiter.api.io.TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    duck.execute("COPY (SELECT (i % 7)::INTEGER AS g, (i % 3)::INTEGER AS h, "
        + "CASE WHEN i % 11 = 0 THEN NULL ELSE CAST(i / 3.0 AS DECIMAL(9,2)) END AS v, "
        + "'s' || (i % 13) AS s FROM range(0, 20000) t(i)) TO '" + lake.resolve("t") + "' "
        + "(FORMAT PARQUET, PARTITION_BY (h))");
    duck.viewOfTable(lake, "t");
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  @AfterAll static void close() throws Exception {
    lakeConnection.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT g, sum(v), count(*), count(v), min(s), max(v), avg(v) FROM t GROUP BY g",
      "SELECT g, sum(v) FILTER (WHERE h = 1), sum(CASE WHEN s = 's1' THEN v END), count(*) FROM t GROUP BY g",
      "SELECT g, h, sum(v), max(s) FROM t GROUP BY ROLLUP (g, h)",
      "SELECT g, count(DISTINCT s), sum(v) FROM t GROUP BY g",
  })
  void theAddersAreFusedAndTheAnswersStayDuckDbs(String sql) throws Exception {
    List<String> code = new ArrayList<>();
    List<List<String>> rows;
    try (Hook.Closeable hook = Hook.JAVA_PLAN.addThread((java.util.function.Consumer<String>) code::add)) {
      rows = Rows.query(lakeConnection, "/* fused */ " + sql);
    }
    String java = String.join("\n", code);
    assertTrue(java.contains("fusedResult = "), "a fused adder in the generated code: " + java);
    assertFalse(java.contains(".accumulatorAdder()"), "no list of adders called: " + java);
    Rows.assertSameRows(duck.query(sql), rows, false, sql);
  }
}
