package dev.lakejdbc.adapter.dpp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The distinct values of one key position of an evaluated dimension, as a fact column compares them:
 * what a dynamic filter on that column keeps. Values are normalized as {@link DynamicKeys} normalizes
 * them (numbers by value). A NULL key counts only at a null-safe position ({@code IS NOT DISTINCT
 * FROM}), where it matches a NULL fact value. The range is the smallest and largest value in
 * {@link KeyOrder}, or absent when the values have none.
 */
public final class KeyValues {
  private final Set<Object> values;
  private final boolean matchesNull;
  private final Object min;
  private final Object max;
  private final int maxKeys;

  private KeyValues(Set<Object> values, boolean matchesNull, Object min, Object max, int maxKeys) {
    this.values = values;
    this.matchesNull = matchesNull;
    this.min = min;
    this.max = max;
    this.maxKeys = maxKeys;
  }

  static KeyValues of(List<Object[]> tuples, int position, boolean nullSafe, int maxKeys) {
    Set<Object> values = new LinkedHashSet<>();
    boolean matchesNull = false;
    Object min = null;
    Object max = null;
    boolean ordered = true;
    for (Object[] tuple : tuples) {
      Object v = DynamicKeys.normalize(tuple[position]);
      if (v == null) {
        matchesNull |= nullSafe;
        continue;
      }
      if (!values.add(v) || !ordered) {
        continue;
      }
      if (min == null) {
        ordered = KeyOrder.comparable(v, v);
        min = v;
        max = v;
      } else if (!KeyOrder.comparable(min, v)) {
        ordered = false;
      } else {
        min = KeyOrder.ORDER.compare(v, min) < 0 ? v : min;
        max = KeyOrder.ORDER.compare(v, max) > 0 ? v : max;
      }
    }
    return new KeyValues(values, matchesNull, ordered ? min : null, ordered ? max : null, maxKeys);
  }

  public int size() {
    return values.size();
  }

  /**
   * Past the key cap ({@code dppMaxKeys}) row groups and pages are filtered by the keys' range only;
   * decoded rows are still tested against every key ({@link #mayMatch}).
   */
  public boolean overCap() {
    return values.size() > maxKeys;
  }

  public int maxKeys() {
    return maxKeys;
  }

  /** Whether a NULL fact value matches (the position is null-safe and the dimension has a NULL key). */
  public boolean matchesNull() {
    return matchesNull;
  }

  /** The distinct non-NULL values, in the order first seen. */
  public List<Object> values() {
    return new ArrayList<>(values);
  }

  /** Whether the values have a range (all are numbers, all strings, or all booleans). */
  public boolean hasRange() {
    return min != null;
  }

  public Object min() {
    return min;
  }

  public Object max() {
    return max;
  }

  /** Whether a fact value may match: it is among the values, however many there are. */
  public boolean mayMatch(Object factValue) {
    Object v = DynamicKeys.normalize(factValue);
    if (v == null) {
      return matchesNull;
    }
    return values.contains(v);
  }

  /** Whether a normalized value lies within the range (true when there is none to judge by). */
  boolean inRange(Object normalized) {
    if (min == null || !KeyOrder.comparable(min, normalized)) {
      return true;
    }
    return KeyOrder.ORDER.compare(normalized, min) >= 0 && KeyOrder.ORDER.compare(normalized, max) <= 0;
  }
}
