package dev.lakejdbc.driver;

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
