package dev.lakejdbc.adapter;

import dev.lakejdbc.adapter.types.ColumnType;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How the lake is interpreted and queried: declared partition column types, whether undeclared ones are
 * inferred, and the pruning settings. Declarations are keyed by column ({@code dt}) or by table and
 * column ({@code orders.dt}); the table-qualified one wins.
 *
 * @param dppDimensionThreshold the largest estimated dimension size, in bytes, that dynamic pruning
 *     evaluates first (the analogue of Spark's autoBroadcastJoinThreshold)
 * @param dppMaxKeys past this many distinct keys a dynamic filter is not applied
 * @param listingCacheMillis how long a directory listing is reused; 0 lists every time
 * @param dataFilterPushdown push conjuncts on data columns, and dynamic filters on data join keys, into
 *     scans, which then read only the row groups and pages that may match
 * @param discoverySample how many partitions' newest files discovery reads the footers of to find a
 *     table's schema (plus the table's newest file); {@link #DISCOVER_ALL} (0) reads every footer
 * @param nestedAsJson nested Parquet columns (groups, LIST, MAP, repeated fields) are VARCHAR holding
 *     JSON ({@code nestedColumns=json}) instead of ROW, ARRAY and MAP
 */
public record LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
    boolean staticPruning, boolean dpp, long dppDimensionThreshold, int dppMaxKeys,
    long listingCacheMillis, boolean dataFilterPushdown, int discoverySample, boolean nestedAsJson) {
  public static final long DEFAULT_DPP_DIMENSION_THRESHOLD = 10L * 1024 * 1024;
  public static final int DEFAULT_DPP_MAX_KEYS = 10_000;
  public static final long DEFAULT_LISTING_CACHE_MILLIS = 10_000;
  /** The partitions sampled by default: see {@code table.DiscoverySample}. */
  public static final int DEFAULT_DISCOVERY_SAMPLE = 32;
  /** {@link #discoverySample} meaning: read every file's footer at discovery. */
  public static final int DISCOVER_ALL = 0;
  public static final LakeOptions DEFAULTS = new LakeOptions(Map.of(), true, true, true,
      DEFAULT_DPP_DIMENSION_THRESHOLD, DEFAULT_DPP_MAX_KEYS, DEFAULT_LISTING_CACHE_MILLIS, true,
      DEFAULT_DISCOVERY_SAMPLE, false);

  public LakeOptions {
    partitionTypes = Map.copyOf(partitionTypes);
    if (discoverySample < 0) {
      throw new IllegalArgumentException("discoverySample must be 0 (all) or more: " + discoverySample);
    }
  }

  /** The options with nested columns as ROW, ARRAY and MAP. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
      boolean staticPruning, boolean dpp, long dppDimensionThreshold, int dppMaxKeys,
      long listingCacheMillis, boolean dataFilterPushdown, int discoverySample) {
    this(partitionTypes, partitionTypeInference, staticPruning, dpp, dppDimensionThreshold, dppMaxKeys,
        listingCacheMillis, dataFilterPushdown, discoverySample, false);
  }

  /** These options with nested columns read as VARCHAR JSON ({@code nestedColumns=json}) or not. */
  public LakeOptions withNestedAsJson(boolean json) {
    return new LakeOptions(partitionTypes, partitionTypeInference, staticPruning, dpp,
        dppDimensionThreshold, dppMaxKeys, listingCacheMillis, dataFilterPushdown, discoverySample, json);
  }

  /** The options with the default discovery sample. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
      boolean staticPruning, boolean dpp, long dppDimensionThreshold, int dppMaxKeys,
      long listingCacheMillis, boolean dataFilterPushdown) {
    this(partitionTypes, partitionTypeInference, staticPruning, dpp, dppDimensionThreshold, dppMaxKeys,
        listingCacheMillis, dataFilterPushdown, DEFAULT_DISCOVERY_SAMPLE);
  }

  /** These options with discovery reading {@code sample} partitions' footers (0: every footer). */
  public LakeOptions withDiscoverySample(int sample) {
    return new LakeOptions(partitionTypes, partitionTypeInference, staticPruning, dpp,
        dppDimensionThreshold, dppMaxKeys, listingCacheMillis, dataFilterPushdown, sample, nestedAsJson);
  }

  /** Whether discovery reads every file's footer (discovery=all) rather than a sample. */
  public boolean discoversAll() {
    return discoverySample == DISCOVER_ALL;
  }

  /** The options with data filter pushdown on. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
      boolean staticPruning, boolean dpp, long dppDimensionThreshold, int dppMaxKeys,
      long listingCacheMillis) {
    this(partitionTypes, partitionTypeInference, staticPruning, dpp, dppDimensionThreshold, dppMaxKeys,
        listingCacheMillis, true, DEFAULT_DISCOVERY_SAMPLE);
  }

  /** Interpretation options, with the default pruning settings. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference) {
    this(partitionTypes, partitionTypeInference, true, true, DEFAULT_DPP_DIMENSION_THRESHOLD,
        DEFAULT_DPP_MAX_KEYS, DEFAULT_LISTING_CACHE_MILLIS, true, DEFAULT_DISCOVERY_SAMPLE);
  }

  /**
   * Parses the {@code partitionTypes} property: {@code dt:date,branch_id:varchar,orders.qty:int}.
   *
   * @throws IllegalArgumentException naming the entry that is not {@code column:type}
   */
  public static Map<String, ColumnType> parsePartitionTypes(String spec) {
    Map<String, ColumnType> types = new HashMap<>();
    if (spec == null || spec.isBlank()) {
      return types;
    }
    // Commas also separate decimal(p,s)'s arguments: split only on commas outside parentheses.
    for (String entry : spec.split(",(?![^()]*\\))")) {
      int colon = entry.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException("partitionTypes entry '" + entry.trim()
            + "' is not column:type");
      }
      types.put(entry.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          ColumnType.parse(entry.substring(colon + 1)));
    }
    return types;
  }

  /** The declared type of a partition column, or null. */
  public ColumnType declaredType(String table, String column) {
    ColumnType qualified = partitionTypes.get((table + "." + column).toLowerCase(Locale.ROOT));
    return qualified != null ? qualified : partitionTypes.get(column.toLowerCase(Locale.ROOT));
  }
}
