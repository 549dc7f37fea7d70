package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.time.Micros;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Calendar;

/**
 * The typed getters of a ResultSet that Avatica leaves unimplemented: {@code getObject(column, Class)}
 * for every conversion JDBC 4.2 lists ({@link JdbcValues}), and {@code getDate}, {@code getTime},
 * {@code getTimestamp} with a Calendar, which read the lake's wall-clock value as a time in the
 * Calendar's zone (the JDBC meaning of a Calendar for a type without a time zone).
 */
final class ResultValues {
  private ResultValues() {}

  /** Whether this class answers {@code method(args)} on a ResultSet. */
  static boolean answers(String method, Object[] args) {
    if (args == null || args.length != 2 || !(args[0] instanceof Integer || args[0] instanceof String)) {
      return false;
    }
    switch (method) {
      case "getObject": return args[1] instanceof Class;
      case "getDate": case "getTime": case "getTimestamp": return args[1] instanceof Calendar;
      default: return false;
    }
  }

  static Object get(ResultSet rs, String method, Object[] args) throws SQLException {
    Object column = args[0];
    if (method.equals("getObject")) {
      Object value = column instanceof Integer i ? rs.getObject(i) : rs.getObject((String) column);
      return JdbcValues.convert(value, boxed((Class<?>) args[1]), null);
    }
    ZoneId zone = ((Calendar) args[1]).getTimeZone().toZoneId();
    switch (method) {
      case "getDate": {
        Date d = column instanceof Integer i ? rs.getDate(i) : rs.getDate((String) column);
        return d == null ? null
            : new Date(d.toLocalDate().atStartOfDay(zone).toInstant().toEpochMilli());
      }
      case "getTime": {
        Time t = column instanceof Integer i ? rs.getTime(i) : rs.getTime((String) column);
        if (t == null) {
          return null;
        }
        LocalTime time = t.toLocalTime().plusNanos((t.getTime() % 1000 + 1000) % 1000 * 1_000_000L);
        return new Time(time.atDate(LocalDate.EPOCH).atZone(zone).toInstant().toEpochMilli());
      }
      default: {
        Timestamp t = column instanceof Integer i ? rs.getTimestamp(i) : rs.getTimestamp((String) column);
        if (t == null) {
          return null;
        }
        LocalDateTime wallClock = t.toLocalDateTime();
        return Timestamp.from(wallClock.atZone(zone).toInstant());
      }
    }
  }

  /** The getters that read a nested column's value. */
  private static final java.util.Set<String> NESTED_GETTERS =
      java.util.Set.of("getObject", "getArray", "getString", "getNString");

  /**
   * Whether {@code method(args)} reads a nested column (ROW, ARRAY, MAP) that holds a TIMESTAMP at
   * some depth: Avatica's accessors would read its microseconds as milliseconds (or hand out the raw
   * microseconds, in a MAP), so the read is refused rather than answered wrong.
   */
  static String nestedTimestampColumn(ResultSet rs, String method, Object[] args) throws SQLException {
    if (!NESTED_GETTERS.contains(method) || args == null || args.length < 1 || args.length > 2
        || !(args[0] instanceof Integer || args[0] instanceof String)) {
      return null;
    }
    int index = args[0] instanceof Integer i ? i : rs.findColumn((String) args[0]);
    java.sql.ResultSetMetaData md = rs.getMetaData();
    int type = md.getColumnType(index);
    if (type != java.sql.Types.STRUCT && type != java.sql.Types.ARRAY && type != java.sql.Types.OTHER) {
      return null;
    }
    boolean timestamp = md.getColumnTypeName(index).contains("TIMESTAMP");
    org.apache.calcite.avatica.ColumnMetaData column = columnMetaData(rs, index);
    if (column != null) {
      timestamp |= holdsTimestamp(column.type);
    }
    return timestamp ? md.getColumnLabel(index) : null;
  }

  private static boolean holdsTimestamp(org.apache.calcite.avatica.ColumnMetaData.AvaticaType type) {
    if (type instanceof org.apache.calcite.avatica.ColumnMetaData.StructType struct) {
      return struct.columns.stream().anyMatch(c -> holdsTimestamp(c.type));
    }
    if (type instanceof org.apache.calcite.avatica.ColumnMetaData.ArrayType array) {
      return holdsTimestamp(array.getComponent());
    }
    return type.id == java.sql.Types.TIMESTAMP || type.name.contains("TIMESTAMP");
  }

  /** The column's Avatica metadata (its nested types), from the result set's signature. */
  private static org.apache.calcite.avatica.ColumnMetaData columnMetaData(ResultSet rs, int index) {
    try {
      org.apache.calcite.avatica.AvaticaResultSet avatica =
          rs.unwrap(org.apache.calcite.avatica.AvaticaResultSet.class);
      java.lang.reflect.Field f =
          org.apache.calcite.avatica.AvaticaResultSet.class.getDeclaredField("signature");
      f.setAccessible(true);
      org.apache.calcite.avatica.Meta.Signature signature =
          (org.apache.calcite.avatica.Meta.Signature) f.get(avatica);
      return signature.columns.get(index - 1);
    } catch (ReflectiveOperationException | SQLException | RuntimeException e) {
      return null;
    }
  }

  /** The getters that read a TIMESTAMP column's value, which Avatica would read as milliseconds. */
  private static final java.util.Set<String> TIMESTAMP_GETTERS =
      java.util.Set.of("getTimestamp", "getObject", "getString", "getNString", "getDate", "getTime");

  /** Whether {@code method(args)} reads a TIMESTAMP column (microseconds at run time, adapter.time). */
  static boolean readsTimestamp(ResultSet rs, String method, Object[] args) throws SQLException {
    if (!TIMESTAMP_GETTERS.contains(method) || args == null || args.length < 1 || args.length > 2
        || !(args[0] instanceof Integer || args[0] instanceof String)) {
      return false;
    }
    int index = args[0] instanceof Integer i ? i : rs.findColumn((String) args[0]);
    return rs.getMetaData().getColumnType(index) == java.sql.Types.TIMESTAMP;
  }

  /** {@code method(args)} on a TIMESTAMP column, from its microseconds. */
  static Object getTimestamp(ResultSet rs, String method, Object[] args) throws SQLException {
    Object column = args[0];
    long micros = column instanceof Integer i ? rs.getLong(i) : rs.getLong((String) column);
    if (rs.wasNull()) {
      return null;
    }
    LocalDateTime wallClock = Micros.toLocalDateTime(micros);
    Object second = args.length == 2 ? args[1] : null;
    switch (method) {
      case "getString": case "getNString":
        return Micros.text(wallClock);
      case "getObject":
        if (second instanceof Class<?> type) {
          Class<?> target = boxed(type);
          return target == String.class ? Micros.text(wallClock) : JdbcValues.convert(wallClock, target, null);
        }
        return Timestamp.valueOf(wallClock);
      default:
        break;
    }
    ZoneId zone = second instanceof Calendar c ? c.getTimeZone().toZoneId() : ZoneId.systemDefault();
    java.time.Instant instant = wallClock.atZone(zone).toInstant();
    switch (method) {
      case "getDate":
        return new Date(wallClock.toLocalDate().atStartOfDay(zone).toInstant().toEpochMilli());
      case "getTime":
        return new Time(wallClock.toLocalTime().atDate(LocalDate.EPOCH).atZone(zone).toInstant().toEpochMilli());
      default:
        return second instanceof Calendar ? Timestamp.from(instant) : Timestamp.valueOf(wallClock);
    }
  }

  private static Class<?> boxed(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    switch (type.getName()) {
      case "boolean": return Boolean.class;
      case "byte": return Byte.class;
      case "short": return Short.class;
      case "int": return Integer.class;
      case "long": return Long.class;
      case "float": return Float.class;
      case "double": return Double.class;
      default: return type;
    }
  }
}
