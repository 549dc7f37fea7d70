package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.types.ColumnType;

/**
 * A column of a lake table: a data column read from the files, or a partition column whose value comes
 * from the directory path ({@code partitionIndex} is its level, -1 for a data column).
 */
public record LakeColumn(String name, ColumnType type, int partitionIndex) {
  public boolean isPartition() {
    return partitionIndex >= 0;
  }
}
