package dev.lakejdbc.driver;

import java.util.Locale;

/**
 * Statement text as clients send it, made what Calcite's parser reads: a trailing {@code ;} (what IDEs
 * and scripts end statements with) is dropped, and the JDBC escapes Calcite lacks are expanded:
 * {@code {limit n [offset m]}} to {@code LIMIT n [OFFSET m]}, {@code {escape 'c'}} to {@code ESCAPE 'c'},
 * {@code {oj ...}} to its join. Calcite parses {@code {fn ...}}, {@code {d '...'}}, {@code {t '...'}} and
 * {@code {ts '...'}} itself. Text inside string literals, quoted identifiers and comments is never
 * changed.
 */
final class ClientSqlText {
  private ClientSqlText() {}

  static String normalize(String sql) {
    return withoutTrailingSemicolons(expandEscapes(sql));
  }

  /** Drops the {@code ;} that end the statement's code (not those inside a literal or comment). */
  private static String withoutTrailingSemicolons(String sql) {
    java.util.List<Integer> code = new java.util.ArrayList<>();
    int i = 0;
    while (i < sql.length()) {
      int next = skip(sql, i);
      if (next > i) {
        if (!sql.startsWith("--", i) && !sql.startsWith("/*", i)) {
          code.add(next - 1);
        }
        i = next;
      } else {
        if (!Character.isWhitespace(sql.charAt(i))) {
          code.add(i);
        }
        i++;
      }
    }
    StringBuilder out = new StringBuilder(sql);
    for (int k = code.size() - 1; k >= 0 && sql.charAt(code.get(k)) == ';'; k--) {
      out.setCharAt(code.get(k), ' ');
    }
    return out.toString().strip().equals(sql.strip()) ? sql : out.toString().stripTrailing();
  }

  /** The index after a literal, quoted identifier or comment starting at {@code i}, or {@code i}. */
  private static int skip(String sql, int i) {
    char c = sql.charAt(i);
    if (c == '\'' || c == '"' || c == '`') {
      int j = i + 1;
      while (j < sql.length()) {
        if (sql.charAt(j) == c) {
          if (j + 1 < sql.length() && sql.charAt(j + 1) == c) {
            j += 2;
            continue;
          }
          return j + 1;
        }
        j++;
      }
      return sql.length();
    }
    if (sql.startsWith("--", i)) {
      int nl = sql.indexOf('\n', i);
      return nl < 0 ? sql.length() : nl + 1;
    }
    if (sql.startsWith("/*", i)) {
      int end = sql.indexOf("*/", i + 2);
      return end < 0 ? sql.length() : end + 2;
    }
    return i;
  }

  private static String expandEscapes(String sql) {
    if (sql.indexOf('{') < 0) {
      return sql;
    }
    StringBuilder out = new StringBuilder(sql.length());
    // For each open brace: whether its closing brace is dropped (an expanded escape) or kept.
    java.util.Deque<Boolean> braces = new java.util.ArrayDeque<>();
    int i = 0;
    while (i < sql.length()) {
      int next = skip(sql, i);
      if (next > i) {
        out.append(sql, i, next);
        i = next;
        continue;
      }
      char c = sql.charAt(i);
      if (c == '{') {
        String keyword = keywordAt(sql, i + 1);
        if (keyword.equals("limit") || keyword.equals("escape") || keyword.equals("oj")) {
          int start = i + 1;
          while (Character.isWhitespace(sql.charAt(start))) {
            start++;
          }
          start += keyword.length();
          if (!keyword.equals("oj")) {
            out.append(keyword.toUpperCase(Locale.ROOT));
          }
          braces.push(true);
          i = start;
          continue;
        }
        braces.push(false);
      } else if (c == '}' && !braces.isEmpty() && braces.pop()) {
        i++;
        continue;
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  /** The lower-case word after optional white space at {@code i}. */
  private static String keywordAt(String sql, int i) {
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    int start = i;
    while (i < sql.length() && Character.isLetter(sql.charAt(i))) {
      i++;
    }
    return sql.substring(start, i).toLowerCase(Locale.ROOT);
  }
}
