package dev.lakejdbc.adapter.dpp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of an evaluated dimension by join key, for a partition-wise join: a fact partition's key
 * values are the same on all its rows, so the dimension rows they join are found once per partition,
 * not once per fact row. Keys are compared as {@link DynamicKeys} compares them (numbers by value; a
 * NULL matches only at a null-safe position), which is the join condition's equality.
 */
public final class DimensionMatches {
  private final Map<List<Object>, List<Object[]>> rowsByKey = new HashMap<>();
  private final boolean[] nullSafe;

  DimensionMatches(List<Object[]> keyTuples, List<Object[]> rows, boolean[] nullSafe) {
    this.nullSafe = nullSafe;
    for (int i = 0; i < rows.size(); i++) {
      List<Object> key = DynamicKeys.comparable(keyTuples.get(i), nullSafe);
      if (key != null) {
        rowsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(rows.get(i));
      }
    }
  }

  /** The dimension rows (all their columns) that a fact partition with these key values joins. */
  public List<Object[]> rowsFor(Object[] factKey) {
    List<Object> key = DynamicKeys.comparable(factKey, nullSafe);
    return key == null ? List.of() : rowsByKey.getOrDefault(key, List.of());
  }
}
