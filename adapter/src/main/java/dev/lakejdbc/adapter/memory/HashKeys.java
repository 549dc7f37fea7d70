package dev.lakejdbc.adapter.memory;

import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.runtime.FlatLists;

/**
 * Keys of hash tables and hash partitions as Calcite's generated code defines them: equal by the key's
 * own {@code equals}, or by an {@link EqualityComparer} where the code passes one (rows compared as
 * arrays).
 *
 * <p>A composite key is a list (Calcite's {@code FlatLists}) whose {@code 31 * h + e} hash puts
 * structured values (small numbers, the same strings in different columns) into few values: its hash
 * here mixes each column's instead, so that equal lists still hash alike.
 */
final class HashKeys {
  private final EqualityComparer<Object> comparer;

  @SuppressWarnings("unchecked")
  HashKeys(EqualityComparer<?> comparer) {
    this.comparer = (EqualityComparer<Object>) comparer;
  }

  /**
   * Whether equal hashes already prove two keys equal: both are {@code Integer}s, whose hash here is a
   * bijection of the value (its own value through Murmur3's finalizer), and no comparer decides.
   * Most join and grouping keys are; a lookup then need not reach the stored key (a cache miss).
   */
  boolean hashDecidesEquality(Object key) {
    return comparer == null && key instanceof Integer;
  }

  /**
   * The key as tables hold it: a join key of one column is its value, not the one-element list
   * Calcite's key selector makes, so that an {@code Integer} key is compared by its hash alone. Lists
   * with a NULL (keys of {@code IS NOT DISTINCT FROM}) stay lists: a NULL key means "matches nothing".
   */
  Object unwrap(Object key) {
    if (comparer == null && key instanceof FlatLists.AbstractFlatList<?> list && list.size() == 1) {
      Object value = list.get(0);
      return value != null ? value : key;
    }
    return key;
  }

  /** Whether two keys (either may be NULL) are one. */
  boolean equal(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    return comparer != null ? comparer.equal(a, b) : a.equals(b);
  }

  /** The key's hash, spread over all bits: tables and spill partitions each take some of them. */
  int hash(Object key) {
    int h;
    if (key == null) {
      h = 0;
    } else if (comparer != null) {
      h = comparer.hashCode(key);
    } else if (key instanceof FlatLists.AbstractFlatList<?> list) {
      // A class test first: on Java 17 a failed or alternating test against an interface (List,
      // RandomAccess) scans the class's interfaces on every call, and that showed as a third of
      // the time of hashing 2.3 million composite keys.
      h = indexedHash(list);
    } else if (key instanceof Integer i) {
      // The commonest keys of one column by their (final) classes, for the same reason: for Integer
      // keys the two failed tests against List below took three quarters of a lookup (36 of 47 ns,
      // 90,000 keys).
      h = i;
    } else if (key instanceof Long l) {
      h = Long.hashCode(l);
    } else if (key instanceof String s) {
      h = s.hashCode();
    } else if (key instanceof List<?> list && list instanceof RandomAccess) {
      h = indexedHash(list);
    } else if (key instanceof List<?> list) {
      h = list.size();
      for (Object v : list) {
        h = mix(h, Objects.hashCode(v));
      }
    } else {
      h = key.hashCode();
    }
    // Murmur3's finalizer: partitions take different bits at each level.
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  private static int indexedHash(List<?> list) {
    int size = list.size();
    int h = size;
    for (int i = 0; i < size; i++) {
      h = mix(h, Objects.hashCode(list.get(i)));
    }
    return h;
  }

  /** Murmur3's mixing of one column's hash into the running hash. */
  private static int mix(int h, int column) {
    int k = column * 0xcc9e2d51;
    k = Integer.rotateLeft(k, 15) * 0x1b873593;
    return Integer.rotateLeft(h ^ k, 13) * 5 + 0xe6546b64;
  }
}
