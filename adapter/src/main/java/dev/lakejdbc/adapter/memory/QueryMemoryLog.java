package dev.lakejdbc.adapter.memory;

import dev.lakejdbc.adapter.CancelCheck;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.ToLongFunction;
import org.apache.calcite.DataContext;

/**
 * One connection's memory settings and the memory budgets of its recent statement executions, for
 * {@code sys.queries} and EXPLAIN ANALYZE. The driver registers it with its connection; an execution
 * finds it through its DataContext, whose query provider is the connection, so that operators,
 * scans and the dynamic pruning cache of one execution share one budget without the plan carrying it.
 */
public final class QueryMemoryLog {
  /** How many executions' figures are kept. */
  public static final int EXECUTIONS_KEPT = 200;

  private static final Map<Object, QueryMemoryLog> BY_CONNECTION = new WeakHashMap<>();
  /** For executions outside a registered connection (tests of the adapter alone): the defaults. */
  private static final QueryMemoryLog UNREGISTERED =
      new QueryMemoryLog(QueryMemoryOptions.defaults(), new ToLongFunction<>() {
        private long last;

        @Override public synchronized long applyAsLong(Object execution) {
          return ++last;
        }
      });

  private final QueryMemoryOptions options;
  private final ToLongFunction<Object> statementIds;
  private final Map<DataContext, QueryMemory> running = new WeakHashMap<>();
  private final Deque<QueryMemory> recent = new ArrayDeque<>();

  /**
   * @param statementIds the id of an execution (its DataContext) as {@code sys.scans} numbers it
   */
  public QueryMemoryLog(QueryMemoryOptions options, ToLongFunction<Object> statementIds) {
    this.options = options;
    this.statementIds = statementIds;
  }

  /** Makes {@code log} the one of {@code connection}, the query provider of its executions. */
  public static void register(Object connection, QueryMemoryLog log) {
    synchronized (BY_CONNECTION) {
      BY_CONNECTION.put(connection, log);
    }
  }

  /** The log of {@code connection}, or the defaults' if it has none. */
  public static QueryMemoryLog ofConnection(Object connection) {
    synchronized (BY_CONNECTION) {
      QueryMemoryLog log = connection == null ? null : BY_CONNECTION.get(connection);
      return log == null ? UNREGISTERED : log;
    }
  }

  /** The log of the connection running the execution {@code root}. */
  public static QueryMemoryLog of(DataContext root) {
    return ofConnection(root == null ? null : root.getQueryProvider());
  }

  public QueryMemoryOptions options() {
    return options;
  }

  /** The budget of the execution {@code root}, made on first use. */
  synchronized QueryMemory execution(DataContext root) {
    QueryMemory memory = running.get(root);
    if (memory == null) {
      memory = new QueryMemory(options, MemoryPool.JVM, statementIds.applyAsLong(root),
          CancelCheck.of(root));
      running.put(root, memory);
      recent.addLast(memory);
      while (recent.size() > EXECUTIONS_KEPT) {
        recent.removeFirst();
      }
    }
    return memory;
  }

  /** Ends the execution {@code root}'s budget, if it has one. */
  void end(DataContext root) {
    QueryMemory memory;
    synchronized (this) {
      memory = running.remove(root);
    }
    if (memory != null) {
      memory.close();
    }
  }

  /** The budgets of the recent executions, oldest first. */
  public synchronized List<QueryMemory> all() {
    return new ArrayList<>(recent);
  }
}
