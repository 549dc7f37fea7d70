package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A lake written by DuckDB (INT64 decimals, escaped values, NULL partitions, data_N file names). */
class DuckDbWrittenLakeTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    duck.execute("CREATE TABLE src AS SELECT i AS order_id, (i % 97)::INTEGER AS customer_id, "
        + "CAST(i * 1.25 AS DECIMAL(12,2)) AS amount, (i % 5)::INTEGER AS qty, i / 7.0 AS price, "
        + "DATE '2026-07-01' + (i % 4)::INTEGER AS dt, "
        + "CASE i % 5 WHEN 0 THEN 'MUM001' WHEN 1 THEN 'S 99:x' WHEN 2 THEN 'a/b' WHEN 3 THEN NULL "
        + "ELSE '100%' END AS branch_id, "
        + "TIMESTAMP '2026-07-01 10:00:00' + to_seconds(i * 37) AS ts, "
        + "CASE WHEN i % 3 = 0 THEN NULL ELSE 'note ' || i END AS note "
        + "FROM range(1, 401) t(i)");
    duck.execute("COPY src TO '" + lake.resolve("orders")
        + "' (FORMAT PARQUET, PARTITION_BY (dt, branch_id))");
    duck.execute("COPY (SELECT * FROM src WHERE order_id <= 50) TO '" + lake.resolve("single.parquet")
        + "' (FORMAT PARQUET)");
    duck.viewOfTable(lake, "orders");
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  @AfterAll static void close() throws Exception {
    lakeConnection.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT order_id, customer_id, amount, qty, price, ts, note, dt, branch_id FROM orders",
      "SELECT branch_id, count(*), sum(amount), min(ts), max(price) FROM orders GROUP BY branch_id",
      "SELECT dt, count(*) FROM orders GROUP BY dt",
      "SELECT order_id, note FROM orders WHERE note IS NULL",
      "SELECT count(*) FROM orders",
      "SELECT branch_id FROM orders WHERE branch_id = 'S 99:x'",
      "SELECT sum(amount) FROM orders WHERE dt = DATE '2026-07-02'",
  })
  void sameAnswersAsDuckDb(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  @Test void singleFileTableUnderTheRoot() throws Exception {
    List<List<String>> rows = Rows.query(lakeConnection, "SELECT count(*), sum(amount) FROM single");
    assertEquals(Rows.query(duck.connection(), "SELECT count(*), sum(amount) FROM '"
        + lake.resolve("single.parquet") + "'"), rows);
  }
}
