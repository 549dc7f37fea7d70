package dev.lakejdbc.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Runs a query over JDBC and reads every row (the timed work for the JDBC engines). */
final class Jdbc {
  private Jdbc() {}

  static Result query(Connection connection, String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      List<List<Object>> rows = new ArrayList<>();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(columns);
        for (int i = 1; i <= columns; i++) {
          row.add(rs.getObject(i));
        }
        rows.add(row);
      }
      return Result.of(rows);
    }
  }

  /** One daemon thread cancels statements that run past their timeout. */
  private static final java.util.concurrent.ScheduledExecutorService CANCELLER =
      java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-query-canceller");
        t.setDaemon(true);
        return t;
      });

  /**
   * Runs a query and reads every row as JDBC returns it. After {@code timeoutSeconds} the statement is
   * cancelled (also through {@link Statement#setQueryTimeout} where the driver has one).
   */
  static Engine.Rows queryRaw(Connection connection, String sql, int timeoutSeconds,
      boolean setQueryTimeout) throws SQLException {
    try (Statement s = connection.createStatement()) {
      if (setQueryTimeout) {
        s.setQueryTimeout(timeoutSeconds);
      }
      var cancel = CANCELLER.schedule(() -> {
        try {
          s.cancel();
        } catch (SQLException | RuntimeException e) {
          // closed meanwhile
        }
      }, timeoutSeconds * 1000L + 500, java.util.concurrent.TimeUnit.MILLISECONDS);
      try (ResultSet rs = s.executeQuery(sql)) {
        int columns = rs.getMetaData().getColumnCount();
        List<String> labels = new ArrayList<>(columns);
        for (int i = 1; i <= columns; i++) {
          labels.add(rs.getMetaData().getColumnLabel(i));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
          List<Object> row = new ArrayList<>(columns);
          for (int i = 1; i <= columns; i++) {
            row.add(rs.getObject(i));
          }
          rows.add(row);
        }
        return new Engine.Rows(labels, rows);
      } finally {
        cancel.cancel(false);
      }
    }
  }

  static void execute(Connection connection, String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }
}
