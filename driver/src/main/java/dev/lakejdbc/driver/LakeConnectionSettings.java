package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.memory.QueryMemoryOptions;
import dev.lakejdbc.adapter.types.ColumnType;
import dev.lakejdbc.adapter.types.LakeTypeSystem;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.config.CalciteConnectionProperty;

/**
 * A connection's settings, sorted by who uses them: the lake's own properties, Hadoop configuration
 * keys ({@code fs.*}, {@code dfs.*}, {@code hadoop.*}), and Calcite connection properties, which pass
 * through. Any other key is a mistake and is refused with the list of known ones.
 */
record LakeConnectionSettings(LakeUrl url, Map<LakeProperty, String> lake, Map<String, String> hadoop,
    Properties calcite) {
  private static final Set<String> IGNORED = Set.of("user", "password");
  private static final String[] HADOOP_PREFIXES = {"fs.", "dfs.", "hadoop."};

  static LakeConnectionSettings of(LakeUrl url) {
    Map<LakeProperty, String> lake = new EnumMap<>(LakeProperty.class);
    Map<String, String> hadoop = new LinkedHashMap<>();
    Properties calcite = new Properties();
    for (Map.Entry<String, String> e : url.properties().entrySet()) {
      String key = e.getKey();
      Optional<LakeProperty> lakeProperty = LakeProperty.of(key);
      Optional<CalciteConnectionProperty> calciteProperty = calciteProperty(key);
      if (lakeProperty.isPresent()) {
        lake.put(lakeProperty.get(), e.getValue());
      } else if (Arrays.stream(HADOOP_PREFIXES).anyMatch(key::startsWith)) {
        hadoop.put(key, e.getValue());
      } else if (calciteProperty.isPresent()) {
        calcite.setProperty(calciteProperty.get().camelName(), e.getValue());
      } else if (!IGNORED.contains(key.toLowerCase(Locale.ROOT))) {
        throw new LakeException(LakeException.CONNECTION_REJECTED, "Unknown property '" + key
            + "'; lake-jdbc knows " + Arrays.stream(LakeProperty.values()).map(LakeProperty::key)
                .collect(Collectors.joining(", "))
            + ", Hadoop keys (fs.*, dfs.*, hadoop.*) and Calcite connection properties");
      }
    }
    // Hive names are lower case while BI tools send upper case: match names case-insensitively.
    calcite.putIfAbsent(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
    calcite.putIfAbsent(CalciteConnectionProperty.UNQUOTED_CASING.camelName(), "UNCHANGED");
    calcite.putIfAbsent(CalciteConnectionProperty.QUOTED_CASING.camelName(), "UNCHANGED");
    // Lakes partition by day, month, year, date: the standard parser reserves those words.
    calcite.putIfAbsent(CalciteConnectionProperty.PARSER_FACTORY.camelName(),
        "org.apache.calcite.sql.parser.babel.SqlBabelParserImpl#FACTORY");
    // What Spark SQL and DuckDB users write: x % 2, a != b, GROUP BY 1, GROUP BY an alias, LIMIT n, m.
    calcite.putIfAbsent(CalciteConnectionProperty.CONFORMANCE.camelName(), "LENIENT");
    // ILIKE, which jOOQ and PostgreSQL users write: PostgreSQL's library adds it (and other functions
    // the standard lacks; none of them shadows a standard one).
    calcite.putIfAbsent(CalciteConnectionProperty.FUN.camelName(), "standard,postgresql");
    calcite.putIfAbsent(CalciteConnectionProperty.TYPE_SYSTEM.camelName(),
        LakeTypeSystem.class.getName() + "#INSTANCE");
    calcite.putIfAbsent(CalciteConnectionProperty.META_COLUMN_FACTORY.camelName(),
        LakeMetaColumnFactory.class.getName() + "#INSTANCE");
    return new LakeConnectionSettings(url, lake, hadoop, calcite);
  }

  private static Optional<CalciteConnectionProperty> calciteProperty(String key) {
    return Arrays.stream(CalciteConnectionProperty.values())
        .filter(p -> p.camelName().equalsIgnoreCase(key)).findFirst();
  }

  String value(LakeProperty p) {
    return lake.getOrDefault(p, p.defaultValue());
  }

  boolean bool(LakeProperty p) {
    String v = value(p).trim().toLowerCase(Locale.ROOT);
    if (!v.equals("true") && !v.equals("false")) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "Property " + p.key() + " must be true or false, not '" + value(p) + "'");
    }
    return Boolean.parseBoolean(v);
  }

  LakeOptions lakeOptions() {
    Map<String, ColumnType> partitionTypes;
    try {
      partitionTypes = LakeOptions.parsePartitionTypes(value(LakeProperty.PARTITION_TYPES));
    } catch (IllegalArgumentException e) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "Invalid property " + LakeProperty.PARTITION_TYPES.key() + ": " + e.getMessage());
    }
    return new LakeOptions(partitionTypes, bool(LakeProperty.PARTITION_TYPE_INFERENCE),
        bool(LakeProperty.STATIC_PRUNING), bool(LakeProperty.DPP),
        bytes(LakeProperty.DPP_DIMENSION_THRESHOLD), (int) positive(LakeProperty.DPP_MAX_KEYS, 1),
        positive(LakeProperty.LISTING_CACHE_SECONDS, 0) * 1000,
        bool(LakeProperty.DATA_FILTER_PUSHDOWN), discoverySample(), nestedAsJson());
  }

  /** {@code nestedColumns}: sql (ROW, ARRAY, MAP) or json (VARCHAR holding JSON). */
  private boolean nestedAsJson() {
    String mode = value(LakeProperty.NESTED_COLUMNS).trim().toLowerCase(Locale.ROOT);
    switch (mode) {
      case "sql":
        return false;
      case "json":
        return true;
      default:
        throw new LakeException(LakeException.CONNECTION_REJECTED, "Property "
            + LakeProperty.NESTED_COLUMNS.key() + " must be sql or json, not '"
            + value(LakeProperty.NESTED_COLUMNS) + "'");
    }
  }

  /** {@code discovery} and {@code discoverySample} as the number of partitions sampled, 0 for all. */
  private int discoverySample() {
    String mode = value(LakeProperty.DISCOVERY).trim().toLowerCase(Locale.ROOT);
    int sample = (int) positive(LakeProperty.DISCOVERY_SAMPLE, 1);
    switch (mode) {
      case "all":
        return LakeOptions.DISCOVER_ALL;
      case "sample":
        return sample;
      default:
        throw new LakeException(LakeException.CONNECTION_REJECTED, "Property "
            + LakeProperty.DISCOVERY.key() + " must be sample or all, not '"
            + value(LakeProperty.DISCOVERY) + "'");
    }
  }

  /**
   * The memory settings: {@code queryMemoryLimit} as a size or a share of the maximum heap,
   * {@code spill}, {@code spillDirectory} (absolute, not yet checked against the lake).
   */
  QueryMemoryOptions memoryOptions() {
    LakeProperty limitProperty = LakeProperty.QUERY_MEMORY_LIMIT;
    String limit = value(limitProperty).trim();
    long bytes;
    if (limit.endsWith("%")) {
      double share;
      try {
        share = Double.parseDouble(limit.substring(0, limit.length() - 1).trim()) / 100;
      } catch (NumberFormatException e) {
        share = -1;
      }
      if (!(share > 0 && share <= 1)) {
        throw new LakeException(LakeException.CONNECTION_REJECTED, "Property " + limitProperty.key()
            + " must be a size such as 512MB or a share of the maximum heap such as 25%, not '"
            + limit + "'");
      }
      bytes = (long) (Runtime.getRuntime().maxMemory() * share);
    } else {
      bytes = bytes(limitProperty);
      if (bytes <= 0) {
        throw new LakeException(LakeException.CONNECTION_REJECTED, "Property " + limitProperty.key()
            + " must be more than 0, not '" + limit + "'");
      }
    }
    String setting = limitProperty.key() + "=" + limit
        + (lake.containsKey(limitProperty) ? "" : " (the default)");
    String directory = value(LakeProperty.SPILL_DIRECTORY).trim();
    Path spillDirectory;
    try {
      spillDirectory = (directory.isEmpty() ? QueryMemoryOptions.defaultSpillDirectory()
          : Path.of(directory)).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new LakeException(LakeException.CONNECTION_REJECTED, "Property "
          + LakeProperty.SPILL_DIRECTORY.key() + " is not a path: '" + directory + "'");
    }
    return new QueryMemoryOptions(bytes, setting, bool(LakeProperty.SPILL), spillDirectory, null);
  }

  /** A size such as {@code 10485760}, {@code 512KB}, {@code 10MB} or {@code 1GB}. */
  long bytes(LakeProperty p) {
    String v = value(p).trim().toUpperCase(Locale.ROOT);
    long unit = 1;
    for (String[] suffix : new String[][] {{"KB", "1024"}, {"MB", "1048576"}, {"GB", "1073741824"},
        {"B", "1"}}) {
      if (v.endsWith(suffix[0])) {
        unit = Long.parseLong(suffix[1]);
        v = v.substring(0, v.length() - suffix[0].length()).trim();
        break;
      }
    }
    try {
      return Math.multiplyExact(Long.parseLong(v), unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new LakeException(LakeException.CONNECTION_REJECTED, "Property " + p.key()
          + " must be a size such as 10MB, not '" + value(p) + "'");
    }
  }

  private long positive(LakeProperty p, long min) {
    try {
      long n = Long.parseLong(value(p).trim());
      if (n >= min && n <= Integer.MAX_VALUE) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new LakeException(LakeException.CONNECTION_REJECTED, "Property " + p.key()
        + " must be a whole number of at least " + min + ", not '" + value(p) + "'");
  }
}
