package dev.lakejdbc.adapter.memory;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.linq4j.function.Function0;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Function2;

/**
 * GROUP BY (with grouping sets) and SELECT DISTINCT within the execution's memory budget: a hash
 * table of groups, each with the accumulator of Calcite's generated code, while it fits. Past the
 * budget no new group enters the table: a row of a group already there is still added to it, a row of
 * another group goes to one of up to 256 spill files by the hash of its key (a hybrid hash
 * aggregation). Once the input ends, the table's groups are returned and let go, then each
 * file is aggregated the same way, and splits again by other bits of the hash if it is still too large.
 *
 * <p>Only input rows are spilled, never accumulators, so any aggregate function works; an accumulator
 * is counted at the size it has after its group's first row.
 */
public final class HashAggregation {
  private static final int CHECK_EVERY = ExternalSort.CHECK_EVERY;
  /** The accumulator of DISTINCT, which has no aggregate to compute. */
  private static final Object PRESENT = Boolean.TRUE;

  private final OperatorMemory memory;
  private final List<Function1<Object, Object>> keySelectors;
  private final Function0<Object> init;
  private final Function2<Object, Object, Object> adder;
  private final Function2<Object, Object, Object> resultSelector;
  private final HashKeys keys;
  private final int emptySet;
  private SpillFiles files;
  private long rows;
  private Pass first;
  private boolean closed;

  HashAggregation(OperatorMemory memory, List<Function1<Object, Object>> keySelectors,
      Function0<Object> init, Function2<Object, Object, Object> adder,
      Function2<Object, Object, Object> resultSelector, EqualityComparer<?> comparer, int emptySet) {
    this.memory = memory;
    this.emptySet = emptySet;
    this.keySelectors = keySelectors;
    this.init = init;
    this.adder = adder;
    this.resultSelector = resultSelector;
    this.keys = new HashKeys(comparer);
  }

  /** Called by the generated code of GROUP BY: one result per key, from the group's accumulator. */
  public static Enumerable<Object> groupBy(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, Function1<Object, Object> keySelector, Function0<Object> init,
      Function2<Object, Object, Object> adder, Function2<Object, Object, Object> resultSelector,
      EqualityComparer<?> comparer) {
    return aggregated(operator, root, source, List.of(keySelector), init, adder, resultSelector,
        comparer, -1);
  }

  /**
   * Called by the generated code of GROUP BY GROUPING SETS: each row goes to one group per set, or,
   * where the plan allows it, each set's groups are summed up from those of a larger set
   * ({@link GroupingSetCascade}).
   *
   * @param emptySet the index of the empty grouping set among the key selectors, or -1: its group
   *     (the grand total) has a row even when the input has none, as SQL's {@code GROUP BY ()} has
   * @param parents for each grouping set, the set whose result rows it may aggregate as its input
   *     rows, or -1 for a set that reads the input; null if no set may
   */
  public static Enumerable<Object> groupByMultiple(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, List<Function1<Object, Object>> keySelectors, Function0<Object> init,
      Function2<Object, Object, Object> adder, Function2<Object, Object, Object> resultSelector,
      EqualityComparer<?> comparer, int emptySet, int[] parents) {
    if (parents == null) {
      return aggregated(operator, root, source, List.copyOf(keySelectors), init, adder, resultSelector,
          comparer, emptySet);
    }
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        return GroupingSetCascade.run(operator.memory(root), source, List.copyOf(keySelectors), init,
            adder, resultSelector, comparer, emptySet, parents);
      }
    };
  }

  /** Called by the generated code of SELECT DISTINCT: each distinct row once. */
  public static Enumerable<Object> distinct(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, EqualityComparer<?> comparer) {
    return aggregated(operator, root, source, List.of(row -> row), () -> PRESENT, (acc, row) -> acc,
        (key, acc) -> key, comparer, -1);
  }

  private static Enumerable<Object> aggregated(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, List<Function1<Object, Object>> keySelectors, Function0<Object> init,
      Function2<Object, Object, Object> adder, Function2<Object, Object, Object> resultSelector,
      EqualityComparer<?> comparer, int emptySet) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        HashAggregation aggregation = new HashAggregation(operator.memory(root), keySelectors, init,
            adder, resultSelector, comparer, emptySet);
        return aggregation.run(source.enumerator());
      }
    };
  }

  /** One pass: a table of the groups that fit, and the partitions of the rows of the others. */
  private final class Pass {
    final KeyIndex table = new KeyIndex(keys);
    /** Each group's accumulator, by its key's number. */
    Object[] accumulators = new Object[16];
    /** How this pass splits the rows of groups that do not fit; null for the first pass, until known. */
    final SpillPartitions.Level level;
    /** What the table has reserved: its keys, its accumulators, and its arrays ({@link #arrays}). */
    long tableBytes;
    final ArrayReservation arrays = new ArrayReservation();
    SpillPartitions spill;
    /** The split of the spilled rows, once there are any. */
    SpillPartitions.Level splitBy;

    Pass(SpillPartitions.Level level) {
      this.level = level;
    }

    /** Adds the row to the group of the {@code selector}-th key. */
    void add(int selector, Object row) {
      if ((++rows & (CHECK_EVERY - 1)) == 0) {
        memory.cancel().check("aggregating for " + memory.description());
      }
      Object key = keySelectors.get(selector).apply(row);
      int group = table.findToAdd(key);
      if (group >= 0) {
        accumulators[group] = adder.apply(accumulators[group], row);
        return;
      }
      if (spill == null) {
        Object acc = adder.apply(init.apply(), row);
        // Arrays that grow now are reserved before they are allocated: the old ones stay live until
        // they are copied.
        long growth = table.growthBytes(RowSizes.REFERENCE);
        long size = RowSizes.value(key) + RowSizes.value(acc) + growth;
        if (memory.tryReserve(size)) {
          tableBytes += size;
          put(key, acc);
          if (growth > 0) {
            tableBytes += arrays.settle(memory, growth, table.bytes(RowSizes.REFERENCE));
          }
          return;
        }
        if (files == null) {
          files = memory.spillFiles();
        }
        SpillPartitions.Level split = level != null ? level : SpillPartitions.Level.first(memory);
        if (split.exhausted()) {
          throw new MemoryLimitExceededException("Query memory limit reached: " + memory.description()
              + " has more groups than " + ByteSizes.text(memory.queryLimit())
              + " holds even after splitting them by every bit of their hash; raise queryMemoryLimit");
        }
        spill = new SpillPartitions(files, memory, split);
        splitBy = split;
      }
      spill.write(keys.hash(key), keySelectors.size() == 1 ? row : new Object[] {selector, row});
    }

    void put(Object key, Object acc) {
      int group = table.add(key);
      if (accumulators.length < table.capacity()) {
        accumulators = Arrays.copyOf(accumulators, table.capacity());
      }
      accumulators[group] = acc;
    }

    /** Forgets the groups, and the arrays they took. */
    void clear() {
      table.clear();
      accumulators = new Object[16];
      arrays.reset();
    }

    /** The partitions written, or none. */
    List<SpillFiles.Run> finishSpill() {
      return spill == null ? List.of() : spill.finish();
    }
  }

  /** Aggregates the rows {@code input} has left, closes it and returns the groups. */
  Enumerator<Object> run(Enumerator<Object> input) {
    try {
      try (input) {
        while (input.moveNext()) {
          add(input.current());
        }
      }
      return output();
    } catch (Throwable t) {
      close();
      throw t;
    }
  }

  /** Adds an input row to its group of every key selector. */
  void add(Object row) {
    if (first == null) {
      first = new Pass(null);
    }
    for (int s = 0; s < keySelectors.size(); s++) {
      first.add(s, row);
    }
  }

  /** The groups of the rows added, once they are all added. */
  Enumerator<Object> output() {
    if (first == null) {
      first = new Pass(null);
    }
    if (rows == 0 && emptySet >= 0) {
      // The empty set's key selector reads no column of its row: there is none to give it.
      Object key = keySelectors.get(emptySet).apply(null);
      first.put(key, init.apply());
    }
    return new Output(first);
  }

  /** Aggregates a spilled partition, splitting what does not fit at {@code level}. */
  private Pass aggregate(SpillFiles.Run run, SpillPartitions.Level level) {
    Pass pass = new Pass(level);
    try (SpillFiles.Reader reader = files.open(run)) {
      while (reader.next()) {
        Object record = reader.current();
        if (keySelectors.size() == 1) {
          pass.add(0, record);
        } else {
          Object[] tagged = (Object[]) record;
          pass.add((Integer) tagged[0], tagged[1]);
        }
      }
    }
    return pass;
  }

  /** Lets go of the spill files and the memory. */
  void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (files != null) {
      files.close();
    }
    memory.close();
  }

  /** The groups of each pass in turn; a pass's partitions are aggregated once its table is returned. */
  private final class Output implements Enumerator<Object> {
    private final Deque<Pending> pending = new ArrayDeque<>();
    private Pass pass;
    /** The number of the pass's next group to return. */
    private int group;
    private Object current;
    private boolean closed;

    private record Pending(SpillFiles.Run run, SpillPartitions.Level level) {}

    Output(Pass first) {
      start(first);
    }

    private void start(Pass next) {
      pass = next;
      group = 0;
      List<SpillFiles.Run> runs = next.finishSpill();
      // Depth first: the partitions of this pass before those of earlier passes.
      for (int p = runs.size() - 1; p >= 0; p--) {
        if (runs.get(p) != null) {
          pending.addFirst(new Pending(runs.get(p), next.splitBy.next()));
        }
      }
    }

    @Override public Object current() {
      return current;
    }

    @Override public boolean moveNext() {
      try {
        while (true) {
          if (group < pass.table.size()) {
            current = resultSelector.apply(pass.table.key(group), pass.accumulators[group]);
            group++;
            return true;
          }
          pass.clear();
          memory.release(pass.tableBytes);
          pass.tableBytes = 0;
          Pending next = pending.pollFirst();
          if (next == null) {
            close();
            return false;
          }
          start(aggregate(next.run(), next.level()));
        }
      } catch (Throwable t) {
        close();
        throw t;
      }
    }

    @Override public void reset() {
      throw new UnsupportedOperationException("an aggregation's output cannot be reset");
    }

    @Override public void close() {
      if (!closed) {
        closed = true;
        pending.clear();
        // A closed result set may stay referenced: let go of the groups, not only their account.
        pass.clear();
        HashAggregation.this.close();
      }
    }
  }
}
