package dev.lakejdbc.adapter;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How the lake is interpreted and queried: declared partition column types, whether undeclared ones are
 * inferred, and whether static partition pruning is on. Declarations are keyed by column ({@code dt})
 * or by table and column ({@code orders.dt}); the table-qualified one wins.
 */
public record LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference,
    boolean staticPruning) {
  public static final LakeOptions DEFAULTS = new LakeOptions(Map.of(), true, true);

  public LakeOptions {
    partitionTypes = Map.copyOf(partitionTypes);
  }

  /** Interpretation options, with static pruning on. */
  public LakeOptions(Map<String, ColumnType> partitionTypes, boolean partitionTypeInference) {
    this(partitionTypes, partitionTypeInference, true);
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
