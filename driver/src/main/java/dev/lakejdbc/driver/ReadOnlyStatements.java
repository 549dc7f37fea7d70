package dev.lakejdbc.driver;

import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;

/** The lake is read-only: statements that would change data or schema are refused before planning. */
final class ReadOnlyStatements {
  private static final Set<String> WRITES = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT",
      "CREATE", "DROP", "ALTER", "TRUNCATE", "GRANT", "REVOKE", "REPLACE");

  private ReadOnlyStatements() {}

  static void check(String sql) throws SQLException {
    String keyword = firstKeyword(sql);
    if (WRITES.contains(keyword)) {
      throw new SQLException("lake-jdbc is read-only: " + keyword + " statements are not supported",
          SqlStates.READ_ONLY);
    }
  }

  /** The first word of {@code sql}, upper case, after white space, comments and parentheses. */
  static String firstKeyword(String sql) {
    if (sql == null) {
      return "";
    }
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c) || c == '(') {
        i++;
      } else if (sql.startsWith("--", i)) {
        int nl = sql.indexOf('\n', i);
        i = nl < 0 ? n : nl + 1;
      } else if (sql.startsWith("/*", i)) {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else {
        break;
      }
    }
    int start = i;
    while (i < n && Character.isLetter(sql.charAt(i))) {
      i++;
    }
    return sql.substring(start, i).toUpperCase(Locale.ROOT);
  }
}
