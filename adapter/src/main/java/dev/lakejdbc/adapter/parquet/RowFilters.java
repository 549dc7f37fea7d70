package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.filter.RowFilter;
import dev.lakejdbc.adapter.filter.RowKeyFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * The row filters of one reader, judged key filters first. The key filters are called at their own
 * call site: a fact scan tests millions of rows against a few kinds of them (an integer key set, a
 * range), a call the JIT can inline, which one shared with the plan's row predicates (another kind per
 * statement) would not let it.
 */
final class RowFilters {
  static final int ACCEPTED = 0;
  static final int BY_KEYS = 1;
  static final int BY_FILTER = 2;
  static final RowFilters NONE = new RowFilters(List.of());

  private final RowKeyFilter[] keys;
  private final RowFilter[] others;

  RowFilters(List<? extends RowFilter> filters) {
    List<RowKeyFilter> keys = new ArrayList<>();
    List<RowFilter> others = new ArrayList<>();
    for (RowFilter f : filters) {
      RowFilter mine = f.forOneReader();
      if (mine instanceof RowKeyFilter k) {
        keys.add(k);
      } else {
        others.add(mine);
      }
    }
    this.keys = keys.toArray(RowKeyFilter[]::new);
    this.others = others.toArray(RowFilter[]::new);
  }

  boolean isEmpty() {
    return keys.length == 0 && others.length == 0;
  }

  /** {@link #ACCEPTED}, or why the row is dropped: {@link #BY_KEYS} or {@link #BY_FILTER}. */
  int judge(Object[] row) {
    for (RowKeyFilter k : keys) {
      if (!k.mayJoin(row)) {
        return BY_KEYS;
      }
    }
    for (RowFilter f : others) {
      if (!f.accepts(row)) {
        return BY_FILTER;
      }
    }
    return ACCEPTED;
  }

  /** Whether a row filter other than a key filter drops {@code row}. */
  boolean filterDrops(Object[] row) {
    for (RowFilter f : others) {
      if (!f.accepts(row)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a filter reads output position {@code position}. */
  boolean reads(int position) {
    for (RowKeyFilter k : keys) {
      if (k.position() == position) {
        return true;
      }
    }
    for (RowFilter f : others) {
      for (int p : f.positions()) {
        if (p == position) {
          return true;
        }
      }
    }
    return false;
  }
}
