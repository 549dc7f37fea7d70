package dev.lakejdbc.adapter.memory;

import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.calcite.linq4j.function.Functions;

/**
 * The order of a sort on one key, as Calcite's generated code gives it — one of linq4j's four
 * {@link Functions#nullsComparator} comparators — but with two numbers of the same class compared
 * directly. linq4j compares any two numbers as BigDecimals, which for a DOUBLE key makes a
 * {@code new BigDecimal(double)} per comparison: most of the time of an {@code ORDER BY v LIMIT 10}.
 * The order is the same: a decimal made from a double is exact, so comparing the doubles compares
 * the decimals (0.0 and -0.0 equal); NaN is left to linq4j.
 */
final class SingleKeyOrder {
  /** linq4j's comparators of one key, and whether each reverses the natural order. */
  private static final Map<Comparator<?>, Boolean> CALCITE = new IdentityHashMap<>();

  static {
    CALCITE.put(Functions.nullsComparator(true, false), false);
    CALCITE.put(Functions.nullsComparator(false, false), false);
    CALCITE.put(Functions.nullsComparator(true, true), true);
    CALCITE.put(Functions.nullsComparator(false, true), true);
  }

  private SingleKeyOrder() {}

  /** {@code comparator}, faster if it is one of linq4j's comparators of one key; else itself. */
  static Comparator<Object> of(Comparator<Object> comparator) {
    Boolean reverse = CALCITE.get(comparator);
    if (reverse == null) {
      return comparator;
    }
    boolean descending = reverse;
    return (a, b) -> {
      if (a != null && b != null && a.getClass() == b.getClass()) {
        if (a instanceof Long || a instanceof Integer || a instanceof Short || a instanceof Byte) {
          int c = Long.compare(((Number) a).longValue(), ((Number) b).longValue());
          return descending ? -c : c;
        }
        if (a instanceof Double || a instanceof Float) {
          double x = ((Number) a).doubleValue();
          double y = ((Number) b).doubleValue();
          if (!Double.isNaN(x) && !Double.isNaN(y)) {
            int c = x < y ? -1 : x > y ? 1 : 0;
            return descending ? -c : c;
          }
        }
      }
      return comparator.compare(a, b);
    };
  }
}
