package dev.lakejdbc.adapter.prune;

import dev.lakejdbc.adapter.dpp.DynamicKeys;
import dev.lakejdbc.adapter.dpp.DynamicPruning;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.hive.PartitionPrefixFilter;
import dev.lakejdbc.adapter.table.LakeColumn;
import dev.lakejdbc.adapter.table.PartitionValues;
import dev.lakejdbc.adapter.table.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * Applies a scan's static partition filter and its dynamic key filters to directories as they are
 * listed, on their typed values. A directory whose filter cannot be evaluated (a CAST that fails on its
 * value, say) is kept, never dropped: its rows are read, and the evaluation error is raised if any row
 * comes out of it, as the same filter would have raised it row by row without pruning.
 */
public final class PartitionPruner implements PartitionPrefixFilter {
  /** A dynamic filter with the keys of this execution. */
  public record KeyFilter(DynamicPruning pruning, DynamicKeys keys) {}

  private final PartitionFilter filter;
  private final List<KeyFilter> keyFilters;
  private final List<LakeColumn> partitionColumns;
  private final int width;
  private final int firstPartitionIndex;
  private final Map<List<String>, RuntimeException> doubts = new HashMap<>();

  public PartitionPruner(PartitionFilter filter, List<KeyFilter> keyFilters, TableSchema schema) {
    this.filter = filter;
    this.keyFilters = List.copyOf(keyFilters);
    this.partitionColumns = schema.partitionColumns();
    this.width = schema.columns().size();
    this.firstPartitionIndex = width - partitionColumns.size();
  }

  @Override public boolean mayMatch(Path directory, List<String> values) {
    if (filter.isEmpty() && keyFilters.isEmpty()) {
      return true;
    }
    int depth = values.size();
    Object[] row = new Object[width];
    for (int i = 0; i < depth; i++) {
      row[firstPartitionIndex + i] = PartitionValues.parse(partitionColumns.get(i), values.get(i), directory);
    }
    RuntimeException doubt = null;
    try {
      if (!filter.mayMatch(row, depth)) {
        return false;
      }
    } catch (RuntimeException e) {
      doubt = e;
    }
    for (KeyFilter k : keyFilters) {
      if (k.pruning().levelsNeeded() == depth) {
        try {
          Object[] key = k.pruning().factKey().apply(row);
          // Past the key cap, a partition outside the keys' range still cannot join.
          if (k.keys().overCap() ? !k.keys().inRanges(key) : !k.keys().contains(key)) {
            return false;
          }
        } catch (RuntimeException e) {
          doubt = doubt == null ? e : doubt;
        }
      }
    }
    if (doubt != null) {
      doubts.put(new ArrayList<>(values), doubt);
    }
    return true;
  }

  /** The error evaluating the filter on {@code partition} or one of its parents, or null. */
  public RuntimeException doubtAbout(PartitionDirectory partition) {
    if (doubts.isEmpty()) {
      return null;
    }
    for (int depth = 0; depth <= partition.values().size(); depth++) {
      RuntimeException e = doubts.get(partition.values().subList(0, depth));
      if (e != null) {
        return e;
      }
    }
    return null;
  }
}
