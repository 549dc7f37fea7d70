package dev.lakejdbc.adapter.memory;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The rows of a whole statement execution, as the client reads them: once they end, fail or are
 * closed, the execution's {@link QueryMemory} ends — whatever its operators still hold goes back to
 * the pool, and spill files left behind are deleted — even if the client never closes the result set.
 */
public final class ExecutionScope {
  private ExecutionScope() {}

  /** Called by the generated code at the root of every plan. */
  public static Enumerable<Object> of(DataContext root, Enumerable<Object> rows) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        Enumerator<Object> e;
        try {
          e = rows.enumerator();
        } catch (Throwable t) {
          end(root);
          throw t;
        }
        return new Enumerator<>() {
          @Override public Object current() {
            return e.current();
          }

          @Override public boolean moveNext() {
            try {
              if (e.moveNext()) {
                return true;
              }
            } catch (Throwable t) {
              end(root);
              throw t;
            }
            end(root);
            return false;
          }

          @Override public void reset() {
            e.reset();
          }

          @Override public void close() {
            try {
              e.close();
            } finally {
              end(root);
            }
          }
        };
      }
    };
  }

  private static void end(DataContext root) {
    QueryMemoryLog.of(root).end(root);
  }
}
