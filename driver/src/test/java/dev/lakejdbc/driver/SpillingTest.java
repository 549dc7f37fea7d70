package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With a query memory limit of a few KB, every sort, top-N, aggregation and hash join of these
 * queries outgrows it and spills: the answers are DuckDB's all the same, sys.queries says what
 * spilled, and no spill file is left once the result is read. With spilling off, the same queries
 * fail with 53200 naming the operator, and the connection goes on answering.
 */
class SpillingTest {
  /** Small enough that every operator here spills, large enough for a few rows per run. */
  static final String TINY = ";queryMemoryLimit=64KB;dpp=false";

  @TempDir static Path spillDirectory;
  static DuckDb duck;
  static Connection lake;

  @BeforeAll static void open() throws Exception {
    Path root = LakeFixture.lake();
    duck = new DuckDb();
    for (String table : List.of("fact_orders", "dim_date", "transactions")) {
      duck.viewOfTable(root, table);
    }
    lake = LakeFixture.connect(TINY + ";spillDirectory=" + spillDirectory);
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  @AfterEach void noSpillFileLeft() throws Exception {
    try (Stream<Path> left = Files.list(spillDirectory)) {
      assertEquals(List.of(), left.toList(), "spill files left after the query");
    }
  }

  /** The latest execution's spill files and operators, from sys.queries. */
  private static List<String> lastSpill() throws SQLException {
    List<List<String>> q = Rows.query(lake, "SELECT spill_files, operators FROM sys.queries "
        + "ORDER BY statement_id DESC LIMIT 1");
    return q.get(0);
  }

  private static void assertSpilled(String sql) throws SQLException {
    List<String> spill = lastSpill();
    assertTrue(Long.parseLong(spill.get(0)) > 0, sql + " spilled nothing: " + spill);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT order_id, amount, dt FROM fact_orders ORDER BY amount DESC, order_id",
      "SELECT txn_id, txn_ts, channel, amount FROM transactions ORDER BY txn_ts, txn_id DESC",
      "SELECT order_id, price FROM fact_orders ORDER BY price DESC NULLS LAST, order_id LIMIT 900 OFFSET 50",
      "SELECT order_id, discount, qty FROM fact_orders ORDER BY discount NULLS FIRST, qty DESC, order_id",
      // One key: linq4j's comparator, with numbers of one class compared directly (SingleKeyOrder).
      "SELECT price FROM fact_orders ORDER BY price DESC",
      "SELECT customer_id FROM fact_orders ORDER BY customer_id DESC LIMIT 3000 OFFSET 20",
      "SELECT discount FROM fact_orders ORDER BY discount NULLS FIRST",
      // Sorted below the join by the planner, then the join turned around to stream the fact: the
      // order is restored by a sort above it (rows of one date_id are alike, so the order is total).
      "SELECT d.date_id, d.date_type FROM dim_date d LEFT JOIN fact_orders f ON f.dt = d.date_id "
          + "ORDER BY d.date_id DESC",
  })
  void sortsSpillAndAnswerInOrder(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), true, sql);
    assertSpilled(sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT customer_id, count(*), sum(amount), min(price), max(dt) FROM fact_orders GROUP BY customer_id",
      "SELECT DISTINCT customer_id, qty FROM fact_orders",
      "SELECT customer_id, qty, count(*) FROM fact_orders GROUP BY GROUPING SETS ((customer_id), (qty), ())",
      "SELECT channel, txn_date, count(*), sum(amount), max(txn_ts) FROM transactions GROUP BY channel, txn_date",
      // Joins: an inner join of two large inputs, outer joins with rows unmatched on either side, a
      // residual predicate, semi and anti joins, NULL keys (discount is NULL in a tenth of the rows).
      "SELECT a.customer_id, count(*) FROM fact_orders a JOIN fact_orders b ON a.order_id = b.order_id "
          + "GROUP BY a.customer_id",
      "SELECT a.order_id, b.order_id, b.discount FROM (SELECT * FROM fact_orders WHERE qty > 3) a "
          + "FULL JOIN (SELECT * FROM fact_orders WHERE qty < 7) b "
          + "ON a.discount = b.discount AND a.order_id = b.order_id",
      // The smaller input is built (SmallerInputBuilds), so a RIGHT join that holds its preserved
      // side needs that side the smaller one, and still larger than the limit.
      "SELECT a.order_id, b.order_id, b.qty FROM fact_orders a RIGHT JOIN "
          + "(SELECT * FROM fact_orders WHERE qty < 9) b "
          + "ON a.order_id = b.order_id + 1 AND a.amount > b.amount",
      "SELECT f.order_id, t.txn_id, t.channel FROM fact_orders f LEFT JOIN transactions t "
          + "ON f.order_id = t.txn_id AND t.channel = 'ATM'",
      "SELECT order_id, qty FROM fact_orders a WHERE a.customer_id + 1 IN "
          + "(SELECT b.customer_id FROM fact_orders b WHERE b.qty > 2)",
      "SELECT order_id FROM fact_orders a WHERE NOT EXISTS "
          + "(SELECT 1 FROM fact_orders b WHERE b.order_id = a.order_id + 1 AND b.qty > 5)",
      // A key with more rows than the limit holds: joined part by part (a block nested loop).
      "SELECT a.order_id FROM fact_orders a WHERE EXISTS "
          + "(SELECT 1 FROM fact_orders b WHERE b.dt = a.dt AND b.qty > a.qty + 3)",
      "SELECT a.order_id FROM fact_orders a WHERE NOT EXISTS "
          + "(SELECT 1 FROM fact_orders b WHERE b.dt = a.dt AND b.price > a.price * 2)",
      "SELECT a.order_id, b.order_id FROM (SELECT * FROM fact_orders WHERE qty = 1) a FULL JOIN "
          + "(SELECT * FROM fact_orders WHERE qty = 2) b ON a.dt = b.dt AND a.amount < b.amount - 80",
  })
  void aggregationsAndJoinsSpillAndAnswer(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), false, sql);
    assertSpilled(sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {";queryMemoryLimit=lots", ";queryMemoryLimit=0", ";queryMemoryLimit=150%",
      ";spill=maybe", ";spillDirectory=<lake>/fact_orders"})
  void badMemorySettingsAreRefusedNamingTheProperty(String properties) {
    String url = "jdbc:lake:" + LakeFixture.lake() + properties.replace("<lake>",
        LakeFixture.lake().toString());
    SQLException e = assertThrows(SQLException.class, () -> java.sql.DriverManager.getConnection(url));
    assertEquals("08001", e.getSQLState(), e::toString);
    String property = properties.substring(1, properties.indexOf('='));
    assertTrue(e.getMessage().contains(property), e.getMessage());
  }

  @Test void explainAnalyzeShowsWhatWasHeldAndSpilled() throws Exception {
    String text = Rows.query(lake, "EXPLAIN ANALYZE SELECT customer_id, count(*) FROM fact_orders "
        + "GROUP BY customer_id").toString();
    assertTrue(text.contains("Memory: held at most") && text.contains("queryMemoryLimit=64KB")
        && text.contains("GROUP BY customer_id: held at most") && text.contains(" in ")
        && text.contains("files"), text);
  }

  @Test void withSpillingOffTheLimitFailsTheQueryAndTheConnectionGoesOn() throws Exception {
    try (Connection strict = LakeFixture.connect(TINY + ";spill=false")) {
      String sql = "SELECT order_id, amount FROM fact_orders ORDER BY amount DESC, order_id";
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(strict, sql));
      assertEquals("53200", e.getSQLState(), e::toString);
      assertTrue(e.getMessage().contains("ORDER BY amount DESC, order_id")
          && e.getMessage().contains("queryMemoryLimit=64KB") && e.getMessage().contains("spill=false"),
          e.getMessage());
      String small = "SELECT count(*) FROM fact_orders WHERE dt = DATE '2026-03-01'";
      Rows.assertSameRows(duck.query(small), Rows.query(strict, small), false, small);
      List<List<String>> queries = Rows.query(strict, "SELECT held_bytes, running FROM sys.queries");
      assertTrue(queries.stream().allMatch(q -> q.equals(List.of("0", "false"))),
          "every execution let go of its memory: " + queries);
    }
  }
}
