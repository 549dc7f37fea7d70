package dev.lakejdbc.adapter.hive;

import dev.lakejdbc.adapter.types.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.regex.Pattern;

/**
 * Partition directory values are text: this infers a column's type over all its values, and parses one
 * value into Calcite's internal representation of a type.
 */
public final class PartitionValueTypes {
  // A number has no leading zero ("05" is a code, not five) and no '+' or exponent.
  private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
  private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)\\.[0-9]+");
  private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private static final Pattern TIMESTAMP =
      Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?");
  private static final DateTimeFormatter TIMESTAMP_FORMAT = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendLiteral(' ').optionalEnd()
      .optionalStart().appendLiteral('T').optionalEnd()
      .append(DateTimeFormatter.ofPattern("HH:mm"))
      .optionalStart().appendLiteral(':').appendValue(ChronoField.SECOND_OF_MINUTE, 2)
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
      .optionalEnd()
      // STRICT, as LocalDate.parse is: SMART would turn 02-30 into 02-28 and 24:00 into the next day.
      // (STRICT wants 'uuuu' for a year pattern; ISO_LOCAL_DATE already uses the proleptic YEAR.)
      .toFormatter().withResolverStyle(ResolverStyle.STRICT);

  private PartitionValueTypes() {}

  /**
   * The narrowest type that holds every non-null value: INTEGER, BIGINT, DECIMAL (DOUBLE past 38
   * digits), DATE, TIMESTAMP, else VARCHAR. A column with only NULLs is VARCHAR.
   */
  public static ColumnType infer(Iterable<String> values) {
    boolean any = false, integers = true, decimals = true, dates = true, timestamps = true;
    BigInteger min = null, max = null;
    int maxScale = 0, maxIntegerDigits = 1;
    for (String v : values) {
      if (v == null) {
        continue;
      }
      any = true;
      boolean isInteger = INTEGER.matcher(v).matches();
      integers &= isInteger;
      decimals &= isInteger || DECIMAL.matcher(v).matches();
      if (decimals) {
        BigDecimal d = new BigDecimal(v);
        maxScale = Math.max(maxScale, d.scale());
        maxIntegerDigits = Math.max(maxIntegerDigits, d.precision() - d.scale());
        BigInteger i = d.toBigInteger();
        min = min == null || i.compareTo(min) < 0 ? i : min;
        max = max == null || i.compareTo(max) > 0 ? i : max;
      }
      boolean isDate = DATE.matcher(v).matches() && parses(v, true);
      dates &= isDate;
      timestamps &= isDate || (TIMESTAMP.matcher(v).matches() && parses(v, false));
      if (!decimals && !timestamps) {
        return ColumnType.VARCHAR;
      }
    }
    if (!any) {
      return ColumnType.VARCHAR;
    }
    if (integers) {
      if (fits(min, max, Integer.MIN_VALUE, Integer.MAX_VALUE)) {
        return ColumnType.INTEGER;
      }
      if (fits(min, max, Long.MIN_VALUE, Long.MAX_VALUE)) {
        return ColumnType.BIGINT;
      }
    }
    if (decimals) {
      int precision = maxIntegerDigits + maxScale;
      return precision <= ColumnType.MAX_DECIMAL_PRECISION
          ? ColumnType.decimal(precision, maxScale) : ColumnType.DOUBLE;
    }
    return dates ? ColumnType.DATE : ColumnType.TIMESTAMP;
  }

  private static boolean fits(BigInteger min, BigInteger max, long lo, long hi) {
    return min.compareTo(BigInteger.valueOf(lo)) >= 0 && max.compareTo(BigInteger.valueOf(hi)) <= 0;
  }

  private static boolean parses(String v, boolean date) {
    try {
      if (date) {
        isoDate(v);
      } else {
        // A value finer than microseconds stays text: a TIMESTAMP could not hold it.
        return LocalDateTime.parse(v, TIMESTAMP_FORMAT).getNano() % 1_000 == 0;
      }
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  /**
   * {@code v} as a date written {@code yyyy-MM-dd}, as strictly as {@link LocalDate#parse} reads it
   * (no February 30th), in a tenth of its time: a table's partition values are parsed by the
   * thousand while discovery lists it, in a JVM whose JIT has not compiled java.time's parser yet.
   * Another form (a sign, a longer year) goes to {@code LocalDate.parse}.
   *
   * @throws DateTimeException when it is not a valid date
   */
  static LocalDate isoDate(String v) {
    if (v.length() == 10 && v.charAt(4) == '-' && v.charAt(7) == '-') {
      int year = digits(v, 0, 4), month = digits(v, 5, 7), day = digits(v, 8, 10);
      if (year >= 0 && month >= 0 && day >= 0) {
        return LocalDate.of(year, month, day);
      }
    }
    return LocalDate.parse(v);
  }

  /** The ASCII digits {@code v[from, to)} as a number, or -1 if one is not a digit. */
  private static int digits(String v, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }

  /**
   * Parses a non-null partition value as {@code type}, into Calcite's internal representation.
   *
   * @throws IllegalArgumentException when the value does not fit the type
   */
  public static Object parse(String value, ColumnType type) {
    try {
      switch (type.name()) {
        case VARCHAR: return value;
        case BOOLEAN:
          if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.valueOf(value);
          }
          throw new IllegalArgumentException("not a boolean");
        case TINYINT: return Byte.valueOf(value);
        case SMALLINT: return Short.valueOf(value);
        case INTEGER: return Integer.valueOf(value);
        case BIGINT: return Long.valueOf(value);
        case REAL: return Float.valueOf(value);
        case DOUBLE: return Double.valueOf(value);
        case DECIMAL: {
          // Judge the value, not how it is written: "1.50" fits DECIMAL(3,1) and "0" has no integer
          // digits. A value needing more scale is rejected, never rounded.
          BigDecimal d = new BigDecimal(value).stripTrailingZeros();
          int integerDigits = d.signum() == 0 ? 0 : Math.max(d.precision() - d.scale(), 0);
          if (d.scale() > type.scale() || integerDigits > type.precision() - type.scale()) {
            throw new IllegalArgumentException("does not fit " + type);
          }
          return d.setScale(type.scale());
        }
        case DATE: return (int) isoDate(value).toEpochDay();
        case TIMESTAMP: {
          LocalDateTime t = DATE.matcher(value).matches()
              ? isoDate(value).atStartOfDay() : LocalDateTime.parse(value, TIMESTAMP_FORMAT);
          if (t.getNano() % 1_000 != 0) {
            throw new IllegalArgumentException("finer than microseconds, which a TIMESTAMP keeps");
          }
          return dev.lakejdbc.adapter.time.Micros.of(t);
        }
        default:
          throw new IllegalArgumentException("partition columns cannot be " + type);
      }
    } catch (NumberFormatException | DateTimeException e) {
      throw new IllegalArgumentException("not a valid " + type, e);
    }
  }
}
