package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A filter on a window's rank ({@code rk <= k}) drops each partition's rows past the limit before the
 * window (WindowGroupLimit in EXPLAIN): answers stay DuckDB's with ties at the limit, NULL partition
 * keys and order values, no partition, DENSE_RANK and ROW_NUMBER; a window that also computes another
 * function, or a filter that is no upper bound, is left alone.
 */
class WindowGroupLimitTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    // 3,000 rows in 7 groups and a NULL group; v has 40 values (many ties) and a NULL every 17 rows.
    duck.execute("CREATE TABLE src AS SELECT i::INTEGER AS id, "
        + "CASE WHEN i % 23 = 0 THEN NULL ELSE 'g' || (i % 7) END AS g, "
        + "CASE WHEN i % 17 = 0 THEN NULL ELSE (i * 7 % 40)::INTEGER END AS v, "
        + "(i % 3)::INTEGER AS p FROM range(1, 3001) t(i)");
    duck.execute("COPY src TO '" + lake.resolve("t") + "' (FORMAT PARQUET, PARTITION_BY (p))");
    duck.viewOfTable(lake, "t");
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  @AfterAll static void close() throws Exception {
    lakeConnection.close();
    duck.close();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "true | SELECT * FROM (SELECT g, id, v, rank() OVER (PARTITION BY g ORDER BY v DESC NULLS LAST) AS rk "
          + "FROM t) x WHERE rk <= 3",
      "true | SELECT * FROM (SELECT g, id, v, rank() OVER (PARTITION BY g ORDER BY v NULLS FIRST) AS rk "
          + "FROM t) x WHERE rk < 4 AND id > 100",
      "true | SELECT * FROM (SELECT g, id, v, dense_rank() OVER (PARTITION BY g ORDER BY v) AS rk "
          + "FROM t) x WHERE rk <= 2",
      "true | SELECT * FROM (SELECT g, id, row_number() OVER (PARTITION BY g ORDER BY id DESC) AS rn "
          + "FROM t) x WHERE rn = 1",
      "true | SELECT * FROM (SELECT id, v, rank() OVER (ORDER BY v DESC NULLS FIRST) AS rk FROM t) x "
          + "WHERE 5 >= rk",
      "true | SELECT * FROM (SELECT g, p, id, v, rank() OVER (PARTITION BY g, p ORDER BY v, id) AS rk, "
          + "dense_rank() OVER (PARTITION BY g, p ORDER BY v, id) AS dr FROM t) x WHERE rk <= 2",
      // Not an upper bound of the rank, or another window function beside it: every row is needed.
      "false | SELECT * FROM (SELECT g, id, v, rank() OVER (PARTITION BY g ORDER BY v) AS rk FROM t) x "
          + "WHERE rk >= 40",
      "false | SELECT * FROM (SELECT g, id, v, rank() OVER (PARTITION BY g ORDER BY v) AS rk, "
          + "sum(v) OVER (PARTITION BY g) AS total FROM t) x WHERE rk <= 2",
      "false | SELECT * FROM (SELECT g, id, v, rank() OVER (PARTITION BY g ORDER BY v) AS rk FROM t) x "
          + "WHERE rk <= 2 OR id = 5",
  })
  void sameRowsAsDuckDb(boolean limited, String sql) throws Exception {
    String plan = Rows.explain(lakeConnection, sql);
    assertEquals(limited, plan.contains("WindowGroupLimit"), plan);
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }
}
