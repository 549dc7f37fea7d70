package dev.lakejdbc.adapter.memory;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.linq4j.function.EqualityComparer;

/**
 * Keys of hash tables and hash partitions as Calcite's generated code defines them: by the key's own
 * {@code equals} and {@code hashCode}, or by an {@link EqualityComparer} where the code passes one
 * (rows compared as arrays).
 *
 * <p>A key of more than six columns is a list that compares and hashes through a generic iterator
 * (Calcite's {@code FlatLists.ComparableListImpl}; grouping sets double the columns with their
 * indicators), and its {@code 31 * h + e} hash puts structured values (the same strings in different
 * columns, small numbers) into few buckets: in a table it is held as a {@link Columns} of its values
 * with a mixed hash, equal exactly when the lists are.
 */
final class HashKeys {
  /** Lists up to this size are Calcite's FlatLists, with fields and their own equals. */
  private static final int WIDE = 6;
  private final EqualityComparer<Object> comparer;

  @SuppressWarnings("unchecked")
  HashKeys(EqualityComparer<?> comparer) {
    this.comparer = (EqualityComparer<Object>) comparer;
  }

  /** The key as a hash table must hold it: itself, or wrapped to compare by the comparer. */
  Object tableKey(Object key) {
    if (key == null) {
      return null;
    }
    if (comparer != null) {
      return new Compared(key);
    }
    return key instanceof List<?> list && list.size() > WIDE ? new Columns(list) : key;
  }

  /** The key a table key stands for. */
  Object key(Object tableKey) {
    return tableKey instanceof Compared c ? c.key : tableKey instanceof Columns k ? k.list : tableKey;
  }

  /** The key's hash, spread over all bits, for choosing a spill partition. */
  int hash(Object key) {
    int h = key == null ? 0 : comparer == null ? key.hashCode() : comparer.hashCode(key);
    // Murmur3's finalizer: partitions take different bits at each level.
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  /** The bytes a table key holds besides its key. */
  long wrapperBytes(Object tableKey) {
    if (tableKey instanceof Compared) {
      return RowSizes.align(RowSizes.HEADER + RowSizes.REFERENCE);
    }
    if (tableKey instanceof Columns k) {
      return RowSizes.align(RowSizes.HEADER + 2 * RowSizes.REFERENCE + 4)
          + RowSizes.align(RowSizes.HEADER + 4 + k.values.length * (long) RowSizes.REFERENCE);
    }
    return 0;
  }

  /** A wide list key's values, compared as the list compares them, with a well-mixed hash. */
  private static final class Columns {
    final Object list;
    final Object[] values;
    final int hash;

    Columns(List<?> list) {
      this.list = list;
      this.values = list.toArray();
      int h = values.length;
      for (Object v : values) {
        // Murmur3's mixing of each value into the running hash.
        int k = Objects.hashCode(v) * 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15) * 0x1b873593;
        h = Integer.rotateLeft(h ^ k, 13) * 5 + 0xe6546b64;
      }
      this.hash = h ^ (h >>> 16);
    }

    @Override public boolean equals(Object o) {
      return o instanceof Columns c && c.hash == hash && Arrays.equals(values, c.values);
    }

    @Override public int hashCode() {
      return hash;
    }

    @Override public String toString() {
      return list.toString();
    }
  }

  private final class Compared {
    final Object key;

    Compared(Object key) {
      this.key = key;
    }

    @Override public boolean equals(Object o) {
      return o instanceof Compared c && comparer.equal(key, c.key);
    }

    @Override public int hashCode() {
      return comparer.hashCode(key);
    }

    @Override public String toString() {
      return Objects.toString(key);
    }
  }
}
