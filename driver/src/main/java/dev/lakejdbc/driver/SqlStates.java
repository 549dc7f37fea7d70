package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeException;
import java.sql.SQLException;
import java.util.regex.Pattern;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.CalciteException;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Gives every failure a SQLState and the message that names the cause: Calcite reports unknown tables,
 * syntax errors and the lake's own I/O failures as exceptions without a state, often wrapped twice.
 */
public final class SqlStates {
  public static final String SYNTAX_ERROR = "42000";
  public static final String UNKNOWN_TABLE = "42S02";
  /** Invalid schema name. */
  public static final String UNKNOWN_SCHEMA = "3F000";
  public static final String UNKNOWN_COLUMN = "42S22";
  public static final String READ_ONLY = "25006";
  public static final String GENERAL_ERROR = "HY000";

  private static final Pattern TABLE_NOT_FOUND =
      Pattern.compile("(Object|Table) '.*' not found.*", Pattern.DOTALL);
  private static final Pattern COLUMN_NOT_FOUND =
      Pattern.compile("Column '.*' not found.*", Pattern.DOTALL);
  /** Calcite's words for text that is no date (or time): CAST('2026-02-30' AS DATE), say. */
  private static final Pattern NOT_A_DATE = Pattern.compile(
      "Invalid (DATE|TIME|TIMESTAMP) value, '.*'|Value of [A-Z]+ field is out of range in '.*'",
      Pattern.DOTALL);
  /** Calcite's words for text that is no boolean. */
  private static final String NOT_A_BOOLEAN = "Invalid character for cast";
  /** How the JVM records an earlier failed class initialisation that threw an ArithmeticException. */
  private static final String RECORDED_ARITHMETIC = "Exception java.lang.ArithmeticException: ";

  static final String NUMERIC_OUT_OF_RANGE = "22003";
  static final String DIVISION_BY_ZERO = "22012";
  static final String INVALID_CAST_VALUE = "22018";

  private SqlStates() {}

  /** {@code t} as a SQLException with a SQLState; the original stays its cause. */
  public static SQLException translate(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof LakeException e) {
        return new SQLException(e.getMessage(), e.sqlState(), t);
      }
      if (c instanceof SqlParseException e) {
        return new SQLException("Syntax error: " + firstLine(e.getMessage()), SYNTAX_ERROR, t);
      }
      if (c instanceof CalciteContextException e) {
        String reason = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
        String state = TABLE_NOT_FOUND.matcher(reason).matches() ? UNKNOWN_TABLE
            : COLUMN_NOT_FOUND.matcher(reason).matches() ? UNKNOWN_COLUMN : SYNTAX_ERROR;
        return new SQLException(e.getMessage(), state, t);
      }
      if (c instanceof RelOptPlanner.CannotPlanException e) {
        // Calcite has no implementation for part of the plan (PERCENTILE_CONT, say): its message
        // is the planner's whole state, some 8 KB; the part it could not implement says enough.
        return new java.sql.SQLFeatureNotSupportedException(cannotPlan(e.getMessage()), "0A000", t);
      }
      if (c instanceof java.sql.SQLFeatureNotSupportedException e) {
        return e.getSQLState() != null ? e
            : new java.sql.SQLFeatureNotSupportedException(e.getMessage(), "0A000", t);
      }
      if (c instanceof SQLException e && e.getSQLState() != null) {
        return e;
      }
      if (c instanceof ArithmeticException e) {
        // A value out of a DECIMAL's range, or a division by zero, in the query's arithmetic.
        return arithmetic(e.getMessage(), t);
      }
      if (c instanceof ExceptionInInitializerError e && e.getCause() == null
          && String.valueOf(e.getMessage()).startsWith(RECORDED_ARITHMETIC)) {
        return arithmetic(recordedMessage(e), t);
      }
    }
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof NumberFormatException e) {
        // Calcite's run time parses a string CAST to a number with Java's parsers.
        return new SQLException("Cannot cast a string to a number: " + e.getMessage(), INVALID_CAST_VALUE, t);
      }
      if (c.getMessage() != null && (c instanceof CalciteException && c.getMessage().startsWith(NOT_A_BOOLEAN)
          || c instanceof IllegalArgumentException && NOT_A_DATE.matcher(c.getMessage()).matches())) {
        // Calcite's CAST of text to BOOLEAN ('yes') or to a date: the value cannot be cast, as a
        // TIMESTAMP's or TIME's text that does not parse (Micros).
        return new SQLException(message(t), INVALID_CAST_VALUE, t);
      }
    }
    return new SQLException(message(t), GENERAL_ERROR, t);
  }

  /**
   * What failed, in words: for a constant of the generated code that failed in its class's
   * initialiser, the failure's message, not the initialiser's error.
   */
  private static String message(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof ExceptionInInitializerError e) {
        Throwable failure = e.getCause();
        return failure != null ? message(failure) : recordedMessage(e);
      }
    }
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root.getMessage() != null) {
      return t.getMessage() == null ? t.toString() : t.getMessage();
    }
    // A failure without words (a bug of the driver or of Calcite): "...: null" would say nothing,
    // so name the exception and where it was thrown.
    StackTraceElement[] stack = root.getStackTrace();
    String what = "internal error " + root.getClass().getName()
        + (stack.length > 0 ? " at " + stack[0] : "") + " (please report it)";
    String m = t.getMessage();
    if (m == null || m.equals(root.toString())) {
      return what;
    }
    return m.endsWith(": null") ? m.substring(0, m.length() - "null".length()) + what : m + ": " + what;
  }

  /**
   * The message of the exception an earlier initialisation failed with, from the JVM's record of it
   * (the exception itself is gone): "Exception <class>: <message> [in thread "..."]".
   */
  private static String recordedMessage(ExceptionInInitializerError record) {
    String text = String.valueOf(record.getMessage());
    int start = text.startsWith("Exception ") ? text.indexOf(": ") : -1;
    int thread = text.lastIndexOf(" [in thread ");
    return text.substring(start < 0 ? 0 : start + 2, thread > start ? thread : text.length());
  }

  private static SQLException arithmetic(String message, Throwable t) {
    String state = String.valueOf(message).contains("by zero") ? DIVISION_BY_ZERO : NUMERIC_OUT_OF_RANGE;
    return new SQLException(message, state, t);
  }

  /** The plan node Calcite could not implement, from its message, in a sentence. */
  static String cannotPlan(String message) {
    String marker = "the relevant part of the original plan is as follows";
    String m = String.valueOf(message);
    int at = m.indexOf(marker);
    String part = at < 0 ? "" : firstLine(m.substring(at + marker.length()).strip());
    // "55:LogicalAggregate(...)": the planner's id is of no use to the reader.
    part = part.replaceFirst("^\\d+:", "");
    return part.isEmpty() ? "This query cannot be run: " + firstLine(m)
        : "This query cannot be run: the driver has no implementation for " + part;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
