package dev.lakejdbc.driver;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The EXPLAIN forms users type in other engines, which Calcite's parser lacks: {@code EXPLAIN <query>}
 * means {@code EXPLAIN PLAN FOR <query>}; {@code EXPLAIN ANALYZE <query>} runs the query and reports what
 * each scan actually read ({@link ExplainAnalyze}).
 */
final class ExplainStatements {
  private static final Pattern EXPLAIN = Pattern.compile(
      "^(\\s|--[^\\n]*\\n|/\\*.*?\\*/)*EXPLAIN\\s+(?<rest>.*)$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  private static final Pattern ANALYZE = Pattern.compile("^ANALY[SZ]E\\s+(?<query>.*)$",
      Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  private ExplainStatements() {}

  /** The query of an {@code EXPLAIN ANALYZE <query>} statement, or null for any other statement. */
  static String analyzedQuery(String sql) {
    Matcher explain = EXPLAIN.matcher(sql);
    if (!explain.matches()) {
      return null;
    }
    Matcher analyze = ANALYZE.matcher(explain.group("rest"));
    return analyze.matches() ? analyze.group("query") : null;
  }

  /** {@code EXPLAIN <query>} as Calcite's {@code EXPLAIN PLAN FOR <query>}; other statements as given. */
  static String rewrite(String sql) {
    Matcher explain = EXPLAIN.matcher(sql);
    if (!explain.matches()) {
      return sql;
    }
    String rest = explain.group("rest");
    String firstWord = rest.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
    if (firstWord.equals("PLAN") || firstWord.startsWith("ANALY")) {
      return sql;
    }
    return "EXPLAIN PLAN FOR " + rest;
  }
}
