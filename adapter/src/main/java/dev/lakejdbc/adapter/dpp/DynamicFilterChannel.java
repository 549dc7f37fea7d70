package dev.lakejdbc.adapter.dpp;

import dev.lakejdbc.adapter.memory.OperatorMemory;
import dev.lakejdbc.adapter.memory.QueryMemory;
import dev.lakejdbc.adapter.memory.RowSizes;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.function.Function0;
import org.apache.calcite.linq4j.function.Function1;

/**
 * Connects a dimension to the fact scan it prunes, within one prepared plan. Both ends get this object
 * from the generated code; their per-execution state is keyed by the execution's DataContext, so each
 * execution of a PreparedStatement collects its own keys.
 *
 * <p>Whoever asks first — the join reading its build side, or the fact scan opening — evaluates the
 * dimension once, to the end, into a cached list and its key set; the other reuses both. So the keys
 * are complete before the fact scan lists a directory, and the dimension's files are opened once.
 * The cached rows count against the execution's memory budget; they cannot spill. They are let go
 * when the execution ends: the channel lives as long as the plan, which a PreparedStatement or the
 * plan cache keeps, and its state holds the dimension's code, which holds the execution's
 * DataContext, so the weak key alone would never let an entry go.
 */
public final class DynamicFilterChannel {
  private final String id;
  private final boolean[] nullSafe;
  private final int partitionKeys;
  private final int maxKeys;
  private final Map<DataContext, Execution> executions = new WeakHashMap<>();

  /** A channel whose every key position is on a fact partition column. */
  public DynamicFilterChannel(String id, boolean[] nullSafe, int maxKeys) {
    this(id, nullSafe, nullSafe.length, maxKeys);
  }

  /**
   * A channel whose first {@code partitionKeys} key positions are on fact partition columns (their
   * tuples prune directories) and whose others are on data columns (each filters rows by its values).
   */
  public DynamicFilterChannel(String id, boolean[] nullSafe, int partitionKeys, int maxKeys) {
    this.id = id;
    this.nullSafe = nullSafe.clone();
    this.partitionKeys = partitionKeys;
    this.maxKeys = maxKeys;
  }

  public String id() {
    return id;
  }

  /** What a cached row costs besides itself: its place in the lists, its key tuple and match entry. */
  private static final int CACHE_ENTRY = 64;

  /** One execution's dimension: its rows, read once, and its keys. */
  private static final class Execution {
    final OperatorMemory memory;
    Enumerable<Object> dimension;
    Function1<Object, Object[]> keyOf;
    Function1<Object, Object[]> columnsOf;
    List<Object> rows;
    List<Object[]> keyTuples;
    DynamicKeys keys;
    DimensionMatches matches;

    boolean ended;

    Execution(OperatorMemory memory) {
      this.memory = memory;
    }

    /** Lets go of the rows and keys: the plan's code, and a closed result set, still reach this. */
    synchronized void end() {
      ended = true;
      dimension = null;
      keyOf = null;
      columnsOf = null;
      rows = null;
      keyTuples = null;
      keys = null;
      matches = null;
    }

    synchronized void evaluate(boolean[] nullSafe, int partitionKeys, int maxKeys) {
      if (ended) {
        throw new IllegalStateException("dynamic filter: the execution has ended");
      }
      if (rows != null) {
        return;
      }
      List<Object> read = new ArrayList<>();
      List<Object[]> tuples = new ArrayList<>();
      try (Enumerator<Object> e = dimension.enumerator()) {
        while (e.moveNext()) {
          Object row = e.current();
          memory.reserve(RowSizes.of(row) + CACHE_ENTRY);
          read.add(row);
          tuples.add(keyOf.apply(row));
        }
      }
      keys = DynamicKeys.collect(tuples, nullSafe, partitionKeys, maxKeys);
      keyTuples = tuples;
      rows = read;
    }

    synchronized DimensionMatches matches(boolean[] nullSafe, int partitionKeys, int maxKeys) {
      evaluate(nullSafe, partitionKeys, maxKeys);
      if (matches == null) {
        matches = new DimensionMatches(keyTuples, rows.stream().map(columnsOf::apply).toList(),
            nullSafe);
      }
      return matches;
    }
  }

  private synchronized Execution execution(DataContext root) {
    Execution known = executions.get(root);
    if (known == null) {
      QueryMemory memory = QueryMemory.of(root);
      known = new Execution(memory.operator(
          "the dimension cache of dynamic partition pruning #" + id, "dynamic partition pruning holds "
              + "its dimension's rows in memory (lower dppDimensionThreshold, or set dpp=false)"));
      executions.put(root, known);
      memory.onClose(new Forget(this, root));
    }
    return known;
  }

  private synchronized void forget(DataContext root) {
    Execution execution = executions.remove(root);
    if (execution != null) {
      execution.end();
    }
  }

  /**
   * Forgets an execution's dimension when the execution ends. By weak references: the execution's
   * budget is reachable from a static registry until it ends, and would otherwise keep the
   * DataContext alive, which is how an execution the client abandoned is found and ended.
   */
  private static final class Forget implements Runnable {
    private final WeakReference<DynamicFilterChannel> channel;
    private final WeakReference<DataContext> root;

    Forget(DynamicFilterChannel channel, DataContext root) {
      this.channel = new WeakReference<>(channel);
      this.root = new WeakReference<>(root);
    }

    @Override public void run() {
      DynamicFilterChannel c = channel.get();
      DataContext r = root.get();
      if (c != null && r != null) {
        c.forget(r);
      }
    }
  }

  /** How many executions' dimensions the channel holds, for tests. */
  synchronized int executionsHeld() {
    return executions.size();
  }

  /**
   * Called by the generated code of the dimension side: registers the dimension of this execution and
   * returns it as the join will read it, from the cache.
   *
   * @param keyOf the join keys of a dimension row
   * @param columnsOf all columns of a dimension row, for a fact scan that joins them itself
   */
  public Enumerable<Object> source(DataContext root, Enumerable<Object> dimension,
      Function1<Object, Object[]> keyOf, Function1<Object, Object[]> columnsOf) {
    Execution execution = execution(root);
    synchronized (execution) {
      execution.dimension = dimension;
      execution.keyOf = keyOf;
      execution.columnsOf = columnsOf;
    }
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        execution.evaluate(nullSafe, partitionKeys, maxKeys);
        return Linq4j.enumerator(execution.rows);
      }
    };
  }

  /**
   * Called by the fact scan when it opens: the dimension's keys, evaluating it now if no one has yet;
   * null if this execution never registered the dimension (the scan then does not prune by it).
   */
  public DynamicKeys keys(DataContext root) {
    Execution execution = execution(root);
    synchronized (execution) {
      if (execution.dimension == null) {
        return null;
      }
    }
    execution.evaluate(nullSafe, partitionKeys, maxKeys);
    return execution.keys;
  }

  /**
   * Called by a fact scan that joins this dimension partition-wise: the dimension's rows by key,
   * evaluating it now if no one has yet.
   *
   * @throws IllegalStateException if this execution never registered the dimension: without its rows
   *     the join cannot be answered
   */
  public DimensionMatches matches(DataContext root) {
    Execution execution = execution(root);
    synchronized (execution) {
      if (execution.dimension == null) {
        throw new IllegalStateException("dynamic filter #" + id + ": the joined dimension was not "
            + "evaluated before the fact scan");
      }
    }
    return execution.matches(nullSafe, partitionKeys, maxKeys);
  }

  /**
   * Called by generated code: the rows {@code build} returns, built when first enumerated — after the
   * dimensions that prune them have registered (see the DPP program's {@code ReadWhenEnumerated}).
   */
  public static Enumerable<Object> whenEnumerated(Function0<Enumerable<Object>> build) {
    return new AbstractEnumerable<>() {
      private Enumerable<Object> built;

      @Override public Enumerator<Object> enumerator() {
        if (built == null) {
          built = build.apply();
        }
        return built.enumerator();
      }
    };
  }

  /**
   * Called by the generated code of a partition-wise join: returns the fact's rows once the
   * dimensions, passed to show that their code ran first, have registered with their channels.
   */
  public static Enumerable<Object> afterDimensions(Enumerable<Object> fact,
      Enumerable<?>[] registeredDimensions) {
    return fact;
  }
}
