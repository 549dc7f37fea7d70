package dev.lakejdbc.adapter;

import java.util.Iterator;

/** The rows of a scan's file tasks, in some order. */
interface RowStream extends AutoCloseable {
  boolean next();

  Object[] current();

  @Override void close();

  /**
   * One row per non-empty file: the task's template with the file's row count in its last column. A
   * partition kept only in doubt raises its error here too.
   */
  static RowStream rowCounts(Iterator<FileTask> tasks, FileTaskReader reader) {
    return new RowStream() {
      private Object[] current;

      @Override public boolean next() {
        while (tasks.hasNext()) {
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
  static RowStream sequential(Iterator<FileTask> tasks, FileTaskReader reader) {
    return new RowStream() {
      private FileTask task;
      private dev.lakejdbc.adapter.parquet.ParquetFileRows rows;

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
          task = tasks.next();
          rows = reader.open(task);
        }
      }

      @Override public Object[] current() {
        return rows.current();
      }

      @Override public void close() {
        if (rows != null) {
          dev.lakejdbc.adapter.parquet.ParquetFileRows r = rows;
          rows = null;
          r.close();
        }
      }
    };
  }
}
