package dev.lakejdbc.driver;

import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * JDBC 4.2 lets a client bind {@code LocalDate}, {@code LocalDateTime} and {@code LocalTime} with
 * {@code setObject}; Avatica only knows the {@code java.sql} types. The java.time value is converted
 * by its wall-clock fields, the way the lake stores dates and timestamps (without a time zone).
 */
final class JavaTimeParameters {
  private JavaTimeParameters() {}

  /** The java.sql equivalent of a java.time parameter value; any other value unchanged. */
  static Object toJdbc(Object value) {
    if (value instanceof LocalDate date) {
      return Date.valueOf(date);
    }
    if (value instanceof LocalDateTime dateTime) {
      return Timestamp.valueOf(dateTime);
    }
    if (value instanceof LocalTime time) {
      return Time.valueOf(time);
    }
    return value;
  }
}
