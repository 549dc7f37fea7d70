package dev.lakejdbc.adapter.table;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * A table's columns as discovered: data columns (the union of the schemas of the files whose footers
 * discovery read: a sample, or every file) then partition columns in path order; with what was found
 * on the way, for the planner: row, partition and file counts, each partition's typed values (to
 * estimate what a partition filter keeps) and estimated distinct values per column (to estimate what a
 * join yields). Estimates only: no answer depends on them. {@code rowCount} is exact when discovery
 * read every footer ({@code allFooters}); from a sample, the sample's rows plus the other files' estimated
 * from their lengths ({@code TableDiscovery.estimateRows}). {@code footersRead} is how many footers discovery read (or found cached).
 * {@code allListed} says whether discovery listed every directory; when it listed a sample of the
 * first-level partitions ({@link ListingSample}), the partition, file and row counts and the deeper
 * levels' partition values are estimated from it.
 */
public record TableSchema(List<LakeColumn> columns, long rowCount, int partitionCount, int fileCount,
    List<Object[]> partitionValues, Map<String, Double> distinctCounts, int footersRead,
    boolean allFooters, boolean allListed) {
  public TableSchema {
    columns = List.copyOf(columns);
    partitionValues = List.copyOf(partitionValues);
    // A partition column's distinct values are known exactly from the listing.
    Map<String, Double> counts = new HashMap<>(distinctCounts);
    List<LakeColumn> partitionColumns = columns.stream().filter(LakeColumn::isPartition).toList();
    for (int level = 0; level < partitionColumns.size(); level++) {
      Set<Object> values = new HashSet<>();
      for (Object[] partition : partitionValues) {
        values.add(partition[level] == null ? NULL : partition[level]);
      }
      counts.put(partitionColumns.get(level).name(), (double) Math.max(values.size(), 1));
    }
    distinctCounts = Map.copyOf(counts);
  }

  private static final Object NULL = new Object();

  /** A schema from a listing of every directory. */
  public TableSchema(List<LakeColumn> columns, long rowCount, int partitionCount, int fileCount,
      List<Object[]> partitionValues, Map<String, Double> distinctCounts, int footersRead,
      boolean allFooters) {
    this(columns, rowCount, partitionCount, fileCount, partitionValues, distinctCounts, footersRead,
        allFooters, true);
  }

  /** A schema known from every file (plan tests, catalogs that store schemas). */
  public TableSchema(List<LakeColumn> columns, long rowCount, int partitionCount, int fileCount,
      List<Object[]> partitionValues, Map<String, Double> distinctCounts) {
    this(columns, rowCount, partitionCount, fileCount, partitionValues, distinctCounts, fileCount, true);
  }

  /** A schema without distinct-value estimates for its data columns. */
  public TableSchema(List<LakeColumn> columns, long rowCount, int partitionCount, int fileCount,
      List<Object[]> partitionValues) {
    this(columns, rowCount, partitionCount, fileCount, partitionValues, Map.of());
  }

  /** How the data columns were found, for messages: "every file's footer" or "a sample of ...". */
  public String howDiscovered() {
    return allFooters ? "the footers of all " + fileCount + " files"
        : "a sample of " + footersRead + " of its " + (allListed ? "" : "about ") + fileCount
            + " files' footers (discovery=sample)";
  }

  public RelDataType rowType(RelDataTypeFactory typeFactory) {
    RelDataTypeFactory.Builder builder = typeFactory.builder();
    for (LakeColumn c : columns) {
      builder.add(c.name(), c.type().toRelType(typeFactory));
    }
    return builder.build();
  }

  public List<LakeColumn> partitionColumns() {
    return columns.stream().filter(LakeColumn::isPartition).toList();
  }

  /** The estimated number of distinct values of the table's column {@code column}, if known. */
  public OptionalDouble distinctCount(int column) {
    Double count = distinctCounts.get(columns.get(column).name());
    return count == null ? OptionalDouble.empty() : OptionalDouble.of(count);
  }
}
