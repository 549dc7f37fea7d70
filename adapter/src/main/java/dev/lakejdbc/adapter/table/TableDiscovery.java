package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.HivePathNames;
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
 * the row count is estimated from the sampled files' rows and every file's length ({@link #estimateRows}).
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
    return discover(table, location, new ListingSample.Listed(layout, List.of(), Set.of()), footers,
        options, allFiles);
  }

  /**
   * As above, from a listing that may hold only a sample of the first-level partition directories:
   * then the counts and the deeper levels' values of the others are estimated
   * ({@link ListingExtrapolation}).
   */
  static TableSchema discover(String table, Path location, ListingSample.Listed listed,
      List<ParquetFooters.Result> footers, LakeOptions options, boolean allFiles) {
    HiveLayout layout = listed.layout();
    if (layout.fileCount() == 0) {
      throw new LakeException(LakeException.DATA_EXCEPTION, "Table '" + table
          + "' has no Parquet data files under " + location + ", so its columns are unknown");
    }
    List<LakeColumn> partitionColumns = partitionColumns(table, listed, options);

    // A column both in the path and in the files takes the path's value and type: its file values are
    // never read, so its file types are neither merged nor checked against each other.
    Set<String> inPath = partitionColumns.stream()
        .map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    Map<String, Seen> data = new LinkedHashMap<>();
    long rows = 0;
    DistinctCountEstimates distinct = new DistinctCountEstimates();
    LakeException firstError = null;
    int readable = 0;
    Map<Path, Long> sampledRows = new HashMap<>();
    for (ParquetFooters.Result result : footers) {
      if (result.error() != null) {
        // An unreadable file fails the queries that open it, naming it; it must not fail the queries
        // that prune it away.
        firstError = firstError == null ? result.error() : firstError;
        continue;
      }
      readable++;
      ParquetMetadata footer = result.footer();
      long fileRows = footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
      sampledRows.put(result.file().path(), fileRows);
      rows += fileRows;
      distinct.add(footer);
      for (Type field : footer.getFileMetaData().getSchema().getFields()) {
        if (!inPath.contains(field.getName().toLowerCase(Locale.ROOT))) {
          merge(data, field, result.file().path(), options.nestedAsJson());
        }
      }
    }
    if (readable == 0) {
      throw firstError;
    }
    boolean complete = (allFiles || footers.size() >= layout.fileCount()) && listed.complete();
    Map<Path, Double> fileRows = complete ? Map.of() : estimateFileRows(layout, sampledRows);
    if (!complete) {
      rows = total(fileRows, rows);
    }
    int partitionCount = layout.partitions().size();
    int fileCount = layout.fileCount();
    List<Object[]> partitionValues;
    if (listed.complete()) {
      partitionValues = layout.partitions().stream()
          .map(p -> PartitionValues.of(partitionColumns, p)).toList();
    } else {
      ListingExtrapolation whole = ListingExtrapolation.of(listed, fileRows);
      rows = whole.rows();
      partitionCount = whole.partitions();
      fileCount = whole.files();
      partitionValues = whole.partitionValues(partitionColumns);
    }
    List<LakeColumn> columns = new ArrayList<>();
    for (Seen seen : data.values()) {
      columns.add(seen.column());
    }
    columns.addAll(partitionColumns);
    Map<String, Double> estimates = distinct.byLowerCaseName(rows);
    Map<String, Double> distinctCounts = new HashMap<>();
    for (Seen seen : data.values()) {
      Double count = estimates.get(seen.column().name().toLowerCase(Locale.ROOT));
      if (count != null) {
        distinctCounts.put(seen.column().name(), count);
      }
    }
    return new TableSchema(columns, rows, partitionCount, fileCount, partitionValues, distinctCounts,
        footers.size(), complete, listed.complete());
  }

  /**
   * The table's rows from a sample: the sampled files' rows, plus each other file's rows estimated
   * from its length (which the listing gives for free) by the line {@code bytes = a + b * rows} fitted
   * to the sampled files by least squares: {@code a} is what a file costs whatever its rows (footer,
   * page headers, dictionaries), {@code b} the bytes per row. Plain rows per byte would overestimate a
   * table of many small files whose sample holds one large file (TPC-DS's NULL-date partition: 1.9x
   * for store_sales at scale factor 0.01, 2.8x for store_returns; the fitted line: within 3%). Without
   * a usable line (one sampled file, all of one row count, a slope not above 0) rows per byte it is.
   */
  static long estimateRows(HiveLayout layout, Map<Path, Long> sampledRows, long sampledTotal) {
    return total(estimateFileRows(layout, sampledRows), sampledTotal);
  }

  /** The sum of files' estimated rows, or {@code otherwise} when there are none. */
  private static long total(Map<Path, Double> fileRows, long otherwise) {
    return fileRows.isEmpty() ? otherwise
        : Math.round(fileRows.values().stream().mapToDouble(Double::doubleValue).sum());
  }

  /**
   * Every file's rows as {@link #estimateRows} estimates them (the sampled files' exactly), by path;
   * empty when no file of {@code layout} was sampled.
   */
  static Map<Path, Double> estimateFileRows(HiveLayout layout, Map<Path, Long> sampledRows) {
    double n = 0, sumRows = 0, sumBytes = 0, sampledBytes = 0;
    List<DataFile> others = new ArrayList<>();
    List<DataFile> sampled = new ArrayList<>();
    for (var partition : layout.partitions()) {
      for (DataFile f : partition.files()) {
        Long r = sampledRows.get(f.path());
        if (r == null) {
          others.add(f);
        } else {
          sampled.add(f);
          n++;
          sumRows += r;
          sumBytes += f.length();
          sampledBytes += f.length();
        }
      }
    }
    Map<Path, Double> estimates = new HashMap<>();
    if (n == 0) {
      return estimates;
    }
    double meanRows = sumRows / n, meanBytes = sumBytes / n, covariance = 0, variance = 0;
    for (DataFile f : sampled) {
      double r = sampledRows.get(f.path());
      estimates.put(f.path(), r);
      covariance += (r - meanRows) * (f.length() - meanBytes);
      variance += (r - meanRows) * (r - meanRows);
    }
    double slope = variance == 0 ? 0 : covariance / variance;
    double intercept = meanBytes - slope * meanRows;
    for (DataFile f : others) {
      double estimate;
      if (slope > 0) {
        estimate = Math.max(0, (f.length() - intercept) / slope);
      } else {
        estimate = sampledBytes > 0 ? f.length() * (sumRows / sampledBytes) : 0;
      }
      estimates.put(f.path(), estimate);
    }
    return estimates;
  }

  private static void merge(Map<String, Seen> data, Type field, Path file, boolean nestedAsJson) {
    String key = field.getName().toLowerCase(Locale.ROOT);
    ColumnType type = ParquetColumnTypes.sqlTypeOf(field, nestedAsJson);
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

  /**
   * The partition columns, typed: declared, or inferred over the distinct values listed — the first
   * level's over all of them even when only a sample of its directories was walked.
   */
  private static List<LakeColumn> partitionColumns(String table, ListingSample.Listed listed,
      LakeOptions options) {
    HiveLayout layout = listed.layout();
    List<LakeColumn> columns = new ArrayList<>();
    for (int level = 0; level < layout.columns().size(); level++) {
      String name = layout.columns().get(level);
      ColumnType type = options.declaredType(table, name);
      if (type == null) {
        int l = level;
        // Distinct values: a date level of 365 days repeats each date under every branch.
        Set<String> values = level == 0 && !listed.complete()
            ? listed.firstLevel().stream()
                .map(d -> HivePathNames.valueOf(ListingSample.Listed.nameOf(d)))
                .collect(Collectors.toCollection(LinkedHashSet::new))
            : layout.partitions().stream().map(p -> p.values().get(l))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        type = options.partitionTypeInference() ? PartitionValueTypes.infer(values) : ColumnType.VARCHAR;
      }
      columns.add(new LakeColumn(name, type, level));
    }
    return columns;
  }
}
