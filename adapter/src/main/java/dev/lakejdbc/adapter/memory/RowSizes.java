package dev.lakejdbc.adapter.memory;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Estimates how many bytes of heap a row of Calcite's internal representation takes: the row
 * ({@code Object[]}, or a bare value for one column) and the values it holds — boxed numbers, strings,
 * decimals, byte strings — on a 64-bit HotSpot JVM with compressed references (heaps under 32 GB).
 * Values shared between rows (small boxed integers, booleans) count nothing.
 */
public final class RowSizes {
  /** An object reference; 8 bytes without compressed references (heaps of 32 GB and more). */
  static final int REFERENCE = Runtime.getRuntime().maxMemory() < (31L << 30) ? 4 : 8;
  /** An object's header. */
  static final int HEADER = REFERENCE == 4 ? 12 : 16;
  static final int ARRAY_HEADER = HEADER + 4;
  /** A String object (hash, coder, value reference) without its byte array. */
  static final int STRING = align(HEADER + 4 + 1 + 1 + REFERENCE);
  static final int BOXED_INT = align(HEADER + 4);
  static final int BOXED_LONG = align(HEADER + 8);
  /** A BigDecimal whose unscaled value fits a long; past 18 digits it also holds a BigInteger. */
  static final int DECIMAL = align(HEADER + REFERENCE + 4 + 4 + REFERENCE + 8);
  static final int BIG_INTEGER = align(HEADER + 4 * 4 + REFERENCE) + align(ARRAY_HEADER + 16);

  private static final ClassValue<Layout> LAYOUT = new ClassValue<>() {
    @Override protected Layout computeValue(Class<?> type) {
      return Layout.of(type);
    }
  };

  private RowSizes() {}

  /** Rounds up to the JVM's 8-byte object alignment. */
  static int align(long bytes) {
    return (int) ((bytes + 7) & ~7L);
  }

  /** The bytes of {@code row} and of every value it holds (not counting a reference to it). */
  public static long of(Object row) {
    if (row instanceof Object[] values) {
      long size = align(ARRAY_HEADER + (long) REFERENCE * values.length);
      for (Object v : values) {
        size += value(v);
      }
      return size;
    }
    return value(row);
  }

  /** The bytes of one value of a row. */
  static long value(Object v) {
    if (v == null || v instanceof Boolean) {
      return 0;
    }
    if (v instanceof String s) {
      // Compact strings: one byte per character for Latin-1 text (most lake data).
      return STRING + align(ARRAY_HEADER + s.length());
    }
    if (v instanceof Integer i) {
      return i >= -128 && i <= 127 ? 0 : BOXED_INT;
    }
    if (v instanceof Long l) {
      return l >= -128 && l <= 127 ? 0 : BOXED_LONG;
    }
    if (v instanceof Double) {
      return BOXED_LONG;
    }
    if (v instanceof BigDecimal d) {
      return d.precision() > 18 ? DECIMAL + BIG_INTEGER : DECIMAL;
    }
    if (v instanceof Float || v instanceof Short || v instanceof Byte || v instanceof Character) {
      return BOXED_INT;
    }
    if (v instanceof ByteString b) {
      return align(HEADER + REFERENCE) + align(ARRAY_HEADER + b.length());
    }
    if (v instanceof byte[] b) {
      return align(ARRAY_HEADER + b.length);
    }
    if (v instanceof Object[] a) {
      return of(a);
    }
    if (v instanceof Collection<?> c) {
      long size = align(HEADER + 8 + REFERENCE) + align(ARRAY_HEADER + (long) REFERENCE * c.size());
      for (Object e : c) {
        size += value(e);
      }
      return size;
    }
    if (v instanceof Map<?, ?> m) {
      long size = align(HEADER + 24) + (long) (align(HEADER + 4 + 3 * REFERENCE) + 2 * REFERENCE) * m.size();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        size += value(e.getKey()) + value(e.getValue());
      }
      return size;
    }
    return LAYOUT.get(v.getClass()).size(v);
  }

  /**
   * The fields of an object of another class — an accumulator of Calcite's generated code, say: its
   * shallow size, and the values of its public reference fields (a MIN's string, a SUM's decimal),
   * counted one level deep; a field it cannot read counts as a boxed number.
   */
  private record Layout(int shallow, Field[] references) {
    static Layout of(Class<?> type) {
      long size = HEADER;
      java.util.List<Field> references = new java.util.ArrayList<>();
      for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
        for (Field f : c.getDeclaredFields()) {
          if (Modifier.isStatic(f.getModifiers())) {
            continue;
          }
          Class<?> t = f.getType();
          if (t == long.class || t == double.class) {
            size += 8;
          } else if (t == int.class || t == float.class) {
            size += 4;
          } else if (t == short.class || t == char.class) {
            size += 2;
          } else if (t == byte.class || t == boolean.class) {
            size += 1;
          } else {
            size += REFERENCE;
            references.add(f);
          }
        }
      }
      return new Layout(align(size), references.toArray(new Field[0]));
    }

    long size(Object o) {
      long size = shallow;
      for (Field f : references) {
        if (!Modifier.isPublic(f.getModifiers())
            || !Modifier.isPublic(f.getDeclaringClass().getModifiers())) {
          size += BOXED_LONG;
          continue;
        }
        try {
          Object v = f.get(o);
          size += v == null ? 0 : simpleValue(v);
        } catch (IllegalAccessException | RuntimeException e) {
          size += BOXED_LONG;
        }
      }
      return size;
    }

    /** A field's value: known classes exactly, others by their shallow size only. */
    private static long simpleValue(Object v) {
      if (v instanceof String || v instanceof Number || v instanceof Boolean || v instanceof ByteString
          || v instanceof byte[] || v instanceof Character) {
        return value(v);
      }
      return LAYOUT.get(v.getClass()).shallow();
    }
  }
}
