package dev.lakejdbc.adapter.time;

import dev.lakejdbc.adapter.LakeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import org.apache.calcite.linq4j.function.Strict;

/**
 * The run-time functions of microsecond TIMESTAMPs: what generated code calls where Calcite's own
 * would read a TIMESTAMP {@code long} as milliseconds. A TIMESTAMP is the microseconds since
 * 1970-01-01 00:00:00 of its wall-clock time (no time zone); a DATE days, as in Calcite.
 */
@Strict
public final class Micros {
  public static final long PER_MILLI = 1_000L;
  public static final long PER_SECOND = 1_000_000L;
  public static final long PER_MINUTE = 60 * PER_SECOND;
  public static final long PER_DAY = 86_400 * PER_SECOND;
  /** SQLState of an operation that cannot keep a value's microseconds. */
  public static final String NOT_SUPPORTED = "0A000";

  /** {@code yyyy-mm-dd[( |T)hh:mm[:ss[.fffffffff]]]}, as CAST reads a TIMESTAMP. */
  /** {@code h[h]:mm[:ss[.f...]]}, each field within its range. */
  private static final DateTimeFormatter TIME_OF_DAY = new DateTimeFormatterBuilder()
      .appendValue(ChronoField.HOUR_OF_DAY, 1, 2, java.time.format.SignStyle.NOT_NEGATIVE)
      .appendLiteral(':').appendValue(ChronoField.MINUTE_OF_HOUR, 2)
      .optionalStart().appendLiteral(':').appendValue(ChronoField.SECOND_OF_MINUTE, 2)
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
      .optionalEnd()
      .toFormatter();
  private static final DateTimeFormatter TEXT = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().optionalStart().appendLiteral(' ').optionalEnd()
      .optionalStart().appendLiteral('T').optionalEnd()
      .append(TIME_OF_DAY)
      .optionalEnd()
      .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
      .toFormatter();

  private Micros() {}

  /** Milliseconds (Calcite's TIMESTAMP) as microseconds. */
  public static long fromMillis(long millis) {
    return Math.multiplyExact(millis, PER_MILLI);
  }

  /** The milliseconds of {@code micros}, rounded down. */
  public static long millisFloor(long micros) {
    return Math.floorDiv(micros, PER_MILLI);
  }

  /**
   * The milliseconds of {@code micros} for an operation Calcite computes in milliseconds: only when
   * nothing finer is lost, else SQLState 0A000 naming the operation and the value.
   */
  public static long millisExact(long micros, String operation) {
    if (Math.floorMod(micros, PER_MILLI) != 0) {
      throw new LakeException(NOT_SUPPORTED, operation + " cannot keep the microseconds of TIMESTAMP '"
          + toText(micros) + "': lake-jdbc computes it in milliseconds (Calcite's TIMESTAMP); "
          + "comparisons, CAST to and from VARCHAR or DATE, EXTRACT, FLOOR and adding an interval keep them");
    }
    return micros / PER_MILLI;
  }

  /** Milliseconds computed from {@code micros} (shifted by whole milliseconds) with its microseconds. */
  public static long withMicrosOf(long millis, long micros) {
    return Math.addExact(Math.multiplyExact(millis, PER_MILLI), Math.floorMod(micros, PER_MILLI));
  }

  /** A TIMESTAMP plus a day-time interval (Calcite's: milliseconds). */
  public static long plusMillis(long micros, long intervalMillis) {
    return Math.addExact(micros, Math.multiplyExact(intervalMillis, PER_MILLI));
  }

  /**
   * A day-time interval (Calcite's: milliseconds) divided by a number, where the quotient is whole
   * milliseconds; else 0A000 (Calcite would truncate: TIMESTAMPADD(MICROSECOND, 1, ts) added 0).
   */
  public static long intervalDivideExact(long millis, java.math.BigDecimal divisor) {
    java.math.BigDecimal q = java.math.BigDecimal.valueOf(millis).divide(divisor, 12, java.math.RoundingMode.HALF_UP);
    try {
      return q.stripTrailingZeros().longValueExact();
    } catch (ArithmeticException e) {
      throw new LakeException(NOT_SUPPORTED, "an interval of " + millis + " ms divided by "
          + divisor.stripTrailingZeros().toPlainString() + " is not a whole number of milliseconds, which "
          + "lake-jdbc's intervals (Calcite's) hold: TIMESTAMPADD of microseconds and interval division "
          + "must come to whole milliseconds");
    }
  }

  /** CAST(DATE AS TIMESTAMP). */
  public static long fromDate(int days) {
    return Math.multiplyExact((long) days, PER_DAY);
  }

  /** CAST(TIMESTAMP AS DATE): the day, rounded down. */
  public static int toDate(long micros) {
    return Math.toIntExact(Math.floorDiv(micros, PER_DAY));
  }

  /** EXTRACT(MICROSECOND | MILLISECOND | NANOSECOND ...): within the minute, as Calcite and DuckDB. */
  public static long extractSubMinute(long micros, long unitsPerMicroNumerator, long unitsPerMicroDenominator) {
    long inMinute = Math.floorMod(micros, PER_MINUTE);
    return inMinute * unitsPerMicroNumerator / unitsPerMicroDenominator;
  }

  /** CAST(TIMESTAMP AS VARCHAR): {@code yyyy-mm-dd hh:mm:ss[.ffffff]}, the fraction without trailing zeros. */
  public static String toText(long micros) {
    return text(toLocalDateTime(micros));
  }

  /** A wall-clock time in a TIMESTAMP's text form (as DuckDB prints it). */
  public static String text(LocalDateTime t) {
    StringBuilder b = new StringBuilder(26);
    int year = t.getYear();
    if (year < 0 || year > 9999) {
      b.append(t.toLocalDate());
    } else {
      pad(b, year, 4).append('-');
      pad(b, t.getMonthValue(), 2).append('-');
      pad(b, t.getDayOfMonth(), 2);
    }
    b.append(' ');
    pad(b, t.getHour(), 2).append(':');
    pad(b, t.getMinute(), 2).append(':');
    pad(b, t.getSecond(), 2);
    int nanos = t.getNano();
    if (nanos != 0) {
      String f = String.valueOf(1_000_000_000 + nanos).substring(1);
      int end = f.length();
      while (f.charAt(end - 1) == '0') {
        end--;
      }
      b.append('.').append(f, 0, end);
    }
    return b.toString();
  }

  private static StringBuilder pad(StringBuilder b, int v, int width) {
    String s = Integer.toString(v);
    for (int i = s.length(); i < width; i++) {
      b.append('0');
    }
    return b.append(s);
  }

  /**
   * CAST(VARCHAR AS TIMESTAMP): {@code yyyy-mm-dd[( |T)hh:mm[:ss[.f...]]]}; up to 9 fractional digits,
   * of which those past the sixth must be zeros (a TIMESTAMP keeps microseconds).
   */
  public static long parse(String text) {
    String s = text.trim();
    LocalDateTime t;
    try {
      t = LocalDateTime.parse(s, TEXT);
    } catch (DateTimeParseException e) {
      throw new LakeException("22018", "'" + text + "' is not a TIMESTAMP (yyyy-mm-dd hh:mm:ss[.ffffff])", e);
    }
    if (t.getNano() % 1_000 != 0) {
      throw new LakeException(NOT_SUPPORTED, "'" + text + "' has digits finer than microseconds, "
          + "which a TIMESTAMP cannot keep");
    }
    return of(t);
  }

  /** A wall-clock time as microseconds. */
  public static long of(LocalDateTime t) {
    long seconds = t.toEpochSecond(ZoneOffset.UTC);
    return Math.addExact(Math.multiplyExact(seconds, PER_SECOND), t.getNano() / 1_000);
  }

  /** Microseconds as a wall-clock time. */
  public static LocalDateTime toLocalDateTime(long micros) {
    long seconds = Math.floorDiv(micros, PER_SECOND);
    int nanos = (int) (Math.floorMod(micros, PER_SECOND) * 1_000);
    return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
  }

  /** A date at midnight as microseconds. */
  public static long of(LocalDate d) {
    return fromDate(Math.toIntExact(d.toEpochDay()));
  }

  /**
   * CAST(VARCHAR AS TIME), as Calcite keeps a TIME: milliseconds of the day. Calcite's own parsing
   * takes any numbers ('12:99' was 13:39, '25:00' a time past midnight); this takes
   * {@code h[h]:mm[:ss[.f...]]} with each field in its range, and digits past the millisecond only
   * if they are zeros.
   */
  public static int parseTime(String text) {
    LocalTime t;
    try {
      t = LocalTime.parse(text.trim(), TIME_OF_DAY);
    } catch (DateTimeParseException e) {
      throw new LakeException("22018", "'" + text + "' is not a TIME (hh:mm:ss[.fff])", e);
    }
    if (t.getNano() % 1_000_000 != 0) {
      throw new LakeException(NOT_SUPPORTED, "'" + text + "' has digits finer than milliseconds, "
          + "which a TIME cannot keep");
    }
    return (int) (t.toNanoOfDay() / 1_000_000);
  }

  /** A TIME (Calcite's: milliseconds of the day) as text, {@code hh:mm:ss[.fff]}. */
  public static String timeText(int millisOfDay) {
    LocalTime t = LocalTime.ofNanoOfDay(millisOfDay * 1_000_000L);
    return text(LocalDateTime.of(LocalDate.EPOCH, t)).substring(11);
  }
}
