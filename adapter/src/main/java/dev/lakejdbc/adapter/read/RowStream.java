package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.QueryCanceledException;

import java.util.Iterator;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;

/** The rows of a scan's file tasks, in some order. */
interface RowStream extends AutoCloseable {
  boolean next();

  Object[] current();

  @Override void close();

  /**
   * What stops a scan early: its execution's cancel flag (set by {@code Statement.cancel}) and its
   * deadline ({@code Statement.setQueryTimeout}, counted from the start of the execution). Calcite puts
   * both in the execution's DataContext but enforces neither on a table's rows; scans check before
   * each file and every few rows.
   */
  final class Cancellation {
    static final Cancellation NEVER = new Cancellation(null, 0, 0, "");

    private final AtomicBoolean flag;
    private final long timeoutMillis;
    private final long deadlineMillis;
    private final String table;

    private Cancellation(AtomicBoolean flag, long timeoutMillis, long deadlineMillis, String table) {
      this.flag = flag;
      this.timeoutMillis = timeoutMillis;
      this.deadlineMillis = deadlineMillis;
      this.table = table;
    }

    static Cancellation of(DataContext root, String table) {
      if (root == null) {
        return NEVER;
      }
      Object flag = root.get(DataContext.Variable.CANCEL_FLAG.camelName);
      Object timeout = root.get(DataContext.Variable.TIMEOUT.camelName);
      long timeoutMillis = timeout instanceof Long t && t > 0 ? t : 0;
      // The execution's start: the time its CURRENT_TIMESTAMP reads.
      Object start = root.get(DataContext.Variable.UTC_TIMESTAMP.camelName);
      long from = start instanceof Long s ? s : System.currentTimeMillis();
      return new Cancellation(flag instanceof AtomicBoolean b ? b : null, timeoutMillis,
          from + timeoutMillis, table);
    }

    /** Throws {@link QueryCanceledException} once the statement is canceled or its time is up. */
    void check() {
      if (flag != null && flag.get()) {
        throw new QueryCanceledException("Query canceled (Statement.cancel) while reading table "
            + table, false);
      }
      if (timeoutMillis > 0 && System.currentTimeMillis() >= deadlineMillis) {
        throw new QueryCanceledException("Query timeout of " + timeoutMillis / 1000.0
            + " s (Statement.setQueryTimeout) reached while reading table " + table, true);
      }
    }
  }

  /**
   * One row per non-empty file: the task's template with the file's row count in its last column. A
   * partition kept only in doubt raises its error here too.
   */
  static RowStream rowCounts(Iterator<FileTask> tasks, FileTaskReader reader,
      Cancellation cancellation) {
    return new RowStream() {
      private Object[] current;

      @Override public boolean next() {
        while (tasks.hasNext()) {
          cancellation.check();
          FileTask task = tasks.next();
          long count = reader.rowCount(task);
          // An empty file contributes no group: COUNT(*) GROUP BY p has no row for a p without rows.
          if (count > 0) {
            reader.checkRow(task);
            current = task.template().clone();
            current[current.length - 1] = count;
            return true;
          }
        }
        return false;
      }

      @Override public Object[] current() {
        return current;
      }

      @Override public void close() {
      }
    };
  }

  /** One file after the other on the calling thread; for scans of a single file or a single core. */
  static RowStream sequential(Iterator<FileTask> tasks, FileTaskReader reader,
      Cancellation cancellation) {
    return new RowStream() {
      private FileTask task;
      private RowStream rows;

      @Override public boolean next() {
        while (true) {
          if (rows != null && rows.next()) {
            reader.checkRow(task);
            return true;
          }
          close();
          if (!tasks.hasNext()) {
            return false;
          }
          cancellation.check();
          task = tasks.next();
          rows = reader.open(task);
        }
      }

      @Override public Object[] current() {
        return rows.current();
      }

      @Override public void close() {
        if (rows != null) {
          RowStream r = rows;
          rows = null;
          r.close();
        }
      }
    };
  }
}
