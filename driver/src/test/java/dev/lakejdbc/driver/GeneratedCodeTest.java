package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.Rows;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.Test;

/**
 * What a statement hands Janino: a pushed filter's literals, a partition's dynamic-pruning keys and a
 * dimension row's keys and columns are plain calls ({@code RowFunctions}), not anonymous classes
 * compiled and loaded anew by every statement; values that change per execution (a {@code ?}) are
 * still computed per execution. Every answer is DuckDB's on the same files.
 */
class GeneratedCodeTest extends DayFactLake {
  /** The Java source of the statement {@code sql} prepares (the plan cache must not hold it). */
  private static String sourceOf(String sql) throws Exception {
    List<String> sources = new ArrayList<>();
    try (Hook.Closeable hook = Hook.JAVA_PLAN.addThread((Object s) -> sources.add((String) s));
         PreparedStatement statement = lakeConnection.prepareStatement(sql)) {
      assertTrue(!sources.isEmpty(), "no source compiled for " + sql);
    }
    return String.join("\n", sources);
  }

  @Test void literalsKeysAndDimensionColumnsNeedNoGeneratedClass() throws Exception {
    String sql = "SELECT days.kind, days.rate, f.k, sum(f.v) AS s FROM f JOIN days ON f.d = days.day "
        + "WHERE days.kind = 'holiday' AND days.rate > 0.5 GROUP BY days.kind, days.rate, f.k";
    String plan = Rows.explain(lakeConnection, sql);
    assertTrue(plan.contains("DynamicPruning"), plan);
    String source = sourceOf(sql);
    assertTrue(source.contains("RowFunctions.constant("), source);
    assertTrue(source.contains("RowFunctions.fields("), source);
    assertFalse(source.contains("partitionRow"), "a partition key or filter value compiled: " + source);
    assertFalse(source.contains("dimensionRow"), "a dimension row function compiled: " + source);
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  /** A filter without values (IS NULL) and one on a dimension with only its key read. */
  @Test void filtersWithoutValuesNeedNoGeneratedClassEither() throws Exception {
    String sql = "SELECT f.k, count(*) AS n FROM f JOIN days ON f.d = days.day WHERE days.rate IS NULL "
        + "GROUP BY f.k";
    String source = sourceOf(sql);
    assertFalse(source.contains("partitionRow"), source);
    assertFalse(source.contains("dimensionRow"), source);
    Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false, sql);
  }

  /** A parameter's value is computed at each execution: two values, two answers, each DuckDB's. */
  @Test void parameterValuesAreStillComputedPerExecution() throws Exception {
    String sql = "SELECT f.k, sum(f.v) AS s FROM f JOIN days ON f.d = days.day WHERE days.kind = ? "
        + "AND days.rate > ? GROUP BY f.k";
    assertTrue(sourceOf(sql).contains("partitionRow"), "the filter's values are a function of the execution");
    try (PreparedStatement statement = lakeConnection.prepareStatement(sql)) {
      for (String[] values : new String[][] {{"holiday", "0.5"}, {"workday", "2.5"}}) {
        statement.setString(1, values[0]);
        statement.setBigDecimal(2, new java.math.BigDecimal(values[1]));
        String literal = sql.replaceFirst("\\?", "'" + values[0] + "'").replaceFirst("\\?", values[1]);
        try (ResultSet rows = statement.executeQuery()) {
          Rows.assertSameRows(duck.query(literal), Rows.read(rows), false, literal);
        }
      }
    }
  }
}
