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
 */
public record LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
    boolean staticPruning, boolean dpp, long dppDimensionThreshold, int dppMaxKeys,
    long listingCacheMillis, boolean dataFilterPushdown) {
  public static final long DEFAULT_DPP_DIMENSION_THRESHOLD = 10L * 1024 * 1024;
  public static final int DEFAULT_DPP_MAX_KEYS = 10_000;
  public static final long DEFAULT_LISTING_CACHE_MILLIS = 10_000;
  public static final LakeOptions DEFAULTS = new LakeOptions(Map.of(), true, true, true,
      DEFAULT_DPP_DIMENSION_THRESHOLD, DEFAULT_DPP_MAX_KEYS, DEFAULT_LISTING_CACHE_MILLIS, true);

  public LakeOptions {
    partitionTypes = Map.copyOf(partitionTypes);
  }

  /** The options with data filter pushdown on. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
      boolean staticPruning, boolean dpp, long dppDimensionThreshold, int dppMaxKeys,
      long listingCacheMillis) {
    this(partitionTypes, partitionTypeInference, staticPruning, dpp, dppDimensionThreshold, dppMaxKeys,
        listingCacheMillis, true);
  }

  /** Interpretation options, with the default pruning settings. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference) {
    this(partitionTypes, partitionTypeInference, true, true, DEFAULT_DPP_DIMENSION_THRESHOLD,
        DEFAULT_DPP_MAX_KEYS, DEFAULT_LISTING_CACHE_MILLIS, true);
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
