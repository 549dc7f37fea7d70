package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.LakeException;

import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.hive.PartitionValueTypes;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** Turns a partition directory's text values into typed values of the table's partition columns. */
public final class PartitionValues {
  private PartitionValues() {}

  /** The typed values of {@code partition}, in partition-column order; NULL for the default partition. */
  public static Object[] of(List<LakeColumn> partitionColumns, PartitionDirectory partition) {
    Object[] values = new Object[partitionColumns.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = parse(partitionColumns.get(i), partition.values().get(i), partition.path());
    }
    return values;
  }

  /**
   * One typed value of {@code column}, found in {@code directory}.
   *
   * @throws LakeException naming the directory when the value does not fit the column's type
   */
  public static Object parse(LakeColumn column, String raw, Path directory) {
    try {
      return raw == null ? null : PartitionValueTypes.parse(raw, column.type());
    } catch (IllegalArgumentException e) {
      throw new LakeException(LakeException.INVALID_VALUE_FOR_TYPE, "Partition value '" + raw
          + "' of column '" + column.name() + "' is not a valid " + column.type() + ": " + directory
          + ". Declare the column's type with partitionTypes (e.g. " + column.name()
          + ":varchar), or connect with discovery=all, which infers it over every directory (with"
          + " discovery=sample, a table of many partitions has only a sample of its directories"
          + " listed to infer the types of its deeper partition levels)");
    }
  }
}
