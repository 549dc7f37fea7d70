package dev.lakejdbc.adapter.dpp;

import java.math.BigDecimal;
import java.util.Comparator;

/**
 * The order in which a dynamic filter's key range is taken: numbers (dates and timestamps too) by value,
 * strings by code point — the order of their UTF-8 bytes, which is the order Parquet's statistics of a
 * string column use, so that a range taken here is a range there too — and booleans false first. Keys
 * of any other kind, or of two kinds at once, have no range.
 */
final class KeyOrder {
  static final Comparator<Object> ORDER = KeyOrder::compare;

  private KeyOrder() {}

  /** Whether {@link #ORDER} can compare {@code a} and {@code b}. */
  static boolean comparable(Object a, Object b) {
    return a instanceof BigDecimal && b instanceof BigDecimal
        || a instanceof String && b instanceof String
        || a instanceof Boolean && b instanceof Boolean;
  }

  private static int compare(Object a, Object b) {
    if (a instanceof String s && b instanceof String t) {
      return compareCodePoints(s, t);
    }
    if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
      return x.compareTo(y);
    }
    return ((Boolean) a).compareTo((Boolean) b);
  }

  /** Code point order (String.compareTo compares UTF-16 units, which orders U+E000..U+FFFF last). */
  static int compareCodePoints(String s, String t) {
    int i = 0;
    int j = 0;
    while (i < s.length() && j < t.length()) {
      int a = s.codePointAt(i);
      int b = t.codePointAt(j);
      if (a != b) {
        return Integer.compare(a, b);
      }
      i += Character.charCount(a);
      j += Character.charCount(b);
    }
    return Integer.compare(s.length() - i, t.length() - j);
  }
}
