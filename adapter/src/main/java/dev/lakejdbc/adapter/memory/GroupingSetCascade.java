package dev.lakejdbc.adapter.memory;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.linq4j.function.Function0;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Function2;

/**
 * GROUP BY GROUPING SETS where a set's groups are summed up from the groups of a larger set, not from
 * every input row: {@code ROLLUP(a, b, c)} aggregates the input by {@code (a, b, c)}, then those
 * groups by {@code (a, b)}, those by {@code (a)}, and those to the grand total. Each set is a
 * {@link HashAggregation} of its own (and spills as one, with a memory account of its own); a set's groups are fed to the sets below it
 * as they are returned, so the input is read once and each row hashed once, not once per set.
 *
 * <p>The plan decides which sets may read which ({@code parents}): only where each aggregate of the
 * result row is one that combines its own partial results (SUM, MIN, MAX) and sits where its
 * argument sits in the input row, and the grouping columns come first in both. This class checks
 * the rest at run time, on the first row: that input and result rows are both arrays, the result at
 * least as wide. Otherwise every row goes to every set, as {@link HashAggregation} does alone.
 */
final class GroupingSetCascade implements Enumerator<Object> {
  private final OperatorMemory memory;
  private final List<HashAggregation> sets;
  private final int[] parents;
  /** The sets in the order their groups are returned: each after the one it reads. */
  private final int[] order;
  private int next;
  private int returning = -1;
  private Enumerator<Object> groups;
  private Object current;
  private boolean closed;

  private GroupingSetCascade(OperatorMemory memory, List<HashAggregation> sets, int[] parents) {
    this.memory = memory;
    this.sets = sets;
    this.parents = parents;
    this.order = parentsFirst(parents);
  }

  static Enumerator<Object> run(OperatorMemory memory, Enumerable<Object> source,
      List<Function1<Object, Object>> keySelectors, Function0<Object> init,
      Function2<Object, Object, Object> adder, Function2<Object, Object, Object> resultSelector,
      EqualityComparer<?> comparer, int emptySet, int[] parents) {
    Enumerator<Object> input = source.enumerator();
    try {
      if (!input.moveNext()) {
        input.close();
        return new HashAggregation(memory, keySelectors, init, adder, resultSelector, comparer,
            emptySet).output();
      }
      Object first = input.current();
      if (!readsOwnResults(first, keySelectors.get(0), init, adder, resultSelector)) {
        HashAggregation all = new HashAggregation(memory, keySelectors, init, adder, resultSelector,
            comparer, emptySet);
        all.add(first);
        return all.run(input);
      }
      List<HashAggregation> sets = new ArrayList<>();
      for (int s = 0; s < keySelectors.size(); s++) {
        // Each set its own account: the sets below the one returned fill while its spilled groups
        // are aggregated, and that must always be able to progress.
        sets.add(new HashAggregation(memory.sibling(), List.of(keySelectors.get(s)), init, adder,
            resultSelector, comparer, s == emptySet ? 0 : -1));
      }
      GroupingSetCascade cascade = new GroupingSetCascade(memory, sets, parents);
      try (input) {
        Object row = first;
        do {
          for (int s = 0; s < parents.length; s++) {
            if (parents[s] < 0) {
              sets.get(s).add(row);
            }
          }
          row = input.moveNext() ? input.current() : null;
        } while (row != null);
      } catch (Throwable t) {
        cascade.close();
        throw t;
      }
      return cascade;
    } catch (Throwable t) {
      input.close();
      memory.close();
      throw t;
    }
  }

  /** Whether a result row can stand for an input row: both arrays, the result keeping the input's width. */
  private static boolean readsOwnResults(Object row, Function1<Object, Object> keySelector,
      Function0<Object> init, Function2<Object, Object, Object> adder,
      Function2<Object, Object, Object> resultSelector) {
    if (!(row instanceof Object[] in)) {
      return false;
    }
    Object result = resultSelector.apply(keySelector.apply(row), adder.apply(init.apply(), row));
    return result instanceof Object[] out && out.length >= in.length;
  }

  /** The sets ordered so that each comes after the set it reads. */
  private static int[] parentsFirst(int[] parents) {
    int[] depth = new int[parents.length];
    for (int s = 0; s < parents.length; s++) {
      for (int p = parents[s]; p >= 0; p = parents[p]) {
        depth[s]++;
      }
    }
    return java.util.stream.IntStream.range(0, parents.length).boxed()
        .sorted(java.util.Comparator.comparingInt(s -> depth[s])).mapToInt(Integer::intValue).toArray();
  }

  @Override public Object current() {
    return current;
  }

  @Override public boolean moveNext() {
    try {
      while (true) {
        if (groups != null && groups.moveNext()) {
          current = groups.current();
          for (int s = 0; s < parents.length; s++) {
            if (parents[s] == returning) {
              sets.get(s).add(current);
            }
          }
          return true;
        }
        if (next == order.length) {
          close();
          return false;
        }
        returning = order[next++];
        groups = sets.get(returning).output();
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
      if (groups != null) {
        groups.close();
      }
      for (HashAggregation set : sets) {
        set.close();
      }
      memory.close();
    }
  }
}
