package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.hive.HivePathNames;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * A table's counts and partition values estimated from a listing of a sample of its first-level
 * partition directories ({@link ListingSample}), for the planner's estimates only: each unlisted
 * first-level directory is taken to hold what a listed one holds on average (rows, files, leaf
 * partitions) and the deeper values seen in the sample. Hive's default partition ({@code NULL}) is
 * left out of the average where the sample has other directories: rows whose key is NULL pile up in
 * it (TPC-DS's store_sales: 4% of all rows in one of 1,824 directories).
 */
record ListingExtrapolation(long rows, int partitions, int files, ListingSample.Listed listed) {
  /** More estimated partitions than this take only some of the sample's deeper values. */
  static final int MAX_PARTITION_VALUES = 1_000_000;

  /** The whole table's counts from {@code listed} and each listed file's rows (estimated or exact). */
  static ListingExtrapolation of(ListingSample.Listed listed, Map<Path, Double> fileRows) {
    double rows = 0, regularRows = 0;
    int files = 0, regularFiles = 0, leaves = 0, regularLeaves = 0;
    for (PartitionDirectory p : listed.layout().partitions()) {
      double r = 0;
      for (var f : p.files()) {
        r += fileRows.getOrDefault(f.path(), 0.0);
      }
      rows += r;
      files += p.files().size();
      leaves++;
      if (p.values().get(0) != null) {
        regularRows += r;
        regularFiles += p.files().size();
        regularLeaves++;
      }
    }
    long regularDirectories = listed.sampled().stream()
        .filter(name -> HivePathNames.valueOf(name) != null).count();
    boolean regular = regularDirectories > 0;
    double perDirectory = regular ? regularDirectories : listed.sampled().size();
    int unlisted = listed.unlisted();
    return new ListingExtrapolation(
        Math.round(rows + unlisted * (regular ? regularRows : rows) / perDirectory),
        leaves + (int) Math.round(unlisted * (regular ? regularLeaves : leaves) / perDirectory),
        files + (int) Math.round(unlisted * (regular ? regularFiles : files) / perDirectory),
        listed);
  }

  /**
   * Typed values of the listed partitions, and for each unlisted first-level directory its own value
   * with each combination of deeper values the listed partitions have (some of them, evenly spread,
   * past {@link #MAX_PARTITION_VALUES} in all).
   */
  List<Object[]> partitionValues(List<LakeColumn> columns) {
    List<Object[]> values = new ArrayList<>();
    Set<List<String>> deeper = new LinkedHashSet<>();
    for (PartitionDirectory p : listed.layout().partitions()) {
      values.add(PartitionValues.of(columns, p));
      deeper.add(p.values().subList(1, p.values().size()));
    }
    List<List<String>> combinations = new ArrayList<>(deeper);
    int room = Math.max(1, (MAX_PARTITION_VALUES - values.size()) / Math.max(1, listed.unlisted()));
    if (combinations.size() > room) {
      List<List<String>> spread = new ArrayList<>(room);
      for (int i : DiscoverySample.spread(combinations.size(), room)) {
        spread.add(combinations.get(i));
      }
      combinations = spread;
    }
    List<Map<String, Object>> parsed = new ArrayList<>();
    columns.forEach(c -> parsed.add(new HashMap<>()));
    for (FileStatus directory : listed.firstLevel()) {
      String name = ListingSample.Listed.nameOf(directory);
      if (listed.sampled().contains(name)) {
        continue;
      }
      Path path = directory.getPath();
      Object first = PartitionValues.parse(columns.get(0), HivePathNames.valueOf(name), path);
      for (List<String> combination : combinations) {
        Object[] row = new Object[columns.size()];
        row[0] = first;
        for (int level = 1; level < row.length; level++) {
          String raw = combination.get(level - 1);
          LakeColumn column = columns.get(level);
          row[level] = raw == null ? null
              : parsed.get(level).computeIfAbsent(raw, r -> PartitionValues.parse(column, r, path));
        }
        values.add(row);
      }
    }
    return values;
  }
}
