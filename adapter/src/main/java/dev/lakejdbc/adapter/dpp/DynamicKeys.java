package dev.lakejdbc.adapter.dpp;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The runtime filter of dynamic partition pruning: the distinct join-key tuples of an evaluated
 * dimension. Values are compared after normalization (numbers by value), and a tuple holding a NULL
 * matches nothing unless that key position is null-safe ({@code IS NOT DISTINCT FROM}).
 *
 * <p>The first {@code partitionKeys} positions of a tuple are keys on the fact's partition columns,
 * whose tuples prune directories; the others are keys on data columns, each filtering the fact's rows
 * by its own {@link #values(int) values}.
 */
public final class DynamicKeys {
  private final Set<List<Object>> keys;
  private final boolean[] nullSafe;
  private final int maxKeys;
  private final List<Object[]> tuples;
  /** Whether each key position, partition and data, is null-safe. */
  private final boolean[] allNullSafe;
  private final KeyValues[] values;

  private DynamicKeys(Set<List<Object>> keys, boolean[] nullSafe, int maxKeys, List<Object[]> tuples,
      boolean[] allNullSafe) {
    this.keys = keys;
    this.nullSafe = nullSafe;
    this.maxKeys = maxKeys;
    this.tuples = tuples;
    this.allNullSafe = allNullSafe;
    this.values = new KeyValues[allNullSafe.length];
  }

  /** Collects the distinct key tuples of the dimension's rows. */
  static DynamicKeys collect(List<Object[]> keyTuples, boolean[] nullSafe, int maxKeys) {
    return collect(keyTuples, nullSafe, nullSafe.length, maxKeys);
  }

  /** Collects the distinct tuples of the first {@code partitionKeys} positions of the dimension's keys. */
  public static DynamicKeys collect(List<Object[]> keyTuples, boolean[] nullSafe, int partitionKeys,
      int maxKeys) {
    Set<List<Object>> keys = new LinkedHashSet<>();
    boolean[] partitionNullSafe = Arrays.copyOf(nullSafe, partitionKeys);
    if (partitionKeys > 0) {
      for (Object[] tuple : keyTuples) {
        List<Object> key = comparable(Arrays.copyOf(tuple, partitionKeys), partitionNullSafe);
        if (key != null) {
          keys.add(key);
        }
      }
    }
    return new DynamicKeys(keys, partitionNullSafe, maxKeys, keyTuples, nullSafe.clone());
  }

  /** The distinct values at key position {@code position} (partition or data key), computed once. */
  public synchronized KeyValues values(int position) {
    if (values.length <= position) {
      throw new IllegalArgumentException("no key position " + position);
    }
    if (values[position] == null) {
      values[position] = KeyValues.of(tuples, position, nullSafeAt(position), maxKeys);
    }
    return values[position];
  }

  private boolean nullSafeAt(int position) {
    return position < allNullSafe.length && allNullSafe[position];
  }

  /**
   * Whether a fact partition with these key values lies within each key position's range: the filter
   * past the key cap, which still drops partitions outside the dimension's smallest and largest key.
   */
  public boolean inRanges(Object[] factKey) {
    for (int i = 0; i < factKey.length; i++) {
      KeyValues v = values(i);
      Object key = normalize(factKey[i]);
      if (key == null ? !v.matchesNull() : !v.inRange(key)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a fact partition with these key values can join some dimension row. */
  public boolean contains(Object[] factKey) {
    List<Object> key = comparable(factKey, nullSafe);
    return key != null && keys.contains(key);
  }

  public int size() {
    return keys.size();
  }

  public boolean isEmpty() {
    return keys.isEmpty();
  }

  /** Past the key cap the scan reads as if there were no dynamic filter. */
  public boolean overCap() {
    return keys.size() > maxKeys;
  }

  public int maxKeys() {
    return maxKeys;
  }

  /** E.g. {@code 7 keys: 2026-01-01, 2026-01-26, ...}, with the first {@code shown} keys. */
  public String describe(int shown, KeyFormat format) {
    List<String> first = new ArrayList<>();
    for (List<Object> key : keys) {
      if (first.size() == shown) {
        break;
      }
      List<String> values = new ArrayList<>();
      for (int i = 0; i < key.size(); i++) {
        values.add(format.format(i, key.get(i)));
      }
      first.add(values.size() == 1 ? values.get(0) : "(" + String.join(", ", values) + ")");
    }
    return keys.size() + (keys.size() == 1 ? " key" : " keys") + (first.isEmpty() ? "" : ": "
        + String.join(", ", first) + (keys.size() > shown ? ", ..." : ""));
  }

  /** Renders a key value of a given key position for display. */
  public interface KeyFormat {
    String format(int position, Object value);
  }

  /**
   * The key as compared (see {@link #normalize}), or null when it can equal no other: it holds a NULL
   * at a position that is not null-safe.
   */
  static List<Object> comparable(Object[] tuple, boolean[] nullSafe) {
    List<Object> key = normalize(tuple);
    for (int i = 0; i < key.size(); i++) {
      if (key.get(i) == null && !nullSafe[i]) {
        return null;
      }
    }
    return key;
  }

  /** The key as compared: numbers by value, so that 1 (INTEGER) and 1 (BIGINT) are one key. */
  private static List<Object> normalize(Object[] tuple) {
    Object[] normalized = new Object[tuple.length];
    for (int i = 0; i < tuple.length; i++) {
      normalized[i] = normalize(tuple[i]);
    }
    return Arrays.asList(normalized);
  }

  /** One key value as compared. */
  static Object normalize(Object v) {
    // An INTEGER dimension key and a BIGINT partition value of the same number are the same key.
    if (v instanceof BigDecimal d) {
      return d.stripTrailingZeros();
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return BigDecimal.valueOf(((Number) v).longValue()).stripTrailingZeros();
    }
    return v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)
        ? new BigDecimal(n.toString()).stripTrailingZeros() : v;
  }
}
