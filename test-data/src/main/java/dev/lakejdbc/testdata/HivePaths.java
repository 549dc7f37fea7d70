package dev.lakejdbc.testdata;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Locale;
import java.util.Objects;

/** Hive's directory naming: {@code column=value} segments with escaped values, and data file names. */
public final class HivePaths {
  /** The directory value Hive, Spark and DuckDB write for a NULL (or empty) partition value. */
  public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  /** Characters Hive's {@code FileUtils.escapePathName} writes as %XX (its non-Windows set). */
  private static final BitSet ESCAPED = new BitSet(128);

  static {
    ESCAPED.set(0, ' '); // control characters
    ESCAPED.set(0x7F); // DEL
    for (char c : "\"#%'*/:=?\\{[]^".toCharArray()) {
      ESCAPED.set(c);
    }
  }

  private HivePaths() {}

  /**
   * Escapes a partition value as Hive does: listed ASCII characters become %XX (upper-case hex), all
   * others (including non-ASCII) stay as they are; null and "" become {@link #DEFAULT_PARTITION}.
   */
  public static String escape(String value) {
    if (value == null || value.isEmpty()) {
      return DEFAULT_PARTITION;
    }
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 128 && ESCAPED.get(c)) {
        out.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * One {@code column=value} directory name. The value is rendered with {@code toString()} (ISO for
   * {@code LocalDate}, plain notation for {@code BigDecimal}); the column name is escaped too, as Hive does.
   */
  public static String segment(String column, Object value) {
    if (Objects.requireNonNull(column, "column").isEmpty()) {
      throw new IllegalArgumentException("empty partition column name");
    }
    return escape(column) + "=" + escape(render(value));
  }

  /** {@code dir/column=value}, the directory of one partition; nest calls for deeper levels. */
  public static Path partition(Path dir, String column, Object value) {
    return dir.resolve(segment(column, value));
  }

  /** The n-th data file of a directory: {@code part-00000.parquet}, {@code part-00001.parquet}, ... */
  public static String partFile(int index) {
    return String.format(Locale.ROOT, "part-%05d.parquet", index);
  }

  private static String render(Object value) {
    if (value == null) {
      return null;
    }
    return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
  }
}
