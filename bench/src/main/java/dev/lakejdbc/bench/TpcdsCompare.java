package dev.lakejdbc.bench;

import dev.lakejdbc.bench.Engine.Rows;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Is an engine's answer to a TPC-DS part the same as DuckDB's? Values are compared by kind: numbers
 * numerically (decimals, doubles and integers alike) within a relative tolerance of {@link #TOLERANCE}
 * (two integral values exactly: they are keys and counts),
 * NULL equals NULL, dates and timestamps as ISO text, strings exactly (a difference only in trailing
 * blanks is named as such). Rows are compared as multisets, and, where the query ends with ORDER BY,
 * the answer must also be in that order as far as the ORDER BY items are output columns.
 *
 * <p>{@code ORDER BY ... LIMIT n} with ties at the n-th row may legitimately keep different rows: when
 * DuckDB's answer has n rows and every ORDER BY item is an output column, the rows ordered strictly
 * before the n-th row's key (the tie-free part) must be equal as a multiset, the rest must all carry
 * the n-th row's key, and each of them must be a row of the full answer (DuckDB's, without the LIMIT)
 * with that key.
 */
final class TpcdsCompare {
  static final double TOLERANCE = 1e-6;
  private static final double ABSOLUTE = 1e-9;

  /** The comparison's outcome: equal or not, and a short reason. */
  record Verdict(boolean equal, String detail) {
    static Verdict same(String detail) {
      return new Verdict(true, detail);
    }

    static Verdict differs(String detail) {
      return new Verdict(false, detail);
    }
  }

  /** One ORDER BY item resolved to an output column (0-based), or -1. */
  record OrderItem(String text, int column, boolean descending, boolean nullsFirst) {}

  /** Supplies DuckDB's answer to the part without its LIMIT, when ties need it. */
  @FunctionalInterface
  interface FullAnswer {
    Rows get() throws Exception;
  }

  private TpcdsCompare() {}

  static Verdict compare(TpcdsQueries.Part part, Rows expected, Rows actual, FullAnswer full) {
    int columns = expected.labels().size();
    if (actual.labels().size() != columns) {
      return Verdict.differs("columns: ours " + actual.labels().size() + ", DuckDB " + columns);
    }
    List<List<Object>> e = normalize(expected.rows());
    List<List<Object>> a = normalize(actual.rows());
    List<OrderItem> order = orderItems(part.sql(), expected.labels());
    List<OrderItem> known = new ArrayList<>();
    for (OrderItem item : order) {
      if (item.column() < 0) {
        break;
      }
      known.add(item);
    }
    boolean fullyKnown = !order.isEmpty() && known.size() == order.size();
    if (!known.isEmpty()) {
      for (int i = 0; i + 1 < a.size(); i++) {
        if (compareKeys(a.get(i), a.get(i + 1), known) > 0) {
          return Verdict.differs("not in ORDER BY order at row " + (i + 2) + ": " + a.get(i) + " then "
              + a.get(i + 1));
        }
      }
    }
    String multiset = multisetDifference(e, a);
    if (multiset == null) {
      return Verdict.same("");
    }
    int limit = part.limit();
    boolean truncated = limit > 0 && e.size() == limit;
    if (!truncated || order.isEmpty()) {
      return Verdict.differs(multiset);
    }
    if (!fullyKnown) {
      return Verdict.differs(multiset + " (the LIMIT may cut ties, but an ORDER BY item is not an "
          + "output column, so ties cannot be told apart)");
    }
    // Ties at the LIMIT boundary.
    List<Object> boundary = e.get(e.size() - 1);
    List<List<Object>> eBefore = new ArrayList<>();
    List<List<Object>> aBefore = new ArrayList<>();
    List<List<Object>> aTied = new ArrayList<>();
    for (List<Object> r : e) {
      if (compareKeys(r, boundary, known) < 0) {
        eBefore.add(r);
      }
    }
    for (List<Object> r : a) {
      int c = compareKeys(r, boundary, known);
      if (c < 0) {
        aBefore.add(r);
      } else if (c == 0) {
        aTied.add(r);
      } else {
        return Verdict.differs(multiset + "; a row ordered after DuckDB's last row: " + r);
      }
    }
    String before = multisetDifference(eBefore, aBefore);
    if (before != null) {
      return Verdict.differs("before the tied rows at the LIMIT: " + before);
    }
    if (a.size() != e.size()) {
      return Verdict.differs(multiset);
    }
    List<List<Object>> fullTied = new ArrayList<>();
    try {
      for (List<Object> r : normalize(full.get().rows())) {
        if (compareKeys(r, boundary, known) == 0) {
          fullTied.add(r);
        }
      }
    } catch (Exception ex) {
      return Verdict.differs(multiset + " (the rows tied at the LIMIT could not be checked: "
          + firstLine(ex) + ")");
    }
    List<List<Object>> unmatched = unmatched(fullTied, aTied);
    if (!unmatched.isEmpty()) {
      return Verdict.differs("a row tied at the LIMIT is not among the full answer's " + fullTied.size()
          + " rows with that key: " + unmatched.get(0));
    }
    return Verdict.same((e.size() - eBefore.size()) + " of " + fullTied.size()
        + " rows tied at the LIMIT chosen differently");
  }

  /** Values in comparable form: BigDecimal for numbers, ISO text for dates, strings as they are. */
  static List<List<Object>> normalize(List<List<Object>> rows) {
    List<List<Object>> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Object> r = new ArrayList<>(row.size());
      for (Object v : row) {
        r.add(normalize(v));
      }
      out.add(r);
    }
    return out;
  }

  static Object normalize(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return Double.isFinite(d) ? new BigDecimal(d) : Double.toString(d);
    }
    if (v instanceof BigDecimal b) {
      return b;
    }
    if (v instanceof java.math.BigInteger b) {
      return new BigDecimal(b);
    }
    if (v instanceof Number n) {
      return BigDecimal.valueOf(n.longValue());
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
    if (v instanceof java.time.OffsetDateTime o) {
      return o.toLocalDateTime().toString();
    }
    return v.toString();
  }

  static boolean valuesEqual(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
      if (x.compareTo(y) == 0) {
        return true;
      }
      if (integral(x) && integral(y)) {
        // Keys and counts: 1001001 and 1001002 are within 1e-6 of each other, but not equal.
        return false;
      }
      double dx = x.doubleValue();
      double dy = y.doubleValue();
      double diff = Math.abs(dx - dy);
      return diff <= TOLERANCE * Math.max(Math.abs(dx), Math.abs(dy)) || diff <= ABSOLUTE;
    }
    return a.equals(b);
  }

  private static boolean integral(BigDecimal b) {
    return b.signum() == 0 || b.stripTrailingZeros().scale() <= 0;
  }

  private static boolean rowsEqual(List<Object> a, List<Object> b) {
    for (int i = 0; i < a.size(); i++) {
      if (!valuesEqual(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** Null if the two multisets of rows are equal (within the tolerance), else a short diff. */
  static String multisetDifference(List<List<Object>> expected, List<List<Object>> actual) {
    if (expected.size() == actual.size()) {
      List<List<Object>> e = sorted(expected);
      List<List<Object>> a = sorted(actual);
      boolean pairwise = true;
      for (int i = 0; i < e.size() && pairwise; i++) {
        pairwise = rowsEqual(e.get(i), a.get(i));
      }
      if (pairwise || unmatched(expected, actual).isEmpty()) {
        return null;
      }
    }
    List<List<Object>> e = sorted(expected);
    List<List<Object>> a = sorted(actual);
    int i = 0;
    while (i < e.size() && i < a.size() && rowsEqual(e.get(i), a.get(i))) {
      i++;
    }
    StringBuilder s = new StringBuilder("rows: ours " + actual.size() + ", DuckDB " + expected.size());
    if (i < e.size() || i < a.size()) {
      s.append("; first difference (rows sorted) at row ").append(i + 1).append(": ours ")
          .append(i < a.size() ? show(a.get(i)) : "(none)").append(", DuckDB ")
          .append(i < e.size() ? show(e.get(i)) : "(none)");
      if (i < a.size() && i < e.size() && blankPaddedEqual(a.get(i), e.get(i))) {
        s.append(" (only trailing blanks differ: CHAR padding)");
      }
    }
    return s.toString();
  }

  private static boolean blankPaddedEqual(List<Object> a, List<Object> b) {
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      if (x instanceof String sx && y instanceof String sy) {
        if (!sx.stripTrailing().equals(sy.stripTrailing())) {
          return false;
        }
      } else if (!valuesEqual(x, y)) {
        return false;
      }
    }
    return true;
  }

  static String show(List<Object> row) {
    List<String> values = new ArrayList<>();
    for (Object v : row) {
      if (v instanceof BigDecimal b) {
        values.add(b.round(new MathContext(12)).stripTrailingZeros().toPlainString());
      } else if (v instanceof String s) {
        values.add("'" + s + "'");
      } else {
        values.add(String.valueOf(v));
      }
    }
    String s = "[" + String.join(", ", values) + "]";
    return s.length() > 300 ? s.substring(0, 300) + "...]" : s;
  }

  /**
   * Rows of {@code actual} that find no equal row in {@code expected}, matched greedily one to one
   * within rows that agree on every non-numeric value (so with equal sizes, empty means equal).
   */
  static List<List<Object>> unmatched(List<List<Object>> expected, List<List<Object>> actual) {
    Map<String, List<List<Object>>> buckets = new HashMap<>();
    for (List<Object> r : expected) {
      buckets.computeIfAbsent(signature(r), k -> new ArrayList<>()).add(r);
    }
    List<List<Object>> unmatched = new ArrayList<>();
    for (List<Object> r : actual) {
      List<List<Object>> bucket = buckets.get(signature(r));
      boolean found = false;
      if (bucket != null) {
        for (int i = 0; i < bucket.size(); i++) {
          if (rowsEqual(bucket.get(i), r)) {
            bucket.remove(i);
            found = true;
            break;
          }
        }
      }
      if (!found) {
        unmatched.add(r);
      }
    }
    return unmatched;
  }

  private static String signature(List<Object> row) {
    StringBuilder s = new StringBuilder();
    for (Object v : row) {
      s.append(v instanceof BigDecimal ? "#" : String.valueOf(v)).append('\u0000');
    }
    return s.toString();
  }

  /** Rows sorted by a canonical text of each value (numbers to 6 significant digits). */
  private static List<List<Object>> sorted(List<List<Object>> rows) {
    List<List<Object>> copy = new ArrayList<>(rows);
    Map<List<Object>, String> keys = new java.util.IdentityHashMap<>();
    for (List<Object> r : copy) {
      StringBuilder s = new StringBuilder();
      for (Object v : r) {
        if (v == null) {
          s.append("\u0000N");
        } else if (v instanceof BigDecimal b) {
          s.append("\u0001").append(b.round(new MathContext(6)).stripTrailingZeros().toPlainString());
        } else {
          s.append("\u0002").append(v);
        }
        s.append('\u0003');
      }
      keys.put(r, s.toString());
    }
    copy.sort(Comparator.comparing(keys::get));
    return copy;
  }

  /** Compares two rows by ORDER BY items (NULLs where the items' NULLS FIRST/LAST put them). */
  static int compareKeys(List<Object> a, List<Object> b, List<OrderItem> items) {
    for (OrderItem item : items) {
      Object x = a.get(item.column());
      Object y = b.get(item.column());
      if (valuesEqual(x, y)) {
        continue;
      }
      int c;
      if (x == null || y == null) {
        boolean xFirst = (x == null) == item.nullsFirst();
        return xFirst ? -1 : 1;
      }
      if (x instanceof BigDecimal bx && y instanceof BigDecimal by) {
        c = bx.compareTo(by);
      } else {
        c = x.toString().compareTo(y.toString());
      }
      return item.descending() ? -c : c;
    }
    return 0;
  }

  private static final Pattern NULLS = Pattern.compile("(?is)\\s+nulls\\s+(first|last)\\s*$");
  private static final Pattern DIRECTION = Pattern.compile("(?is)\\s+(asc|desc)\\s*$");
  private static final Pattern NAME = Pattern.compile("(?i)^(?:\\w+\\.)?(\\w+)$");

  /**
   * The items of the statement's final ORDER BY (the last one outside parentheses), each resolved to
   * an output column where it is one (by label, qualified or not, or by position); empty if the
   * statement does not end with ORDER BY.
   */
  static List<OrderItem> orderItems(String sql, List<String> labels) {
    String masked = mask(sql);
    int[] depthAt = new int[masked.length() + 1];
    for (int i = 0; i < masked.length(); i++) {
      char c = masked.charAt(i);
      depthAt[i + 1] = depthAt[i] + (c == '(' ? 1 : c == ')' ? -1 : 0);
    }
    int orderBy = -1;
    Matcher m = Pattern.compile("(?i)\\border\\s+by\\b").matcher(masked);
    while (m.find()) {
      if (depthAt[m.start()] == 0) {
        orderBy = m.end();
      }
    }
    int depth;
    if (orderBy < 0) {
      return List.of();
    }
    String clause = masked.substring(orderBy);
    Matcher limit = TpcdsQueries.FINAL_LIMIT.matcher(clause);
    if (limit.find()) {
      clause = clause.substring(0, limit.start());
    }
    List<String> texts = new ArrayList<>();
    depth = 0;
    int start = 0;
    for (int i = 0; i < clause.length(); i++) {
      char c = clause.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        texts.add(clause.substring(start, i));
        start = i + 1;
      }
    }
    texts.add(clause.substring(start));
    Map<String, List<Integer>> byLabel = new LinkedHashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      byLabel.computeIfAbsent(normalizeName(labels.get(i)), k -> new ArrayList<>()).add(i);
    }
    List<OrderItem> items = new ArrayList<>();
    for (String text : texts) {
      String t = text.strip();
      Boolean nullsFirst = null;
      Matcher n = NULLS.matcher(t);
      if (n.find()) {
        nullsFirst = n.group(1).equalsIgnoreCase("first");
        t = t.substring(0, n.start()).strip();
      }
      boolean desc = false;
      Matcher d = DIRECTION.matcher(t);
      if (d.find()) {
        desc = d.group(1).equalsIgnoreCase("desc");
        t = t.substring(0, d.start()).strip();
      }
      int column = -1;
      if (t.matches("\\d+")) {
        int position = Integer.parseInt(t);
        column = position >= 1 && position <= labels.size() ? position - 1 : -1;
      } else if (t.length() > 1 && t.startsWith("\"") && t.endsWith("\"")) {
        List<Integer> candidates = byLabel.get(normalizeName(t.substring(1, t.length() - 1)));
        column = candidates != null && candidates.size() == 1 ? candidates.get(0) : -1;
      } else {
        Matcher name = NAME.matcher(t);
        List<Integer> candidates = byLabel.get(normalizeName(name.matches() ? name.group(1) : t));
        column = candidates != null && candidates.size() == 1 ? candidates.get(0) : -1;
      }
      items.add(new OrderItem(text.strip(), column, desc,
          Objects.requireNonNullElse(nullsFirst, !desc)));
    }
    return items;
  }

  private static String normalizeName(String s) {
    return s.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
  }

  /** The text with string literals blanked (same length; quoted identifiers stay). */
  private static String mask(String sql) {
    StringBuilder out = new StringBuilder(sql);
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\'') {
        int end = sql.indexOf(c, i + 1);
        end = end < 0 ? sql.length() - 1 : end;
        for (int j = i; j <= end; j++) {
          out.setCharAt(j, 'x');
        }
        i = end + 1;
      } else {
        i++;
      }
    }
    return out.toString();
  }

  static String firstLine(Throwable t) {
    String m = String.valueOf(t.getMessage());
    int nl = m.indexOf('\n');
    return (nl >= 0 ? m.substring(0, nl) : m).strip();
  }
}
