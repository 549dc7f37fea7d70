package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.PartitionValueTypes;
import dev.lakejdbc.adapter.parquet.ParquetColumnTypes;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.Type;

/**
 * Works out a table's schema from a listing: partition column types (declared, inferred over all
 * values, or VARCHAR) and data columns as the union by name of the Parquet schemas of the footers
 * given: every file's ({@code discovery=all}) or a sample's ({@link DiscoverySample}). From a sample,
 * the row count is estimated from the sampled files' rows per byte and the listing's bytes.
 */
final class TableDiscovery {
  private record Seen(LakeColumn column, Path file, Type parquetType) {}

  private TableDiscovery() {}

  /**
   * The schema of {@code table} from its listing and the footers of its files, in the listing's order
   * (the first file to show a column is the one an error about its type names).
   */
  static TableSchema discover(String table, Path location, HiveLayout layout,
      List<ParquetFooters.Result> footers, LakeOptions options) {
    return discover(table, location, layout, footers, options, true);
  }

  /**
   * As above; {@code allFiles} says whether {@code footers} are those of every file of the listing,
   * or a sample's (in the sample's order).
   */
  static TableSchema discover(String table, Path location, HiveLayout layout,
      List<ParquetFooters.Result> footers, LakeOptions options, boolean allFiles) {
    if (layout.fileCount() == 0) {
      throw new LakeException(LakeException.DATA_EXCEPTION, "Table '" + table
          + "' has no Parquet data files under " + location + ", so its columns are unknown");
    }
    List<LakeColumn> partitionColumns = partitionColumns(table, layout, options);

    // A column both in the path and in the files takes the path's value and type: its file values are
    // never read, so its file types are neither merged nor checked against each other.
    Set<String> inPath = partitionColumns.stream()
        .map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    Map<String, Seen> data = new LinkedHashMap<>();
    long rows = 0;
    DistinctCountEstimates distinct = new DistinctCountEstimates();
    LakeException firstError = null;
    int readable = 0;
    long readableBytes = 0;
    for (ParquetFooters.Result result : footers) {
      if (result.error() != null) {
        // An unreadable file fails the queries that open it, naming it; it must not fail the queries
        // that prune it away.
        firstError = firstError == null ? result.error() : firstError;
        continue;
      }
      readable++;
      readableBytes += result.file().length();
      ParquetMetadata footer = result.footer();
      rows += footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
      distinct.add(footer);
      for (Type field : footer.getFileMetaData().getSchema().getFields()) {
        if (!inPath.contains(field.getName().toLowerCase(Locale.ROOT))) {
          merge(data, field, result.file().path());
        }
      }
    }
    if (readable == 0) {
      throw firstError;
    }
    boolean complete = allFiles || footers.size() >= layout.fileCount();
    if (!complete) {
      // The sample's rows per byte times the table's bytes: files of one writer and schema hold
      // about as many rows per byte, and the listing gives every file's length for free.
      long totalBytes = layout.partitions().stream()
          .flatMap(p -> p.files().stream()).mapToLong(f -> f.length()).sum();
      rows = readableBytes == 0 ? rows
          : Math.round(rows * ((double) totalBytes / readableBytes));
    }
    List<LakeColumn> columns = new ArrayList<>();
    for (Seen seen : data.values()) {
      columns.add(seen.column());
    }
    columns.addAll(partitionColumns);
    List<Object[]> partitionValues = layout.partitions().stream()
        .map(p -> PartitionValues.of(partitionColumns, p)).toList();
    Map<String, Double> estimates = distinct.byLowerCaseName(rows);
    Map<String, Double> distinctCounts = new HashMap<>();
    for (Seen seen : data.values()) {
      Double count = estimates.get(seen.column().name().toLowerCase(Locale.ROOT));
      if (count != null) {
        distinctCounts.put(seen.column().name(), count);
      }
    }
    return new TableSchema(columns, rows, layout.partitions().size(), layout.fileCount(),
        partitionValues, distinctCounts, footers.size(), complete);
  }

  private static void merge(Map<String, Seen> data, Type field, Path file) {
    String key = field.getName().toLowerCase(Locale.ROOT);
    ColumnType type = ParquetColumnTypes.sqlTypeOf(field);
    Seen earlier = data.get(key);
    if (earlier == null) {
      data.put(key, new Seen(new LakeColumn(field.getName(), type, -1), file, field));
      return;
    }
    ColumnType widened = ColumnType.widen(earlier.column().type(), type);
    if (widened == null) {
      throw new LakeException(LakeException.DATATYPE_MISMATCH, "Column '" + field.getName()
          + "' has conflicting types: " + describe(earlier.parquetType()) + " in " + earlier.file()
          + " but " + describe(field) + " in " + file);
    }
    if (!widened.equals(earlier.column().type())) {
      data.put(key, new Seen(new LakeColumn(earlier.column().name(), widened, -1), earlier.file(),
          earlier.parquetType()));
    }
  }

  private static String describe(Type field) {
    return field.toString().trim().replaceAll("\\s+", " ") + " (" + ParquetColumnTypes.sqlTypeOf(field) + ")";
  }

  private static List<LakeColumn> partitionColumns(String table, HiveLayout layout, LakeOptions options) {
    List<LakeColumn> columns = new ArrayList<>();
    for (int level = 0; level < layout.columns().size(); level++) {
      String name = layout.columns().get(level);
      ColumnType type = options.declaredType(table, name);
      if (type == null) {
        int l = level;
        type = options.partitionTypeInference()
            // Distinct values: a date level of 365 days repeats each date under every branch.
            ? PartitionValueTypes.infer(layout.partitions().stream().map(p -> p.values().get(l))
                .collect(Collectors.toCollection(LinkedHashSet::new)))
            : ColumnType.VARCHAR;
      }
      columns.add(new LakeColumn(name, type, level));
    }
    return columns;
  }
}
