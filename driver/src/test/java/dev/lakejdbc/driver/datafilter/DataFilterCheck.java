package dev.lakejdbc.driver.datafilter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * Checks a query whose scan may use data filters: its answer equals DuckDB's and this driver's with
 * {@code dataFilterPushdown=false}, and what the scan read, from sys.scans, is returned to be asserted.
 */
final class DataFilterCheck {
  static final String OFF = ";dataFilterPushdown=false";

  private final Path lake;
  private final DuckDb duck;

  DataFilterCheck(Path lake, DuckDb duck) {
    this.lake = lake;
    this.duck = duck;
  }

  /** What sys.scans recorded for one table's scan. */
  record Counts(long rowGroupsTotal, long rowGroupsRead, long rowsSkipped, long rowsRead, int filesRead,
      String dataFilter, String dynamicFilter, String notes) {}

  /** Runs {@code sql} with pushdown on and off and on DuckDB; the counts of {@code table}'s scan. */
  Counts check(String sql, String table, String properties) throws SQLException {
    List<List<String>> expected = duck.query(sql);
    Counts off;
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + properties + OFF)) {
      Rows.assertSameRows(expected, Rows.query(c, sql), false, "pushdown off: " + sql);
      off = counts(c, table);
    }
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + properties)) {
      Rows.assertSameRows(expected, Rows.query(c, sql), false, "pushdown on: " + sql);
      Counts on = counts(c, table);
      if (on.rowGroupsTotal() > 0) {
        // (A filter nothing can match, such as an empty dimension's keys, lists no file at all.)
        assertEquals(off.rowGroupsTotal(), on.rowGroupsTotal(), "row groups of the files considered");
      }
      assertEquals(off.rowGroupsTotal(), off.rowGroupsRead(), "pushdown off reads every row group");
      return on;
    }
  }

  static Counts counts(Connection c, String table) throws SQLException {
    List<List<String>> scans = Rows.query(c, "SELECT row_groups_total, row_groups_read, rows_skipped, "
        + "rows_read, files_read, data_filter, dynamic_filter, notes FROM sys.scans WHERE statement_id = "
        + "(SELECT max(statement_id) FROM sys.scans) AND table_name = '" + table + "'");
    assertEquals(1, scans.size(), "one scan of " + table + ": " + scans);
    List<String> s = scans.get(0);
    return new Counts(Long.parseLong(s.get(0)), Long.parseLong(s.get(1)), Long.parseLong(s.get(2)),
        Long.parseLong(s.get(3)), Integer.parseInt(s.get(4)), nullable(s.get(5)), nullable(s.get(6)),
        nullable(s.get(7)));
  }

  private static String nullable(String normalized) {
    return normalized.equals("NULL") ? null : normalized;
  }

  /**
   * DuckDB's count of the row groups of {@code table} whose statistics of {@code column} overlap
   * {@code [lo, hi]} (SQL literals of the column's type, cast as {@code type}): what a scan filtering
   * by that range must read, no more, no less.
   */
  long rowGroupsOverlapping(String table, String column, String type, String lo, String hi)
      throws SQLException {
    return Long.parseLong(duck.query("SELECT count(*) FROM parquet_metadata('" + lake.resolve(table)
        + "/**/*.parquet') WHERE path_in_schema = '" + column + "' AND CAST(stats_min_value AS " + type
        + ") <= " + hi + " AND CAST(stats_max_value AS " + type + ") >= " + lo).get(0).get(0));
  }
}
