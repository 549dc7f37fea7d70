package dev.lakejdbc.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A query's answer in a form three engines can be compared in: every value as canonical text (numbers
 * without trailing zeros, dates ISO) and the rows sorted, since no query here fixes an order.
 */
record Result(List<List<String>> rows) {
  private static final Comparator<List<String>> ROW_ORDER = (a, b) -> String.join("\u0000", a)
      .compareTo(String.join("\u0000", b));

  /** Normalizes and sorts raw rows as an engine returned them. */
  static Result of(List<List<Object>> raw) {
    List<List<String>> rows = new ArrayList<>(raw.size());
    for (List<Object> row : raw) {
      rows.add(row.stream().map(Result::normalize).toList());
    }
    rows.sort(ROW_ORDER);
    return new Result(List.copyOf(rows));
  }

  /** The first column of each row, for key lists read from a dimension. */
  List<String> firstColumn() {
    return rows.stream().map(r -> r.get(0)).toList();
  }

  /** Equal SQL values from different engines give equal text (JDBC, DuckDB and Spark value classes). */
  static String normalize(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof Double || v instanceof Float) {
      // Sums of doubles differ in the last bits between engines: compare 10 significant digits.
      double d = ((Number) v).doubleValue();
      return d == 0 ? "0" : new BigDecimal(d).round(new MathContext(10)).stripTrailingZeros().toPlainString();
    }
    if (v instanceof BigDecimal || v instanceof Number) {
      BigDecimal d = v instanceof BigDecimal b ? b : new BigDecimal(v.toString());
      return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
    if (v instanceof java.sql.Date d) {
      return d.toLocalDate().toString();
    }
    if (v instanceof java.sql.Timestamp t) {
      return t.toLocalDateTime().toString();
    }
    if (v instanceof LocalDate || v instanceof LocalDateTime) {
      return v.toString();
    }
    return v.toString();
  }

  @Override public String toString() {
    return rows.size() <= 3 ? rows.toString()
        : rows.subList(0, 3) + " ... (" + rows.size() + " rows)";
  }
}
