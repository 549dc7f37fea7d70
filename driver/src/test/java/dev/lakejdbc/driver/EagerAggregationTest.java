package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An aggregate over a join whose aggregated side has many rows per join key aggregates that side
 * first, by its join key and the grouping columns it holds (EagerAggregation): the plan shows an
 * aggregate below the join, and the answers stay DuckDB's with NULL keys and values, dimension keys
 * that occur twice (each fact row then counts twice, before and after), grouping columns of both
 * sides, a grand total, an empty answer and the calls that are not split.
 */
class EagerAggregationTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    Files.createDirectories(lake.resolve("d"));
    Files.createDirectories(lake.resolve("u"));
    Files.createDirectories(lake.resolve("w"));
    // 200,000 fact rows over 1,000 keys (a NULL key every 97 rows), a NULL value every 13.
    duck.execute("COPY (SELECT CASE WHEN i % 97 = 0 THEN NULL ELSE (i % 1000)::INTEGER END AS k, "
        + "(i % 3)::INTEGER AS g, CASE WHEN i % 13 = 0 THEN NULL ELSE CAST(i / 7.0 AS DECIMAL(9,2)) END AS v, "
        + "(i % 101)::INTEGER AS x, 's' || (i % 17) AS s FROM range(0, 200000) t(i)) TO '"
        + lake.resolve("f") + "' (FORMAT PARQUET, PARTITION_BY (g))");
    // Keys 0 to 999, keys divisible by 100 twice, and a row without a key.
    duck.execute("CREATE TABLE dim AS SELECT k::INTEGER AS k, 'a' || (k % 7) AS a, (k % 4)::INTEGER AS b "
        + "FROM range(0, 1000) t(k) UNION ALL SELECT k::INTEGER, 'dup' || k, 9 FROM range(0, 1000, 100) t(k) "
        + "UNION ALL SELECT NULL, 'nokey', 5");
    duck.execute("COPY dim TO '" + lake.resolve("d").resolve("part-0.parquet") + "' (FORMAT PARQUET)");
    // A fact whose every row has its own key: no first aggregation pays there.
    duck.execute("COPY (SELECT i::INTEGER AS k, i::INTEGER AS x FROM range(0, 60000) t(i)) TO '"
        + lake.resolve("u").resolve("part-0.parquet") + "' (FORMAT PARQUET)");
    // A second dimension on the fact's g, with g = 1 twice and no g = 2.
    duck.execute("COPY (SELECT g::INTEGER AS g, 'w' || g AS name FROM (VALUES (0), (1), (1)) t(g)) TO '"
        + lake.resolve("w").resolve("part-0.parquet") + "' (FORMAT PARQUET)");
    duck.execute("DROP TABLE dim");
    duck.viewOfTable(lake, "f");
    duck.viewOfTable(lake, "d");
    duck.viewOfTable(lake, "u");
    duck.viewOfTable(lake, "w");
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  @AfterAll static void close() throws Exception {
    lakeConnection.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT d.a, sum(f.v), count(*), count(f.v), min(f.s), max(f.x), avg(f.x) "
          + "FROM f JOIN d ON f.k = d.k GROUP BY d.a",
      // Grouping columns of both sides, in an order that is neither side's.
      "SELECT d.b, f.g, d.a, sum(f.x), min(f.v) FROM f JOIN d ON f.k = d.k GROUP BY d.b, f.g, d.a",
      "SELECT count(*), sum(f.v), max(f.s) FROM f JOIN d ON f.k = d.k",
      "SELECT d.a, sum(f.v), count(*) FROM f JOIN d ON f.k = d.k WHERE d.b > 100 GROUP BY d.a",
      "SELECT d.a, count(DISTINCT f.x), sum(f.v) FROM f JOIN d ON f.k = d.k GROUP BY d.a",
      "SELECT d.b, sum(f.v * f.x), count(*) FROM f JOIN d ON f.k = d.k WHERE f.x > 50 GROUP BY d.b",
      "SELECT d.a, sum(u.x), count(*) FROM u JOIN d ON u.k = d.k GROUP BY d.a",
      "SELECT d.a, sum(f.v), count(*), count(f.v), max(f.s) FROM f JOIN d ON f.k = d.k "
          + "JOIN w ON f.g = w.g GROUP BY d.a",
  })
  void sameRowsAsDuckDb(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT d.a, sum(f.v), count(*) FROM f JOIN d ON f.k = d.k GROUP BY d.a",
      // An argument computed from the side's columns is computed below the first aggregation.
      "SELECT d.b, sum(f.v * f.x), min(f.s) FROM f JOIN d ON f.k = d.k GROUP BY d.b",
  })
  void theSideWithManyRowsPerKeyIsAggregatedBelowTheJoin(String sql) throws SQLException {
    String plan = Rows.explain(lakeConnection, sql);
    int join = plan.indexOf("EnumerableHashJoin");
    assertTrue(join > 0, plan);
    assertTrue(plan.indexOf("Aggregate", join) > join, "an aggregate below the join: " + plan);
    assertEquals(2, plan.split("Aggregate\\(", -1).length - 1, plan);
  }

  /**
   * Over two joins, with the arguments all from the fact: the fact is aggregated by both its join
   * keys below the lower join, and by the upper join's key below the upper one.
   */
  @Test void aFirstAggregationOverAJoinIsSplitAgain() throws SQLException {
    String plan = Rows.explain(lakeConnection, "SELECT d.a, sum(f.v), count(*), max(f.s) "
        + "FROM f JOIN d ON f.k = d.k JOIN w ON f.g = w.g GROUP BY d.a");
    assertEquals(3, plan.split("Aggregate\\(", -1).length - 1, plan);
    int lowerJoin = plan.lastIndexOf("EnumerableHashJoin");
    assertTrue(plan.indexOf("Aggregate(group=[{", lowerJoin) > lowerJoin,
        "an aggregate below the lower join: " + plan);
  }

  /**
   * A side whose keys include a column of a dimension the fact scan joins partition-wise (TPC-DS q4
   * groups each year's sales by customer and the date's year): the joined column's distinct values
   * come from that dimension, so the side is aggregated first. Without an estimate for the joined
   * column it was not.
   */
  @Test void aKeyWithAColumnJoinedPartitionWiseIsAggregatedFirst() throws Exception {
    String sql = "SELECT d.a, w.g, sum(f.v), count(*) FROM f JOIN d ON f.k = d.k "
        + "JOIN w ON f.g = w.g WHERE w.name LIKE 'w%' GROUP BY d.a, w.g";
    String plan = Rows.explain(lakeConnection, sql);
    assertTrue(plan.contains("JoinedPartitionWise"), plan);
    int join = plan.indexOf("EnumerableHashJoin");
    assertTrue(join > 0, plan);
    assertTrue(plan.indexOf("Aggregate", join) > join, "an aggregate below the join: " + plan);
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  @Test void aSideWithAboutOneRowPerKeyIsNotAggregatedFirst() throws SQLException {
    String plan = Rows.explain(lakeConnection,
        "SELECT d.a, sum(u.x) FROM u JOIN d ON u.k = d.k GROUP BY d.a");
    int join = plan.indexOf("EnumerableHashJoin");
    assertTrue(join > 0, plan);
    assertEquals(-1, plan.indexOf("Aggregate", join), plan);
  }
}
