package dev.lakejdbc.adapter.memory;

import dev.lakejdbc.adapter.CancelCheck;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
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
 *
 * <p>An execution normally ends when its rows end or are closed ({@link ExecutionScope}). One whose
 * result set is abandoned unclosed ends when its DataContext is garbage: what it held goes back to the
 * pool then, at the next execution of any connection, so that leaked result sets cannot shrink the
 * pool for good.
 */
public final class QueryMemoryLog {
  /** How many executions' figures are kept. */
  public static final int EXECUTIONS_KEPT = 200;

  private static final Map<Object, QueryMemoryLog> BY_CONNECTION = new WeakHashMap<>();
  /** Executions whose DataContext became garbage before they ended. */
  private static final ReferenceQueue<DataContext> ABANDONED = new ReferenceQueue<>();
  /** The references to running executions' DataContexts, kept until they end or are abandoned. */
  private static final java.util.Set<Execution> EXECUTIONS = new HashSet<>();

  /** A running execution, by a reference to its DataContext that does not keep it alive. */
  private static final class Execution extends WeakReference<DataContext> {
    final QueryMemory memory;

    Execution(DataContext root, QueryMemory memory) {
      super(root, ABANDONED);
      this.memory = memory;
    }
  }
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
  private final Map<DataContext, Execution> running = new WeakHashMap<>();
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
  QueryMemory execution(DataContext root) {
    endAbandoned();
    synchronized (this) {
      Execution execution = running.get(root);
      if (execution != null) {
        return execution.memory;
      }
      QueryMemory memory = new QueryMemory(options, MemoryPool.JVM, statementIds.applyAsLong(root),
          CancelCheck.of(root));
      execution = new Execution(root, memory);
      synchronized (EXECUTIONS) {
        EXECUTIONS.add(execution);
      }
      running.put(root, execution);
      recent.addLast(memory);
      while (recent.size() > EXECUTIONS_KEPT) {
        recent.removeFirst();
      }
      return memory;
    }
  }

  /** Ends the executions whose DataContext was collected before they ended. */
  private static void endAbandoned() {
    for (Object r = ABANDONED.poll(); r != null; r = ABANDONED.poll()) {
      Execution execution = (Execution) r;
      synchronized (EXECUTIONS) {
        EXECUTIONS.remove(execution);
      }
      execution.memory.close();
    }
  }

  /** Ends the execution {@code root}'s budget, if it has one. */
  void end(DataContext root) {
    Execution execution;
    synchronized (this) {
      execution = running.remove(root);
    }
    if (execution != null) {
      synchronized (EXECUTIONS) {
        EXECUTIONS.remove(execution);
      }
      execution.memory.close();
    }
  }

  /** The budgets of the recent executions, oldest first. */
  public synchronized List<QueryMemory> all() {
    return new ArrayList<>(recent);
  }
}
