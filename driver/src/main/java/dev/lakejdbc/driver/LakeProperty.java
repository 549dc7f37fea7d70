package dev.lakejdbc.driver;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The lake's own connection properties, as given in the URL ({@code ;key=value}) or Properties. */
public enum LakeProperty {
  PARTITION_TYPES("partitionTypes", "",
      "Declared partition column types, e.g. dt:date,branch_id:varchar,orders.qty:int "
          + "(a table-qualified entry wins); undeclared columns are inferred"),
  PARTITION_TYPE_INFERENCE("partitionTypeInference", "true",
      "Infer partition column types (int, bigint, decimal, date, timestamp) from directory values; "
          + "false makes every undeclared partition column VARCHAR"),
  STATIC_PRUNING("staticPruning", "true",
      "Prune partitions by predicates on partition columns known when the statement executes; "
          + "false reads every partition (for comparison)"),
  LISTING_CACHE_SECONDS("listingCacheSeconds", "10",
      "How long a directory listing is reused by later statements; 0 lists every time. REFRESH forgets "
          + "all listings and table schemas at once"),
  DPP("dpp", "true",
      "Dynamic partition pruning: a star join's filtered dimension is evaluated first and its join keys "
          + "decide which fact partitions are read; false turns it off"),
  DPP_DIMENSION_THRESHOLD("dppDimensionThreshold", "10MB",
      "The largest estimated dimension size that dynamic pruning evaluates first, in bytes or with a "
          + "KB/MB/GB suffix (the analogue of Spark's autoBroadcastJoinThreshold)"),
  DPP_MAX_KEYS("dppMaxKeys", "10000",
      "Past this many distinct join keys a dynamic filter keeps only the keys' range (sys.scans.notes "
          + "says so)"),
  DATA_FILTER_PUSHDOWN("dataFilterPushdown", "true",
      "Push conjuncts on data columns and dynamic join-key filters on data columns into scans, which "
          + "then read only the row groups and pages that may match; false reads every row group (for "
          + "comparison)"),
  DISCOVERY("discovery", "sample",
      "How a table's schema is found on first use: sample reads the footers of the newest file of "
          + "discoverySample partitions spread over the table, plus its newest file (each other file's "
          + "footer is read when a query opens it), and lists only a sample of a table's first-level "
          + "partitions when it has more than 8 x discoverySample; all lists every directory and reads "
          + "every file's footer, for the union of all columns up front"),
  DISCOVERY_SAMPLE("discoverySample", "32",
      "With discovery=sample, how many partitions' newest files are read (at least 1); a table of at "
          + "most this many files plus one is read whole, one of more than 8 times this many first-level "
          + "partitions has this many of them listed"),
  NESTED_COLUMNS("nestedColumns", "sql",
      "How nested Parquet columns (groups, LIST, MAP, repeated fields) are typed: sql makes them ROW, "
          + "ARRAY and MAP (getObject returns Struct, Array, Map); json makes them VARCHAR holding JSON, "
          + "for tools that cannot show nested values"),
  QUERY_MEMORY_LIMIT("queryMemoryLimit", "25%",
      "What one statement execution may hold in sorts, hash joins, aggregations, the dynamic pruning "
          + "cache and read buffers: a size (512MB, 2GB) or a share of the JVM's maximum heap (25%); "
          + "past it, sorts, joins and aggregations spill to disk, or the query fails with 53200"),
  SPILL("spill", "true",
      "Let sorts, hash joins and aggregations that outgrow queryMemoryLimit write rows to temporary "
          + "files; false makes such a query fail with SQLState 53200 instead"),
  SPILL_DIRECTORY("spillDirectory", "",
      "Where spill files go (a local directory, never inside the lake); default: java.io.tmpdir");

  private final String key;
  private final String defaultValue;
  private final String description;

  LakeProperty(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** The property named {@code key}, matched case-insensitively. */
  public static Optional<LakeProperty> of(String key) {
    return Arrays.stream(values()).filter(p -> p.key.toLowerCase(Locale.ROOT)
        .equals(key.toLowerCase(Locale.ROOT))).findFirst();
  }
}
