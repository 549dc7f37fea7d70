package dev.lakejdbc.adapter.hive;

import java.util.List;

/** A listed table: its partition column names in path order, and its non-empty leaf directories. */
public record HiveLayout(List<String> columns, List<PartitionDirectory> partitions) {
  public int fileCount() {
    return partitions.stream().mapToInt(p -> p.files().size()).sum();
  }
}
