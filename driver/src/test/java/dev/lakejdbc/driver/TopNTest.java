package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ORDER BY with a limit keeps only the rows it returns (a top-N, EnumerableLimitSort) instead of
 * sorting its whole input: for LIMIT, FETCH FIRST, a LIMIT parameter, and {@code setMaxRows} on an
 * ordered query (what DBeaver sends when a column header is clicked). Answers as DuckDB's.
 */
class TopNTest {
  static DuckDb duck;
  static Connection lake;

  @BeforeAll static void open() throws Exception {
    Path root = LakeFixture.lake();
    duck = new DuckDb();
    duck.viewOfTable(root, "fact_orders");
    duck.viewOfTable(root, "transactions");
    lake = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  /** The plan of {@code sql} on {@code s}, so with its maxRows. */
  private static String plan(Statement s, String sql) throws Exception {
    return Rows.read(s.executeQuery("EXPLAIN PLAN FOR " + sql)).toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT order_id, amount FROM fact_orders ORDER BY amount DESC, order_id LIMIT 5",
      "SELECT order_id, dt FROM fact_orders ORDER BY dt, order_id DESC OFFSET 3 ROWS FETCH FIRST 4 ROWS ONLY",
      "SELECT * FROM (SELECT order_id AS id FROM fact_orders UNION ALL SELECT txn_id FROM transactions) "
          + "ORDER BY id DESC LIMIT 6",
  })
  void orderByWithLimitIsATopN(String sql) throws Exception {
    try (Statement s = lake.createStatement()) {
      String plan = plan(s, sql);
      assertTrue(plan.contains("EnumerableLimitSort"), plan);
      assertFalse(plan.contains("EnumerableSort("), "no full sort: " + plan);
    }
    Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), true, sql);
  }

  @Test void maxRowsOnAnOrderedQueryIsATopN() throws Exception {
    String sql = "SELECT order_id, amount, dt FROM fact_orders ORDER BY order_id DESC";
    try (Statement s = lake.createStatement()) {
      s.setMaxRows(7);
      String plan = plan(s, sql);
      assertTrue(plan.contains("EnumerableLimitSort") && plan.contains("fetch=[7]"), plan);
      Rows.assertSameRows(duck.query(sql + " LIMIT 7"), Rows.read(s.executeQuery(sql)), true, sql);
      s.setMaxRows(0);
      List<List<String>> all = Rows.read(s.executeQuery(sql));
      Rows.assertSameRows(duck.query(sql), all, true, "setMaxRows(0) reads every row again");
    }
  }

  @Test void limitParameter() throws Exception {
    String sql = "SELECT order_id FROM fact_orders ORDER BY order_id LIMIT ?";
    try (PreparedStatement p = lake.prepareStatement(sql)) {
      p.setInt(1, 3);
      Rows.assertSameRows(duck.query("SELECT order_id FROM fact_orders ORDER BY order_id LIMIT 3"),
          Rows.read(p.executeQuery()), true, sql);
    }
  }
}
