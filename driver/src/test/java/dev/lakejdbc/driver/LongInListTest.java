package dev.lakejdbc.driver;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Long IN and NOT IN lists (PointSetMembership: a hash lookup instead of one comparison per value) on
 * strings of several lengths, integers, BIGINTs, DATEs and a partition column, in filters and as
 * projected booleans whose NULLs must stay NULL, with DuckDB's answers on the same files.
 */
class LongInListTest {
  private static final String STRINGS = "('a', 'abc', 'k7', 'zz', 'q1x', 'b', 'c4', 'd44', 'e', 'f5', 'g',"
      + " 'h66', 'a ')";
  private static final String INTS = "(3, 17, 40, 41, 99, 150, 151, 600, 1999, 2000, -5, 0)";

  @org.junit.jupiter.api.io.TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    duck.execute("CREATE TABLE src AS SELECT "
        + "CASE WHEN i % 11 = 0 THEN NULL ELSE i::INTEGER END AS i, "
        + "CASE WHEN i % 13 = 0 THEN NULL WHEN i % 5 = 0 THEN 'a ' "
        + "ELSE chr((97 + abs(i) % 9)::INTEGER) || CASE WHEN i % 3 = 0 THEN '' ELSE (i % 70)::VARCHAR END END AS s, "
        + "(i * 1000003)::BIGINT AS b, DATE '2026-01-01' + (i % 40)::INTEGER AS dt, "
        + "(i % 20)::INTEGER AS p FROM range(-10, 2500) t(i)");
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
      "SELECT i, s FROM t WHERE s IN " + STRINGS,
      "SELECT i, s FROM t WHERE s NOT IN " + STRINGS,
      "SELECT i, s FROM t WHERE substr(s, 1, 2) IN " + STRINGS,
      "SELECT i, s, s IN " + STRINGS + " AS m, s NOT IN " + STRINGS + " AS n FROM t",
      "SELECT i FROM t WHERE i IN " + INTS,
      "SELECT i FROM t WHERE i NOT IN " + INTS,
      "SELECT i, i IN " + INTS + " AS m, i NOT IN " + INTS + " AS n FROM t",
      "SELECT i FROM t WHERE i IN " + INTS + " OR i IS NULL",
      "SELECT i FROM t WHERE (i IN " + INTS + ") IS NOT TRUE",
      "SELECT i FROM t WHERE i + 1 IN (4, 18, 41, 42, 100, 151, 152, 601, 3000000000)",
      "SELECT b FROM t WHERE b IN (3000009, 17000051, 40000120, 41000123, 99000297, 150000450, "
          + "151000453, 600001800, 1, 2)",
      "SELECT i, dt FROM t WHERE dt IN (DATE '2026-01-01', DATE '2026-01-03', DATE '2026-01-05', "
          + "DATE '2026-01-07', DATE '2026-01-11', DATE '2026-01-13', DATE '2026-01-17', "
          + "DATE '2026-01-19', DATE '2026-02-01')",
      "SELECT p, count(*) FROM t WHERE p IN (0, 1, 2, 3, 5, 8, 13, 19, 21) GROUP BY p",
      "SELECT p, count(*) FROM t WHERE p NOT IN (0, 1, 2, 3, 5, 8, 13, 19, 21) GROUP BY p",
  })
  void sameRowsAsDuckDb(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }
}
