package dev.lakejdbc.adapter;

import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.hive.PartitionValueTypes;
import java.util.List;

/** Turns a partition directory's text values into typed values of the table's partition columns. */
final class PartitionValues {
  private PartitionValues() {}

  /** The typed values of {@code partition}, in partition-column order; NULL for the default partition. */
  static Object[] of(List<LakeColumn> partitionColumns, PartitionDirectory partition) {
    Object[] values = new Object[partitionColumns.size()];
    for (int i = 0; i < values.length; i++) {
      String raw = partition.values().get(i);
      LakeColumn column = partitionColumns.get(i);
      try {
        values[i] = raw == null ? null : PartitionValueTypes.parse(raw, column.type());
      } catch (IllegalArgumentException e) {
        throw new LakeException(LakeException.INVALID_VALUE_FOR_TYPE, "Partition value '" + raw
            + "' of column '" + column.name() + "' is not a valid " + column.type() + ": "
            + partition.path());
      }
    }
    return values;
  }

  /** Fails, naming the directory, on the first value that does not fit its column's type. */
  static void check(List<LakeColumn> partitionColumns, List<PartitionDirectory> partitions) {
    for (PartitionDirectory p : partitions) {
      of(partitionColumns, p);
    }
  }
}
