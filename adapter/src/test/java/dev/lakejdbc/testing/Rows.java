package dev.lakejdbc.testing;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Query results in a form two engines can be compared in: each value normalized to a canonical string
 * (numbers without trailing zeros, dates ISO, binary hex), rows compared as multisets or in order.
 */
public final class Rows {
  private Rows() {}

  /** Runs {@code sql} on {@code connection} and returns its normalized rows. */
  public static List<List<String>> query(Connection connection, String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return read(rs);
    }
  }

  /** The plan EXPLAIN PLAN FOR prints for {@code sql}, its lines joined. */
  public static String explain(Connection connection, String sql) throws SQLException {
    StringBuilder plan = new StringBuilder();
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      while (rs.next()) {
        plan.append(rs.getString(1)).append('\n');
      }
    }
    return plan.toString();
  }

  public static List<List<String>> read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<List<String>> rows = new ArrayList<>();
    while (rs.next()) {
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        row.add(normalize(rs.getObject(i)));
      }
      rows.add(row);
    }
    return rows;
  }

  /** A canonical text for a JDBC value, equal across engines for equal SQL values. */
  public static String normalize(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof BigDecimal d) {
      return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        return Double.toString(d);
      }
      if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        return BigDecimal.valueOf((long) d).toPlainString();
      }
      // Sums of doubles differ in the last bits between engines: compare 10 significant digits.
      return new BigDecimal(d).round(new java.math.MathContext(10)).stripTrailingZeros().toPlainString();
    }
    if (v instanceof Number n) {
      return new BigDecimal(n.toString()).toPlainString();
    }
    if (v instanceof Date d) {
      return d.toLocalDate().toString();
    }
    if (v instanceof LocalDate d) {
      return d.toString();
    }
    if (v instanceof Timestamp t) {
      return t.toLocalDateTime().toString();
    }
    if (v instanceof LocalDateTime t) {
      return t.toString();
    }
    if (v instanceof OffsetDateTime t) {
      return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime().toString();
    }
    if (v instanceof Time t) {
      return t.toLocalTime().toString();
    }
    if (v instanceof LocalTime t) {
      return t.toString();
    }
    if (v instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    return v.toString();
  }

  /**
   * Fails unless both results hold the same rows (as multisets, or in order when {@code ordered}),
   * naming at most a few rows that differ rather than printing both results whole.
   */
  public static void assertSameRows(List<List<String>> expected, List<List<String>> actual,
      boolean ordered, String what) {
    if (ordered ? expected.equals(actual) : multiset(expected).equals(multiset(actual))) {
      return;
    }
    Map<String, Integer> missing = multiset(expected);
    Map<String, Integer> extra = multiset(actual);
    for (String row : new java.util.ArrayList<>(missing.keySet())) {
      int common = Math.min(missing.get(row), extra.getOrDefault(row, 0));
      missing.merge(row, -common, Integer::sum);
      extra.merge(row, -common, Integer::sum);
    }
    missing.values().removeIf(c -> c <= 0);
    extra.values().removeIf(c -> c <= 0);
    throw new AssertionError(what + ": " + expected.size() + " rows expected, " + actual.size()
        + " returned" + (missing.isEmpty() && extra.isEmpty() ? " (same rows, other order)" : "")
        + "\n  missing: " + first(missing) + "\n  unexpected: " + first(extra));
  }

  private static String first(Map<String, Integer> rows) {
    return rows.entrySet().stream().limit(5).map(e -> e.getKey() + (e.getValue() > 1 ? " x" + e.getValue() : ""))
        .toList() + (rows.size() > 5 ? " and " + (rows.size() - 5) + " more" : "");
  }

  /** The rows as a multiset: row text to count, for comparisons where order does not matter. */
  public static Map<String, Integer> multiset(List<List<String>> rows) {
    Map<String, Integer> counts = new TreeMap<>();
    for (List<String> row : rows) {
      counts.merge(row.toString(), 1, Integer::sum);
    }
    return counts;
  }
}
