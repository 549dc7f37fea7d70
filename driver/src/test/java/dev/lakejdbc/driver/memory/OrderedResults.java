package dev.lakejdbc.driver.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.lakejdbc.testing.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares two large ordered results row by row as they stream, without holding either: what a heap
 * too small for the results needs. Values are normalized as {@link Rows} does.
 */
final class OrderedResults {
  private OrderedResults() {}

  /** Fails at the first row that differs; returns the number of rows. */
  static long assertSame(ResultSet expected, ResultSet actual, String what) throws SQLException {
    int columns = expected.getMetaData().getColumnCount();
    assertEquals(columns, actual.getMetaData().getColumnCount(), what + ": columns");
    long rows = 0;
    while (true) {
      boolean e = expected.next();
      boolean a = actual.next();
      if (!e || !a) {
        if (e != a) {
          fail(what + ": " + (e ? "ours ended" : "DuckDB's ended") + " after " + rows + " rows");
        }
        return rows;
      }
      List<String> want = row(expected, columns);
      List<String> got = row(actual, columns);
      if (!want.equals(got)) {
        fail(what + ": row " + (rows + 1) + " is " + got + ", DuckDB's " + want);
      }
      rows++;
    }
  }

  private static List<String> row(ResultSet rs, int columns) throws SQLException {
    List<String> row = new ArrayList<>(columns);
    for (int i = 1; i <= columns; i++) {
      row.add(Rows.normalize(rs.getObject(i)));
    }
    return row;
  }
}
