package dev.lakejdbc.adapter.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.function.Function1;

/**
 * The rows of each partition whose rank, in a given order, can be at most {@code limit}: what a
 * window's {@code RANK()}, {@code ROW_NUMBER()} or {@code DENSE_RANK() <= limit} filter above keeps,
 * found before the window sorts its whole input (Spark's WindowGroupLimit). Every row ordered before
 * or tied with a kept row is kept too, so each kept row's rank is the same as over the whole input.
 * It holds at most {@code limit} rows (plus ties at the last place) per partition, never more than the
 * window above would have held.
 */
public final class RankLimit {
  private RankLimit() {}

  /**
   * Called by generated code.
   *
   * @param partition a row's partition key
   * @param order the window's order within a partition
   * @param dense whether the rank counts distinct order values (DENSE_RANK) instead of rows
   */
  public static <T> Enumerable<T> limit(Enumerable<T> input, Function1<T, Object> partition,
      Comparator<T> order, boolean dense, int limit) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<T> enumerator() {
        Map<Object, Top<T>> tops = new HashMap<>();
        try (Enumerator<T> rows = input.enumerator()) {
          while (rows.moveNext()) {
            T row = rows.current();
            tops.computeIfAbsent(partition.apply(row), k -> new Top<>(order, dense, limit)).add(row);
          }
        }
        List<T> kept = new ArrayList<>();
        for (Top<T> top : tops.values()) {
          top.rows.values().forEach(kept::addAll);
        }
        return Linq4j.enumerator(kept);
      }
    };
  }

  /** One partition's best rows, grouped by order value. */
  private static final class Top<T> {
    final TreeMap<T, List<T>> rows;
    final boolean dense;
    final int limit;
    int count;

    Top(Comparator<T> order, boolean dense, int limit) {
      this.rows = new TreeMap<>(order);
      this.dense = dense;
      this.limit = limit;
    }

    void add(T row) {
      if (full() && rows.comparator().compare(row, rows.lastKey()) > 0) {
        return; // after every kept row: its rank is past the limit
      }
      rows.computeIfAbsent(row, k -> new ArrayList<>()).add(row);
      count++;
      // The last order value's rows rank past the limit once the rows (or values) before them fill it.
      while (dense ? rows.size() > limit : count - rows.lastEntry().getValue().size() >= limit) {
        count -= rows.pollLastEntry().getValue().size();
      }
    }

    /** Whether a row after the last kept one could no longer be within the limit. */
    private boolean full() {
      return dense ? rows.size() >= limit : count >= limit;
    }
  }
}
