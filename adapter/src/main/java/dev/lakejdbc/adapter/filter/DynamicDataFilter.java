package dev.lakejdbc.adapter.filter;

import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.dpp.DynamicKeys;
import dev.lakejdbc.adapter.dpp.KeyValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;

/**
 * A dynamic filter on a fact's data column: the join keys a dimension evaluated at run time, made into
 * what the fact column may hold to join. Up to {@link #IN_LIST_MAX} keys that is an IN list (row groups
 * and pages whose statistics, dictionary or bloom filter hold none of them are skipped); past it, or
 * past {@code dppMaxKeys}, the keys' smallest and largest value, as a range. Decoded rows are tested
 * against every key either way ({@link RowKeyFilter}). A NULL fact value joins only where the key is
 * null-safe and the dimension has a NULL key.
 *
 * @param keyPosition the position of this key in the channel's key tuples
 * @param column the fact column, as an index into the table's columns
 * @param keyType the SQL type name of the fact column, to show keys as a user writes them
 */
public record DynamicDataFilter(DynamicFilterChannel channel, int keyPosition, int column, String text,
    String keyType) {
  /**
   * The most keys given to Parquet as an IN list; beyond it, their range. (Trino switches from
   * value sets to ranges at 1,000 distinct values; a longer list costs more per row group and page
   * than it saves.)
   */
  public static final int IN_LIST_MAX = 1_000;
  private static final int KEYS_SHOWN = 5;

  /** Called by generated code. */
  public static DynamicDataFilter of(DynamicFilterChannel channel, int keyPosition, int column,
      String text, String keyType) {
    return new DynamicDataFilter(channel, keyPosition, column, text, keyType);
  }

  /** This execution's key values, evaluating the dimension if no one has yet; null if not registered. */
  public KeyValues values(DataContext root) {
    DynamicKeys keys = channel.keys(root);
    return keys == null ? null : keys.values(keyPosition);
  }

  /** What the fact column may hold to join one of {@code keys}. */
  public DataPredicate predicate(KeyValues keys) {
    List<DataPredicate> either = new ArrayList<>();
    if (keys.size() > 0) {
      if (keys.size() <= IN_LIST_MAX && !keys.overCap()) {
        either.add(new DataPredicate.In(column, keys.values()));
      } else if (keys.hasRange()) {
        either.add(DataPredicate.and(List.of(
            new DataPredicate.Compare(column, Comparison.GE, keys.min()),
            new DataPredicate.Compare(column, Comparison.LE, keys.max()))));
      } else {
        either.add(DataPredicate.TRUE);
      }
    }
    if (keys.matchesNull()) {
      either.add(new DataPredicate.IsNull(column));
    }
    return DataPredicate.or(either);
  }

  /**
   * For sys.scans: {@code #1: customer_id = c_id IN 37 keys: 4, 9, ...}, or the range row groups and
   * pages were filtered by.
   */
  public String describe(KeyValues keys) {
    if (keys.size() <= IN_LIST_MAX && !keys.overCap()) {
      List<String> shown = new ArrayList<>();
      for (Object v : keys.values()) {
        if (shown.size() == KEYS_SHOWN) {
          break;
        }
        shown.add(format(v));
      }
      return text + " IN " + keys.size() + (keys.size() == 1 ? " key" : " keys")
          + (shown.isEmpty() ? "" : ": " + String.join(", ", shown) + (keys.size() > KEYS_SHOWN ? ", ..." : ""))
          + (keys.matchesNull() ? " and NULL" : "");
    }
    String why = keys.overCap() ? "over dppMaxKeys=" + keys.maxKeys() : "over " + IN_LIST_MAX;
    return text + (keys.hasRange() ? " BETWEEN " + format(keys.min()) + " AND " + format(keys.max())
        : " (no range)") + " (" + keys.size() + " keys, " + why + "; rows tested against every key)";
  }

  private String format(Object v) {
    if (v instanceof BigDecimal d) {
      switch (keyType) {
        case "DATE":
          return java.time.LocalDate.ofEpochDay(d.longValue()).toString();
        case "TIMESTAMP":
          return dev.lakejdbc.adapter.time.Micros.toText(d.longValue());
        default:
          return d.toPlainString();
      }
    }
    return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
  }
}
