package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.CancelCheck;
import dev.lakejdbc.adapter.QueryCanceledException;
import java.util.Iterator;
import org.apache.calcite.DataContext;

/** The rows of a scan's file tasks, in some order. */
interface RowStream extends AutoCloseable {
  boolean next();

  Object[] current();

  @Override void close();

  /**
   * What stops a scan early: its execution's {@link CancelCheck}, with the table it reads for the
   * message. Scans check before each file and every few rows.
   */
  final class Cancellation {
    static final Cancellation NEVER = new Cancellation(CancelCheck.NEVER, "");

    private final CancelCheck check;
    private final String activity;

    private Cancellation(CancelCheck check, String table) {
      this.check = check;
      this.activity = "reading table " + table;
    }

    static Cancellation of(DataContext root, String table) {
      return root == null ? NEVER : new Cancellation(CancelCheck.of(root), table);
    }

    /** Throws {@link QueryCanceledException} once the statement is canceled or its time is up. */
    void check() {
      check.check(activity);
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
