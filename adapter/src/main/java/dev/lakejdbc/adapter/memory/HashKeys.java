package dev.lakejdbc.adapter.memory;

import java.util.Objects;
import org.apache.calcite.linq4j.function.EqualityComparer;

/**
 * Keys of hash tables and hash partitions as Calcite's generated code defines them: by the key's own
 * {@code equals} and {@code hashCode}, or by an {@link EqualityComparer} where the code passes one
 * (rows compared as arrays).
 */
final class HashKeys {
  private final EqualityComparer<Object> comparer;

  @SuppressWarnings("unchecked")
  HashKeys(EqualityComparer<?> comparer) {
    this.comparer = (EqualityComparer<Object>) comparer;
  }

  /** The key as a hash table must hold it: itself, or wrapped to compare by the comparer. */
  Object tableKey(Object key) {
    return comparer == null || key == null ? key : new Compared(key);
  }

  /** The key a table key stands for. */
  Object key(Object tableKey) {
    return tableKey instanceof Compared c ? c.key : tableKey;
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
  long wrapperBytes() {
    return comparer == null ? 0 : RowSizes.align(RowSizes.HEADER + RowSizes.REFERENCE);
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
