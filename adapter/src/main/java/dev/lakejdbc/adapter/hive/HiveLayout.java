package dev.lakejdbc.adapter.hive;

import java.util.List;

/**
 * A listed table: its partition column names in path order, its non-empty leaf directories (those a
 * filter let through), and how many directories were listed to find them.
 */
public record HiveLayout(List<String> columns, List<PartitionDirectory> partitions, int directoriesListed) {
  public int fileCount() {
    return partitions.stream().mapToInt(p -> p.files().size()).sum();
  }
}
