package dev.lakejdbc.driver.reliability;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * Runs a query three ways on one {@link RandomLake} — this driver with pruning, without it
 * ({@code staticPruning=false;dpp=false;dataFilterPushdown=false}: partitions, row groups and pages
 * all read) and with a memory limit so small that its sorts, aggregations and joins spill, the first
 * from a sample of footers and the second from all footers (see {@link #SAMPLED_DISCOVERY}), and DuckDB
 * over the same files — and says how the answers differ, if they do.
 */
final class Differential implements AutoCloseable {
  static final String PRUNING_OFF = ";staticPruning=false;dpp=false;dataFilterPushdown=false";
  /** Operators hold a kilobyte or so before they spill: most of them spill. */
  static final String SPILLING = ";queryMemoryLimit=2KB";
  /**
   * The pruned connection finds each table's schema from a sample of 2 partitions' footers (and the
   * newest file), so that most files of a random lake are reconciled with the schema only when opened;
   * the unpruned one reads every footer (discovery=all).
   */
  static final String SAMPLED_DISCOVERY = ";discoverySample=2";

  final RandomLake lake;
  private final DuckDb duck;
  private final Connection pruned;
  private final Connection unpruned;

  Differential(RandomLake lake) throws SQLException {
    this.lake = lake;
    this.duck = new DuckDb();
    // The checks of several lakes run side by side: one thread each.
    duck.execute("SET threads = 1");
    lake.loadIntoDuckDb(duck);
    this.pruned = DriverManager.getConnection("jdbc:lake:" + lake.root + lake.properties()
        + SAMPLED_DISCOVERY);
    this.unpruned = DriverManager.getConnection("jdbc:lake:" + lake.root + lake.properties() + PRUNING_OFF
        + SPILLING + ";discovery=all");
  }

  Connection pruned() {
    return pruned;
  }

  /**
   * What a check found: null when all three agree. {@code rows} is DuckDB's row count;
   * {@code rowGroupsSkipped} the row groups the pruned run's data filters ruled out.
   */
  record Outcome(String mismatch, int rows, boolean rejectedByAll, long rowGroupsSkipped) {
    Outcome(String mismatch, int rows, boolean rejectedByAll) {
      this(mismatch, rows, rejectedByAll, 0);
    }
  }

  Outcome check(RandomQueries.Query query) {
    List<List<String>> expected;
    try {
      expected = Rows.query(duck.connection(), query.sql());
    } catch (SQLException e) {
      // The generator should only write SQL DuckDB accepts; if our driver rejects it too, it is the
      // generator's fault, counted apart.
      String ours = failure(pruned, query.sql());
      if (ours != null) {
        System.out.println("rejected by both engines: " + query.sql() + "\n  DuckDB: "
            + firstLine(e.getMessage()) + "\n  driver: " + firstLine(ours));
      }
      return ours != null ? new Outcome(null, 0, true)
          : new Outcome("DuckDB fails (" + firstLine(e.getMessage()) + ") but the driver answers", 0, false);
    }
    StringBuilder mismatch = new StringBuilder();
    compare(expected, pruned, "pruning on", query, mismatch);
    long skipped = rowGroupsSkipped();
    compare(expected, unpruned, "pruning off, spilling", query, mismatch);
    return new Outcome(mismatch.length() == 0 ? null : mismatch.toString(), expected.size(), false,
        skipped);
  }

  /** The row groups the pruned connection's last statement ruled out. */
  private long rowGroupsSkipped() {
    try {
      String n = Rows.query(pruned, "SELECT sum(row_groups_total - row_groups_read) FROM sys.scans "
          + "WHERE statement_id = (SELECT max(statement_id) FROM sys.scans)").get(0).get(0);
      return n.equals("NULL") ? 0 : Long.parseLong(n);
    } catch (SQLException e) {
      return 0;
    }
  }

  private static void compare(List<List<String>> expected, Connection c, String what,
      RandomQueries.Query query, StringBuilder mismatch) {
    try {
      Rows.assertSameRows(expected, Rows.query(c, query.sql()), query.ordered(), what);
    } catch (AssertionError e) {
      mismatch.append("\n  ").append(e.getMessage());
    } catch (SQLException | RuntimeException e) {
      mismatch.append("\n  ").append(what).append(": fails where DuckDB answers ").append(expected.size())
          .append(" rows: ").append(e instanceof SQLException s ? s.getSQLState() + " " : "")
          .append(firstLine(String.valueOf(e.getMessage())));
    }
  }

  private static String failure(Connection c, String sql) {
    try {
      Rows.query(c, sql);
      return null;
    } catch (SQLException | RuntimeException e) {
      return String.valueOf(e.getMessage());
    }
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  @Override public void close() throws SQLException {
    try (DuckDb d = duck; Connection p = pruned; Connection u = unpruned) {
      // closes all three
    }
  }
}
