package dev.lakejdbc.driver;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * Converts a Java value to another Java class by the conversions JDBC 4.2 allows (its tables B-5 and
 * B-6): numbers of every width to each other within range, text to and from every type as
 * {@code CAST} reads and writes it, the date-time types to each other. It serves both directions:
 * parameters ({@link #forParameter}: the value a client binds, made the class of the parameter's SQL
 * type) and {@code ResultSet.getObject(i, Class)}.
 *
 * <p>The time-zone rule: lake dates and timestamps have no time zone. {@code java.time}'s local types
 * map by their fields. {@code java.util.Date} and its {@code java.sql} subclasses, which hold an
 * instant, stand for their wall-clock time in the JVM's default time zone (what {@code toString} and
 * {@code toLocalDateTime} show, as in every JDBC driver), or in the Calendar's zone where one is given.
 * {@code Instant}, {@code OffsetDateTime} and {@code ZonedDateTime} stand for their UTC wall-clock time,
 * the way the lake shows Parquet timestamps adjusted to UTC.
 *
 * <p>A value that cannot become the target class is {@code 07006} (restricted data type attribute
 * violation), text that does not read as the target type {@code 22018}, a number out of the target's
 * range {@code 22003}.
 */
final class JdbcValues {
  static final String CONVERSION = "22018";
  static final String RESTRICTED_TYPE = "07006";

  /** {@code yyyy-mm-dd[( |T)hh:mm[:ss[.fffffffff]]]}, as CAST reads a TIMESTAMP. */
  private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendPattern("[ ]['T']").append(DateTimeFormatter.ISO_LOCAL_TIME).optionalEnd()
      .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
      .toFormatter(Locale.ROOT);

  private JdbcValues() {}

  /**
   * The Java class a parameter of JDBC type {@code sqlType} is bound as (Avatica's representation of
   * that type), or null when the type tells nothing (ANY, OTHER, NULL): the value then stays as given.
   */
  static Class<?> parameterClass(int sqlType) {
    switch (sqlType) {
      case Types.BOOLEAN: case Types.BIT: return Boolean.class;
      case Types.TINYINT: return Byte.class;
      case Types.SMALLINT: return Short.class;
      case Types.INTEGER: return Integer.class;
      case Types.BIGINT: return Long.class;
      case Types.REAL: return Float.class;
      case Types.FLOAT: case Types.DOUBLE: return Double.class;
      case Types.DECIMAL: case Types.NUMERIC: return BigDecimal.class;
      case Types.CHAR: case Types.VARCHAR: case Types.LONGVARCHAR:
      case Types.NCHAR: case Types.NVARCHAR: case Types.LONGNVARCHAR:
        return String.class;
      case Types.BINARY: case Types.VARBINARY: case Types.LONGVARBINARY: return byte[].class;
      case Types.DATE: return Date.class;
      case Types.TIME: return Time.class;
      case Types.TIMESTAMP: return Timestamp.class;
      default: return null;
    }
  }

  /**
   * {@code value} as bound to a parameter of JDBC type {@code sqlType}; {@code zone} is the zone of a
   * Calendar passed with it ({@code setTimestamp(i, t, calendar)}), else null.
   */
  static Object forParameter(Object value, int sqlType, ZoneId zone) throws SQLException {
    if (value == null) {
      return null;
    }
    Class<?> target = parameterClass(sqlType);
    if (target == null) {
      // No type to aim at: java.time values still become the java.sql types Avatica knows.
      if (value instanceof LocalDate || value instanceof Instant || value instanceof OffsetDateTime
          || value instanceof ZonedDateTime) {
        Class<?> sqlClass = value instanceof LocalDate ? Date.class : Timestamp.class;
        return convert(value, sqlClass, zone);
      }
      if (value instanceof LocalDateTime) {
        return convert(value, Timestamp.class, zone);
      }
      if (value instanceof LocalTime) {
        return convert(value, Time.class, zone);
      }
      return value;
    }
    return convert(value, target, zone);
  }

  /** {@code value} as an instance of {@code target}; null stays null. */
  static <T> T convert(Object value, Class<T> target, ZoneId zone) throws SQLException {
    if (value == null) {
      return null;
    }
    Object result = convertNonNull(value, target, zone == null ? ZoneId.systemDefault() : zone);
    return target.cast(result);
  }

  private static Object convertNonNull(Object value, Class<?> target, ZoneId zone)
      throws SQLException {
    if (target == Object.class) {
      return value;
    }
    if (target == String.class) {
      return text(value);
    }
    if (value instanceof String s && target != byte[].class) {
      return fromText(s.trim(), target, zone);
    }
    if (value instanceof Character c && target != byte[].class) {
      return fromText(String.valueOf(c), target, zone);
    }
    if (isNumeric(target)) {
      return number(value, target);
    }
    if (target == Boolean.class) {
      if (value instanceof Boolean) {
        return value;
      }
      if (value instanceof Number n) {
        return exact(n).signum() != 0;
      }
      throw restricted(value, target);
    }
    if (target == byte[].class) {
      if (value instanceof byte[]) {
        return value;
      }
      throw restricted(value, target);
    }
    if (target == LocalDate.class || target == Date.class) {
      LocalDate date = localDate(value, zone);
      return target == Date.class ? Date.valueOf(date) : date;
    }
    if (target == LocalTime.class || target == Time.class) {
      LocalTime time = localTime(value, zone);
      return target == Time.class ? sqlTime(time) : time;
    }
    if (target == LocalDateTime.class || target == Timestamp.class || target == java.util.Date.class) {
      LocalDateTime dateTime = localDateTime(value, zone);
      return target == LocalDateTime.class ? dateTime : Timestamp.valueOf(dateTime);
    }
    if (target == OffsetDateTime.class) {
      return localDateTime(value, zone).atOffset(ZoneOffset.UTC);
    }
    if (target == ZonedDateTime.class) {
      return localDateTime(value, zone).atZone(ZoneOffset.UTC);
    }
    if (target == Instant.class) {
      return localDateTime(value, zone).toInstant(ZoneOffset.UTC);
    }
    if (target.isInstance(value)) {
      return value;
    }
    throw restricted(value, target);
  }

  private static boolean isNumeric(Class<?> target) {
    return target == Byte.class || target == Short.class || target == Integer.class
        || target == Long.class || target == Float.class || target == Double.class
        || target == BigDecimal.class || target == BigInteger.class;
  }

  private static Object number(Object value, Class<?> target) throws SQLException {
    if (value instanceof Boolean b) {
      return number(b ? 1 : 0, target);
    }
    if (!(value instanceof Number n)) {
      throw restricted(value, target);
    }
    if (target == Double.class) {
      return n.doubleValue();
    }
    if (target == Float.class) {
      return n.floatValue();
    }
    BigDecimal exact = exact(n);
    if (target == BigDecimal.class) {
      return exact;
    }
    BigInteger integer;
    try {
      integer = exact.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw new SQLDataException("Cannot convert " + describe(value) + " to "
          + target.getSimpleName() + ": it is not a whole number", CONVERSION);
    }
    if (target == BigInteger.class) {
      return integer;
    }
    long min;
    long max;
    if (target == Byte.class) {
      min = Byte.MIN_VALUE;
      max = Byte.MAX_VALUE;
    } else if (target == Short.class) {
      min = Short.MIN_VALUE;
      max = Short.MAX_VALUE;
    } else if (target == Integer.class) {
      min = Integer.MIN_VALUE;
      max = Integer.MAX_VALUE;
    } else {
      min = Long.MIN_VALUE;
      max = Long.MAX_VALUE;
    }
    if (integer.compareTo(BigInteger.valueOf(min)) < 0 || integer.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new SQLDataException("Cannot convert " + describe(value) + " to " + target.getSimpleName()
          + ": out of its range " + min + " to " + max, SqlStates.NUMERIC_OUT_OF_RANGE);
    }
    long v = integer.longValue();
    if (target == Byte.class) {
      return (byte) v;
    }
    if (target == Short.class) {
      return (short) v;
    }
    if (target == Integer.class) {
      return (int) v;
    }
    return v;
  }

  private static BigDecimal exact(Number n) throws SQLException {
    if (n instanceof BigDecimal d) {
      return d;
    }
    if (n instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new SQLDataException("Cannot convert " + d + " to an exact number", CONVERSION);
      }
      return BigDecimal.valueOf(d);
    }
    return BigDecimal.valueOf(n.longValue());
  }

  private static LocalDate localDate(Object value, ZoneId zone) throws SQLException {
    if (value instanceof LocalDate d) {
      return d;
    }
    if (value instanceof Date d && zone.equals(ZoneId.systemDefault())) {
      return d.toLocalDate();
    }
    return localDateTime(value, zone).toLocalDate();
  }

  private static LocalTime localTime(Object value, ZoneId zone) throws SQLException {
    if (value instanceof LocalTime t) {
      return t;
    }
    if (value instanceof OffsetTime t) {
      return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalTime();
    }
    if (value instanceof Time t) {
      return Instant.ofEpochMilli(t.getTime()).atZone(zone).toLocalTime();
    }
    if (value instanceof LocalDate || value instanceof Date) {
      throw restricted(value, LocalTime.class);
    }
    return localDateTime(value, zone).toLocalTime();
  }

  private static LocalDateTime localDateTime(Object value, ZoneId zone) throws SQLException {
    if (value instanceof LocalDateTime t) {
      return t;
    }
    if (value instanceof LocalDate d) {
      return d.atStartOfDay();
    }
    if (value instanceof Timestamp t && zone.equals(ZoneId.systemDefault())) {
      return t.toLocalDateTime();
    }
    if (value instanceof Timestamp t) {
      return LocalDateTime.ofInstant(Instant.ofEpochSecond(Math.floorDiv(t.getTime(), 1000),
          t.getNanos()), zone);
    }
    if (value instanceof Date d) {
      return Instant.ofEpochMilli(d.getTime()).atZone(zone).toLocalDate().atStartOfDay();
    }
    if (value instanceof Time) {
      throw restricted(value, LocalDateTime.class);
    }
    if (value instanceof java.util.Date d) {
      return LocalDateTime.ofInstant(d.toInstant(), zone);
    }
    if (value instanceof Instant i) {
      return LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }
    if (value instanceof OffsetDateTime t) {
      return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }
    if (value instanceof ZonedDateTime t) {
      return t.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }
    throw restricted(value, LocalDateTime.class);
  }

  /** {@code Time.valueOf} drops the fraction of a second; the lake's TIME keeps milliseconds. */
  private static Time sqlTime(LocalTime time) {
    return new Time(Time.valueOf(time.withNano(0)).getTime() + time.getNano() / 1_000_000);
  }

  /** Text as CAST reads it into the target type. */
  private static Object fromText(String s, Class<?> target, ZoneId zone) throws SQLException {
    try {
      if (target == Boolean.class) {
        if (s.equalsIgnoreCase("true")) {
          return true;
        }
        if (s.equalsIgnoreCase("false")) {
          return false;
        }
        throw new IllegalArgumentException();
      }
      if (isNumeric(target)) {
        return number(target == Double.class || target == Float.class
            ? (Number) Double.valueOf(s) : new BigDecimal(s), target);
      }
      if (target == LocalDate.class || target == Date.class) {
        return convertNonNull(LocalDate.parse(s, DateTimeFormatter.ISO_LOCAL_DATE), target, zone);
      }
      if (target == LocalTime.class || target == Time.class) {
        return convertNonNull(LocalTime.parse(s, DateTimeFormatter.ISO_LOCAL_TIME), target, zone);
      }
      if (target == LocalDateTime.class || target == Timestamp.class || target == java.util.Date.class
          || target == OffsetDateTime.class || target == ZonedDateTime.class || target == Instant.class) {
        return convertNonNull(LocalDateTime.parse(s, TIMESTAMP_TEXT), target, zone);
      }
    } catch (IllegalArgumentException | DateTimeException e) {
      throw new SQLDataException("Cannot convert '" + s + "' to " + target.getSimpleName()
          + ": not a valid " + sqlName(target) + " literal", CONVERSION, e);
    }
    throw restricted(s, target);
  }

  /** A value as CAST writes it as text: ISO dates and times, plain decimals, TRUE/FALSE. */
  private static String text(Object value) throws SQLException {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Number || value instanceof Character) {
      return value.toString();
    }
    if (value instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    if (value instanceof Date || value instanceof LocalDate) {
      return localDate(value, ZoneId.systemDefault()).toString();
    }
    if (value instanceof Time || value instanceof LocalTime) {
      return localTime(value, ZoneId.systemDefault()).format(DateTimeFormatter.ISO_LOCAL_TIME);
    }
    if (value instanceof java.util.Date || value instanceof LocalDateTime || value instanceof Instant
        || value instanceof OffsetDateTime || value instanceof ZonedDateTime) {
      LocalDateTime t = localDateTime(value, ZoneId.systemDefault());
      return t.toLocalDate() + " " + t.toLocalTime().format(DateTimeFormatter.ISO_LOCAL_TIME);
    }
    throw restricted(value, String.class);
  }

  private static String sqlName(Class<?> target) {
    if (target == LocalDate.class || target == Date.class) {
      return "DATE";
    }
    if (target == LocalTime.class || target == Time.class) {
      return "TIME";
    }
    if (isNumeric(target)) {
      return "number";
    }
    if (target == Boolean.class) {
      return "BOOLEAN";
    }
    return "TIMESTAMP";
  }

  private static SQLException restricted(Object value, Class<?> target) {
    return new SQLDataException("Cannot convert " + describe(value) + " to " + target.getSimpleName()
        + " (JDBC 4.2 defines no such conversion)", RESTRICTED_TYPE);
  }

  private static String describe(Object value) {
    String text = value instanceof byte[] b ? b.length + " bytes" : String.valueOf(value);
    if (text.length() > 60) {
      text = text.substring(0, 57) + "...";
    }
    return "a " + value.getClass().getSimpleName() + " (" + text + ")";
  }
}
