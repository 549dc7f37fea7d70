package dev.lakejdbc.adapter.filter;

import dev.lakejdbc.adapter.dpp.KeyValues;
import java.math.BigDecimal;
import java.util.List;

/**
 * Decides, for each decoded fact row, whether its join key can match a dimension key at all: rows that
 * cannot are dropped as they are decoded, before the join sees them. The test is membership among all
 * the dimension's keys, however many ({@code dppMaxKeys} narrows partition and row group filters to
 * the keys' range, not this): the keys are in memory already, and a range of 27,440 scattered keys
 * (TPC-DS q7's customer demographics) let through 96% of the fact's rows, which the join then
 * dropped. Integer keys are bits of a bitmap over their range when they are dense enough for it to take
 * no more than a hash set would, else in a primitive hash set; other keys compare as {@link KeyValues}
 * compares them.
 */
public abstract class RowKeyFilter extends RowFilter {
  /** The position of the key in the scan's output row. */
  final int position;

  RowKeyFilter(int position) {
    this.position = position;
  }

  /** Whether the row's key may join. */
  public abstract boolean mayJoin(Object[] row);

  @Override public final boolean accepts(Object[] row) {
    return mayJoin(row);
  }

  /** The output position of the key this filter reads. */
  public int position() {
    return position;
  }

  @Override public int[] positions() {
    return new int[] {position};
  }


  /**
   * This filter for one reader's thread. A file's values come in runs (sorted, or one dictionary
   * entry's value instance after another): a filter of one reader may remember its last answer.
   */
  @Override public RowKeyFilter forOneReader() {
    return this;
  }

  /**
   * The filter on output position {@code position} for these keys.
   *
   * @param integral whether the column holds integers in Calcite's representation (an integer type,
   *     DATE or TIMESTAMP), which the fast path compares as longs
   */
  public static RowKeyFilter of(int position, KeyValues keys, boolean integral) {
    if (integral) {
      long[] longs = longs(keys.values());
      if (longs != null) {
        RowKeyFilter dense = LongBitmap.ifDense(position, longs, keys.matchesNull());
        return dense != null ? dense : new LongMembership(position, longs, keys.matchesNull());
      }
    }
    return new ByValue(position, keys);
  }

  /** Membership as the dimension compares keys; remembers the answer for the last value instance. */
  private static final class ByValue extends RowKeyFilter {
    private final KeyValues keys;
    private Object last;
    private boolean lastAnswer;

    ByValue(int position, KeyValues keys) {
      super(position);
      this.keys = keys;
    }

    @Override public boolean mayJoin(Object[] row) {
      Object v = row[position];
      if (v != null && v == last) {
        return lastAnswer;
      }
      boolean answer = keys.mayMatch(v);
      last = v;
      lastAnswer = answer;
      return answer;
    }

    @Override public RowKeyFilter forOneReader() {
      return new ByValue(position, keys);
    }
  }

  /** The keys as longs, or null when one is not a whole number within long's range. */
  private static long[] longs(List<Object> values) {
    long[] longs = new long[values.size()];
    for (int i = 0; i < longs.length; i++) {
      if (!(values.get(i) instanceof BigDecimal d)) {
        return null;
      }
      try {
        longs[i] = d.longValueExact();
      } catch (ArithmeticException e) {
        return null;
      }
    }
    return longs;
  }

  /**
   * Integer keys as bits over their range, from the smallest: one load and a shift per row, when the
   * range is at most 64 times the key count (a bitmap no larger than the hash set, at 8 bytes a key).
   */
  private static final class LongBitmap extends RowKeyFilter {
    private final long min;
    private final long max;
    private final long[] words;
    private final boolean matchesNull;

    private LongBitmap(int position, long[] keys, long min, long max, boolean matchesNull) {
      super(position);
      this.matchesNull = matchesNull;
      this.min = min;
      this.max = max;
      this.words = new long[(int) ((max - min) / 64 + 1)];
      for (long k : keys) {
        long bit = k - min;
        words[(int) (bit >>> 6)] |= 1L << bit;
      }
    }

    /** The bitmap of {@code keys}, or null when there are none or their range is over 64 values a key. */
    static LongBitmap ifDense(int position, long[] keys, boolean matchesNull) {
      if (keys.length == 0) {
        return null;
      }
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      for (long k : keys) {
        min = Math.min(min, k);
        max = Math.max(max, k);
      }
      // max - min overflows for keys at both ends of long's range: then it is anything but small.
      long span = max - min;
      return span >= 0 && span / 64 < keys.length
          ? new LongBitmap(position, keys, min, max, matchesNull) : null;
    }

    @Override public boolean mayJoin(Object[] row) {
      Object v = row[position];
      if (v == null) {
        return matchesNull;
      }
      long x = ((Number) v).longValue();
      if (x < min || x > max) {
        return false;
      }
      long bit = x - min;
      return (words[(int) (bit >>> 6)] & (1L << bit)) != 0;
    }
  }

  /** An open-addressing set of longs: no boxing per row. */
  private static final class LongMembership extends RowKeyFilter {
    private static final long EMPTY = Long.MIN_VALUE;
    private final long[] table;
    private final int mask;
    private final boolean containsEmpty;
    private final boolean matchesNull;

    LongMembership(int position, long[] keys, boolean matchesNull) {
      super(position);
      this.matchesNull = matchesNull;
      int capacity = Integer.highestOneBit(Math.max(4, keys.length * 2 - 1)) << 1;
      this.table = new long[capacity];
      this.mask = capacity - 1;
      java.util.Arrays.fill(table, EMPTY);
      boolean empty = false;
      for (long k : keys) {
        if (k == EMPTY) {
          empty = true;
          continue;
        }
        int i = slot(k);
        while (table[i] != EMPTY && table[i] != k) {
          i = (i + 1) & mask;
        }
        table[i] = k;
      }
      this.containsEmpty = empty;
    }

    private int slot(long k) {
      long h = k * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32)) & mask;
    }

    @Override public boolean mayJoin(Object[] row) {
      Object v = row[position];
      if (v == null) {
        return matchesNull;
      }
      long x = ((Number) v).longValue();
      if (x == EMPTY) {
        return containsEmpty;
      }
      for (int i = slot(x); ; i = (i + 1) & mask) {
        long t = table[i];
        if (t == x) {
          return true;
        }
        if (t == EMPTY) {
          return false;
        }
      }
    }
  }
}
