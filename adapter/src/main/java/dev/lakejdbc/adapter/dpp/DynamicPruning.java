package dev.lakejdbc.adapter.dpp;

import java.math.BigDecimal;
import org.apache.calcite.linq4j.function.Function1;

/**
 * What a fact scan needs to prune by one dimension at run time: the channel the keys come from, the
 * compiled fact-side key expressions (over a table-width row holding a partition's values), how many
 * partition levels decide them, and the readable form for EXPLAIN and sys.scans. When the scan also
 * joins the dimension (a partition-wise join), {@code joinedAt} is the scan field index of the
 * dimension's first column; otherwise it is -1.
 */
public record DynamicPruning(DynamicFilterChannel channel, Function1<Object[], Object[]> factKey,
    int levelsNeeded, String text, String[] keyTypes, int joinedAt) {
  /** Called by generated code; {@code keyTypes} are the SQL type names of the fact keys. */
  public static DynamicPruning of(DynamicFilterChannel channel, Function1<Object[], Object[]> factKey,
      int levelsNeeded, String text, String[] keyTypes, int joinedAt) {
    return new DynamicPruning(channel, factKey, levelsNeeded, text, keyTypes.clone(), joinedAt);
  }

  /** Whether the scan joins this dimension's columns to its rows, not only prunes by its keys. */
  public boolean joined() {
    return joinedAt >= 0;
  }

  /**
   * A key value as a user would write it: dates and timestamps in ISO form, numbers in plain digits
   * (keys are compared as decimals without trailing zeros, whose {@code toString} writes 2452280 as
   * {@code 2.45228E+6}).
   */
  public String format(int position, Object value) {
    if (value == null) {
      return "NULL";
    }
    switch (keyTypes[position]) {
      case "DATE":
        return java.time.LocalDate.ofEpochDay(((Number) value).longValue()).toString();
      case "TIMESTAMP":
        return dev.lakejdbc.adapter.time.Micros.toText(((Number) value).longValue());
      case "VARCHAR": case "CHAR":
        return "'" + value + "'";
      default:
        return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
    }
  }
}
