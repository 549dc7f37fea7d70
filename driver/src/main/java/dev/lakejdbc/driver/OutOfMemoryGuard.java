package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.memory.MemoryLimitExceededException;
import dev.lakejdbc.adapter.memory.QueryMemoryLog;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.jdbc.CalciteConnection;

/**
 * The last line of defence against running out of heap: an {@link OutOfMemoryError} raised while a
 * JDBC method of the driver runs (a statement executes, a result set is read) never reaches the
 * caller. The statement's result set is closed — its operators, scans and spill files released,
 * its memory garbage once the error has unwound — and the caller gets a SQLException with SQLState
 * 53200 instead.
 *
 * <p>What it cannot do: an OutOfMemoryError can strike any thread of the JVM, the host's as well,
 * while the heap is exhausted; only the thread running the driver's method is guarded here. The
 * query memory limit ({@code queryMemoryLimit}) exists so that this does not happen.
 */
final class OutOfMemoryGuard {
  private OutOfMemoryGuard() {}

  /** The OutOfMemoryError in {@code t}'s causes, or null. */
  static OutOfMemoryError find(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof OutOfMemoryError e) {
        return e;
      }
    }
    return null;
  }

  /**
   * Releases what the statement of {@code target} (a Statement or ResultSet) held and returns the
   * exception the caller gets.
   */
  static SQLException recover(Object target, Throwable thrown, OutOfMemoryError error) {
    String limit = null;
    try {
      Statement statement = target instanceof ResultSet rs ? rs.getStatement()
          : target instanceof Statement s ? s : null;
      if (target instanceof ResultSet rs) {
        rs.close();
      } else if (statement != null && statement.getResultSet() != null) {
        statement.getResultSet().close();
      }
      Connection connection = target instanceof Connection c ? c
          : statement == null ? null : statement.getConnection();
      if (connection != null) {
        limit = QueryMemoryLog.ofConnection(connection.unwrap(CalciteConnection.class)).options()
            .limitSetting();
      }
    } catch (SQLException | RuntimeException e) {
      thrown.addSuppressed(e);
    }
    return new SQLException("The JVM ran out of heap (" + error + ") while this statement ran; the "
        + "statement's result set was closed and what it held released, and the connection can go on. "
        + "Lower queryMemoryLimit" + (limit == null ? "" : " (now " + limit + ")")
        + " so that sorts, joins and aggregations spill sooner, or give the JVM a larger heap (-Xmx)",
        MemoryLimitExceededException.OUT_OF_MEMORY, thrown);
  }
}
