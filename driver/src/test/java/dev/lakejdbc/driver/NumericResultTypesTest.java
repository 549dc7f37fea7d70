package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Result types of arithmetic and aggregates follow Spark SQL (LakeTypeSystem): AVG of integers is
 * fractional, SUM and AVG of a DECIMAL(7,2) column hold sums far past 99,999.99, integer division is
 * fractional. Values are checked against DuckDB on a DuckDB-written lake; types against Spark's rules.
 */
class NumericResultTypesTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    // 20,000 prices near 9,999.99: their sum is about 2e8, far past DECIMAL(7,2).
    duck.execute("CREATE TABLE src AS SELECT i::INTEGER AS i, (i % 7)::SMALLINT AS s, "
        + "(i * 1000003)::BIGINT AS b, CAST(9999.99 - (i % 100) AS DECIMAL(7,2)) AS d, "
        + "(i % 4)::INTEGER AS p FROM range(1, 20001) t(i)");
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
      "SELECT avg(i), avg(s), avg(b), avg(d), sum(d), sum(i), sum(s), sum(b), count(*) FROM t",
      "SELECT p, avg(d), sum(d), avg(i) FROM t GROUP BY p",
      "SELECT avg(CASE WHEN i % 2 = 0 THEN d END), sum(CASE WHEN i % 3 = 0 THEN d ELSE 0 END) FROM t",
      "SELECT i / 7, i / 2, 7 / 2, i % 7, b / i, sum(i) / count(*) FROM t WHERE i < 30 GROUP BY i, b",
      "SELECT round(d / 3, 4), d * d, d + d, d - i, d * 2 FROM t WHERE i < 30",
      "SELECT stddev_samp(i), var_samp(s) FROM t",
      // Widening casts, run as plain Java conversions (WideningCasts); NULLs, and longs past 2^53.
      "SELECT CAST(i AS DOUBLE), CAST(b AS DOUBLE), CAST(b * 1000003 AS DOUBLE), CAST(i AS REAL), "
          + "CAST(i AS BIGINT) * 3000000000, CAST(NULLIF(i, 5) AS DOUBLE), CAST(NULLIF(b, 5000015) AS DOUBLE), "
          + "CAST(s AS DOUBLE) FROM t WHERE i < 40",
  })
  void sameValuesAsDuckDb(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  /**
   * A CAST to a smaller scale rounds half up (away from zero), as DuckDB and Spark do; Calcite alone
   * cut the digits. DuckDB takes the same text.
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT i, CAST(d / 8 AS DECIMAL(12,1)), CAST(-d / 8 AS DECIMAL(12,2)), "
          + "CAST(i * 0.125 AS DECIMAL(10,2)), CAST(i / 8e0 AS DECIMAL(10,2)) FROM t WHERE i < 50",
      "SELECT CAST(1.6666669 AS DECIMAL(10,6)), CAST(-2.5 AS DECIMAL(3,0)), CAST(2.45 AS DECIMAL(3,1))",
  })
  void aCastToASmallerScaleRoundsHalfUp(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  /**
   * A division of decimals is exact to its type's scale (6 here), rounded half up: Calcite's own kept
   * 16 significant digits, so a sum of 2e8 in cents divided by 7 lost its last digits. Where the
   * 38-digit cap took scale from the type (DECIMAL(38,2) / INTEGER would have scale 13, as in Spark),
   * the value keeps that scale. DuckDB, whose decimal division is a DOUBLE, computes the expected
   * values in integers.
   */
  @Test void aDivisionOfDecimalsIsExactToItsScale() throws Exception {
    String duckSql = "SELECT p, ((CAST(sum(d) * 100 AS HUGEINT) * 100000000000 * 2 + 7) // 14)::VARCHAR, "
        + "((CAST(sum(d) * 100 AS HUGEINT) * 10000 * 2 + 3 * 17) // (2 * 3 * 17))::VARCHAR FROM t GROUP BY p";
    List<List<String>> expected = duck.query(duckSql).stream().map(r -> List.of(r.get(0),
        new java.math.BigDecimal(new java.math.BigInteger(r.get(1)), 13).stripTrailingZeros().toPlainString(),
        new java.math.BigDecimal(new java.math.BigInteger(r.get(2)), 6).stripTrailingZeros().toPlainString()))
        .toList();
    String sql = "SELECT p, sum(d) / 7, sum(d) / CAST(51 AS DECIMAL(3,0)) FROM t GROUP BY p";
    Rows.assertSameRows(expected, Rows.query(lakeConnection, sql), false, sql);
    assertEquals(List.of("DECIMAL(38,6)", "DECIMAL(38,6)"),
        types("SELECT sum(d) / 7, sum(d) / CAST(51 AS DECIMAL(3,0)) FROM t").subList(0, 2));
  }

  /** JDBC type, precision and scale of each column, as {@code TYPE(p,s)} for decimals. */
  private static List<String> types(String sql) throws Exception {
    List<String> types = new ArrayList<>();
    try (Statement s = lakeConnection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      for (int c = 1; c <= md.getColumnCount(); c++) {
        types.add(md.getColumnType(c) == Types.DECIMAL
            ? "DECIMAL(" + md.getPrecision(c) + "," + md.getScale(c) + ")"
            : md.getColumnTypeName(c));
      }
    }
    return types;
  }

  @Test void aggregatesTakeSparksTypesButAvgOfADecimalHoldsItsSum() throws Exception {
    assertEquals(List.of("DOUBLE", "DOUBLE", "DOUBLE", "DECIMAL(38,6)", "DECIMAL(38,2)", "BIGINT",
            "BIGINT", "BIGINT", "DOUBLE"),
        types("SELECT avg(i), avg(s), avg(b), avg(d), sum(d), sum(i), sum(s), sum(b), stddev_samp(i) "
            + "FROM t"));
  }

  @Test void arithmeticTakesSparksTypes() throws Exception {
    assertEquals(List.of("DOUBLE", "DOUBLE", "DECIMAL(18,13)", "DECIMAL(15,4)", "DECIMAL(8,2)",
            "DECIMAL(13,2)"),
        types("SELECT i / 7, b / i, d / i, d * d, d + d, d - i FROM t"));
  }

  @Test void literalsOfDifferentLengthsAreNotBlankPadded() throws Exception {
    String sql = "SELECT kind, count(*) FROM (SELECT 'store' AS kind FROM t WHERE i < 3 UNION ALL "
        + "SELECT 'catalog' FROM t WHERE i < 2) GROUP BY kind";
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
    String caseSql = "SELECT CASE WHEN i = 1 THEN 'a' ELSE 'bbb' END || '|' FROM t WHERE i < 3";
    Rows.assertSameRows(duck.query(caseSql), Rows.query(lakeConnection, caseSql), false, caseSql);
  }

  @Test void integerDivisionIsFractional() throws Exception {
    assertEquals(List.of(List.of("3.5", "0.5")), Rows.query(lakeConnection,
        "SELECT 7 / 2, min(i) / 2 FROM t"));
  }
}
