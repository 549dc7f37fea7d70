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
 */
public final class DynamicKeys {
  private final Set<List<Object>> keys;
  private final boolean[] nullSafe;
  private final int maxKeys;

  private DynamicKeys(Set<List<Object>> keys, boolean[] nullSafe, int maxKeys) {
    this.keys = keys;
    this.nullSafe = nullSafe;
    this.maxKeys = maxKeys;
  }

  /** Collects the distinct key tuples of the dimension's rows. */
  static DynamicKeys collect(List<Object[]> keyTuples, boolean[] nullSafe, int maxKeys) {
    Set<List<Object>> keys = new LinkedHashSet<>();
    for (Object[] tuple : keyTuples) {
      List<Object> key = comparable(tuple, nullSafe);
      if (key != null) {
        keys.add(key);
      }
    }
    return new DynamicKeys(keys, nullSafe, maxKeys);
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
      Object v = tuple[i];
      // An INTEGER dimension key and a BIGINT partition value of the same number are the same key.
      normalized[i] = v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)
          ? new BigDecimal(n.toString()).stripTrailingZeros() : v;
    }
    return Arrays.asList(normalized);
  }
}
