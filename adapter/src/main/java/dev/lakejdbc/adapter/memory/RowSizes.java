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

  /** The bytes of an array of {@code length} elements of {@code elementBytes} each. */
  static long array(long length, int elementBytes) {
    return elementBytes == 0 ? 0 : (ARRAY_HEADER + length * elementBytes + 7) & ~7L;
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
    if (v == null) {
      return 0;
    }
    // The commonest classes by identity, the others by their kind, found once per class: an
    // accumulator of generated code failed the instanceof tests against Collection and Map on each
    // call, and on Java 17 each such failed test scans the class's interfaces.
    Class<?> c = v.getClass();
    Kind kind = c == String.class ? Kind.STRING : c == Integer.class ? Kind.INT
        : c == Long.class ? Kind.LONG : c == BigDecimal.class ? Kind.DECIMAL : KIND.get(c);
    switch (kind) {
      case NOTHING:
        return 0;
      case STRING:
        // Compact strings: one byte per character for Latin-1 text (most lake data).
        return STRING + align(ARRAY_HEADER + ((String) v).length());
      case INT: {
        int i = (Integer) v;
        return i >= -128 && i <= 127 ? 0 : BOXED_INT;
      }
      case LONG: {
        long l = (Long) v;
        return l >= -128 && l <= 127 ? 0 : BOXED_LONG;
      }
      case DOUBLE:
        return BOXED_LONG;
      case DECIMAL:
        return ((BigDecimal) v).precision() > 18 ? DECIMAL + BIG_INTEGER : DECIMAL;
      case SMALL_BOXED:
        return BOXED_INT;
      case BYTE_STRING:
        return align(HEADER + REFERENCE) + align(ARRAY_HEADER + ((ByteString) v).length());
      case BYTES:
        return align(ARRAY_HEADER + ((byte[]) v).length);
      case ARRAY:
        return of(v);
      case COLLECTION: {
        Collection<?> collection = (Collection<?>) v;
        long size = align(HEADER + 8 + REFERENCE) + align(ARRAY_HEADER + (long) REFERENCE * collection.size());
        for (Object e : collection) {
          size += value(e);
        }
        return size;
      }
      case MAP: {
        Map<?, ?> m = (Map<?, ?>) v;
        long size = align(HEADER + 24) + (long) (align(HEADER + 4 + 3 * REFERENCE) + 2 * REFERENCE) * m.size();
        for (Map.Entry<?, ?> e : m.entrySet()) {
          size += value(e.getKey()) + value(e.getValue());
        }
        return size;
      }
      default:
        return LAYOUT.get(c).size(v);
    }
  }

  /** How {@link #value} sizes a value of a class. */
  private enum Kind {
    NOTHING, STRING, INT, LONG, DOUBLE, DECIMAL, SMALL_BOXED, BYTE_STRING, BYTES, ARRAY, COLLECTION, MAP,
    FIELDS;

    static Kind of(Class<?> c) {
      if (c == Boolean.class) {
        return NOTHING;
      }
      if (c == String.class) {
        return STRING;
      }
      if (c == Integer.class) {
        return INT;
      }
      if (c == Long.class) {
        return LONG;
      }
      if (c == Double.class) {
        return DOUBLE;
      }
      if (BigDecimal.class.isAssignableFrom(c)) {
        return DECIMAL;
      }
      if (c == Float.class || c == Short.class || c == Byte.class || c == Character.class) {
        return SMALL_BOXED;
      }
      if (ByteString.class.isAssignableFrom(c)) {
        return BYTE_STRING;
      }
      if (c == byte[].class) {
        return BYTES;
      }
      if (Object[].class.isAssignableFrom(c)) {
        return ARRAY;
      }
      if (Collection.class.isAssignableFrom(c)) {
        return COLLECTION;
      }
      if (Map.class.isAssignableFrom(c)) {
        return MAP;
      }
      return FIELDS;
    }
  }

  private static final ClassValue<Kind> KIND = new ClassValue<>() {
    @Override protected Kind computeValue(Class<?> type) {
      return Kind.of(type);
    }
  };

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
            if (Modifier.isPublic(f.getModifiers()) && Modifier.isPublic(c.getModifiers())) {
              // Checked once here, not on each get: a get's access check (the caller's class, looked
              // up on the stack) cost more than the sizing, once per group of every aggregation.
              f.trySetAccessible();
            }
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
