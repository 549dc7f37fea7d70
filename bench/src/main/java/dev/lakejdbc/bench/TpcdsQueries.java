package dev.lakejdbc.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The 99 TPC-DS queries (103 parts) made at run time from TPC's templates in {@code
 * net.hydromatic:tpcds:0.4} ({@code query_templates/queryN.tpl}): each {@code [NAME]} becomes its
 * qualification value ({@code tpcds/qualification.properties}), {@code [_LIMITC]} becomes {@code
 * LIMIT n} (the ANSI rendering of the template's {@code _LIMIT}), then the {@link #REWRITES} make the
 * text one that lake-jdbc, DuckDB and Spark SQL all accept with the same meaning. A template with two
 * statements (q14, q23, q24, q39) gives parts {@code a} and {@code b}.
 */
final class TpcdsQueries {
  /** One statement of one template. */
  record Part(String name, int query, String sql) {
    /** The same statement without its final {@code LIMIT}, or itself if it has none. */
    String withoutLimit() {
      Matcher m = FINAL_LIMIT.matcher(sql);
      return m.find() ? sql.substring(0, m.start()) : sql;
    }

    /** The final {@code LIMIT n}, or -1. */
    int limit() {
      Matcher m = FINAL_LIMIT.matcher(sql);
      return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
  }

  /**
   * A named, general change of the text, applied to every query: outside literals and comments, unless
   * it rewrites a quoted name itself ({@code onLiterals}).
   */
  record Rewrite(String name, String why, UnaryOperator<String> apply, boolean onLiterals) {
    Rewrite(String name, String why, UnaryOperator<String> apply) {
      this(name, why, apply, false);
    }

    String applyTo(String sql) {
      return onLiterals ? apply.apply(sql) : outsideLiterals(sql, apply);
    }
  }

  /**
   * A change of one template, where the template itself is wrong (TPC fixed it in a later version of
   * the templates); listed in the report like the rewrites.
   */
  record Correction(int query, String from, String to, String why, UnaryOperator<String> apply) {}

  static final Pattern FINAL_LIMIT = Pattern.compile("\\s+LIMIT\\s+(\\d+)\\s*$",
      Pattern.CASE_INSENSITIVE);

  private static final Pattern TAG = Pattern.compile("\\[\\s*([A-Za-z_][A-Za-z_0-9]*(?:\\.\\d+)?)\\s*\\]");
  private static final Pattern DEFINE = Pattern.compile("^\\s*define\\s+(\\w+)\\s*=(.*)$",
      Pattern.CASE_INSENSITIVE);

  static final List<Correction> CORRECTIONS = List.of(
      new Correction(48,
          "cd_marital_status = '[MS.1]' ... '[MS.1]' ... '[MS.1]' (and [ES.1] three times)",
          "[MS.1], [MS.2], [MS.3] and [ES.1], [ES.2], [ES.3]",
          "the 1.x template repeats the first of its three drawn values in all three OR branches; TPC-DS "
              + "2.x uses one value per branch, as its qualification query does",
          TpcdsQueries::numberRepeatedTags),
      new Correction(30, "c_last_review_date", "c_last_review_date_sk",
          "TPC-DS 2.x renamed the customer column (it is a date_dim key); the generator writes the 2.x "
              + "schema, which has only c_last_review_date_sk",
          s -> s.replaceAll("\\bc_last_review_date\\b", "c_last_review_date_sk")));

  static final List<Rewrite> REWRITES = List.of(
      new Rewrite("date + n days",
          "`<date> + 30 days` (TPC's template dialect, not SQL) -> `<date> + INTERVAL '30' DAY`; also `-`",
          s -> s.replaceAll("(?i)([+-])\\s*(\\d+)\\s+days\\b", "$1 INTERVAL '$2' DAY")),
      new Rewrite("date column + integer",
          "`d1.d_date + 5` (a DATE plus an integer: DuckDB and Spark accept it, Calcite does not) -> "
              + "`d1.d_date + INTERVAL '5' DAY`",
          s -> s.replaceAll("(?i)(\\b\\w*d_date)\\s*([+-])\\s*(\\d+)\\b(?!\\s*')", "$1 $2 INTERVAL '$3' DAY")),
      new Rewrite("substr",
          "`substr(s, a, b)` -> `substring(s, a, b)`: Calcite knows SUBSTR only in its Oracle/BigQuery "
              + "libraries; all three engines take SUBSTRING with commas",
          s -> s.replaceAll("(?i)\\bsubstr\\s*\\(", "substring(")),
      new Rewrite("alias at",
          "the table alias `at` (q90) -> `at_`: AT is a reserved word in DuckDB (and SQL's AT TIME ZONE)",
          s -> s.replaceAll("(?i)\\bat\\b(?!\\s+(time\\s+zone|local)\\b)", "at_")),
      new Rewrite("quoted aliases",
          "a double-quoted column alias (`\"order count\"`, `\"30 days\"`, `\">120 days\"`) -> a plain "
              + "identifier (`order_count`, `c_30_days`, `c_120_days`): Spark reads double quotes as a "
              + "string, DuckDB and Calcite as an identifier, and no other quoting is common to the three; "
              + "only the output column's label changes",
          TpcdsQueries::plainAliases, true),
      new Rewrite("null ordering",
          "every ORDER BY item without NULLS FIRST/LAST gets Spark's default: NULLS FIRST when ascending, "
              + "NULLS LAST when descending. SQL leaves it to the implementation and the three engines "
              + "differ (DuckDB puts NULLs last both ways), which changes the rows an ORDER BY ... LIMIT "
              + "keeps (rollups in q36, q70, q86, ...); also inside OVER (...)",
          TpcdsQueries::explicitNullOrdering));

  private TpcdsQueries() {}

  /** All 103 parts, q1 to q99. */
  static List<Part> all() {
    Properties qualification = qualification();
    List<Part> parts = new ArrayList<>();
    for (int n = 1; n <= 99; n++) {
      parts.addAll(parts(n, qualification));
    }
    return parts;
  }

  /** The parts of template {@code n}. */
  static List<Part> parts(int n, Properties qualification) {
    Template t = Template.read(n);
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < t.statements().size(); i++) {
      String name = "q" + n + (t.statements().size() == 1 ? "" : String.valueOf((char) ('a' + i)));
      String sql = substitute(n, t.statements().get(i), t.limit(), qualification);
      for (Rewrite r : REWRITES) {
        sql = r.applyTo(sql);
      }
      parts.add(new Part(name, n, sql.strip()));
    }
    return parts;
  }

  /** A template: its statements (tags unsubstituted) and its {@code _LIMIT}, if it defines one. */
  record Template(List<String> statements, Integer limit) {
    static Template read(int n) {
      String text;
      String resource = "/query_templates/query" + n + ".tpl";
      try (InputStream in = TpcdsQueries.class.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException(resource + " not on the class path (net.hydromatic:tpcds)");
        }
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      StringBuilder body = new StringBuilder();
      Integer limit = null;
      for (String line : text.split("\r?\n")) {
        if (line.strip().startsWith("--")) {
          continue;
        }
        Matcher d = DEFINE.matcher(line);
        if (d.matches()) {
          if (d.group(1).equals("_LIMIT")) {
            limit = Integer.parseInt(d.group(2).replaceAll("[;\\s]", ""));
          }
          continue;
        }
        body.append(line).append('\n');
      }
      List<String> statements = new ArrayList<>();
      for (String s : body.toString().split(";\\s*(\\n|$)")) {
        if (!s.isBlank()) {
          statements.add(s);
        }
      }
      return new Template(statements, limit);
    }
  }

  private static String substitute(int n, String statement, Integer limit, Properties qualification) {
    for (Correction c : CORRECTIONS) {
      if (c.query() == n) {
        statement = c.apply().apply(statement);
      }
    }
    Matcher m = TAG.matcher(statement);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      // Tags are case-insensitive, as for dsqgen (q66 writes [NETTWo] once).
      String tag = m.group(1).toUpperCase(Locale.ROOT);
      String value = switch (tag) {
        case "_LIMITA", "_LIMITB" -> "";
        case "_LIMITC" -> limit == null ? "" : "LIMIT " + limit;
        default -> value(n, tag, qualification);
      };
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** The q48 correction: the n-th occurrence of [MS.1] (and of [ES.1]) becomes [MS.n]. */
  private static String numberRepeatedTags(String statement) {
    for (String name : List.of("MS", "ES")) {
      Matcher m = Pattern.compile("\\[" + name + "\\.1\\]").matcher(statement);
      StringBuilder out = new StringBuilder();
      int i = 0;
      while (m.find()) {
        m.appendReplacement(out, Matcher.quoteReplacement("[" + name + "." + (++i) + "]"));
      }
      m.appendTail(out);
      statement = out.toString();
    }
    return statement;
  }

  private static String value(int n, String tag, Properties qualification) {
    String v = qualification.getProperty("q" + n + "." + tag);
    if (v != null) {
      return v;
    }
    int dot = tag.indexOf('.');
    if (dot > 0) {
      String list = qualification.getProperty("q" + n + "." + tag.substring(0, dot) + ".*");
      if (list != null) {
        String[] values = list.trim().split("\\s+");
        int i = Integer.parseInt(tag.substring(dot + 1));
        if (i >= 1 && i <= values.length) {
          return values[i - 1];
        }
      }
    }
    throw new IllegalStateException("query " + n + ": no qualification value for [" + tag + "]");
  }

  static Properties qualification() {
    Properties p = new Properties();
    try (InputStream in = TpcdsQueries.class.getResourceAsStream("/tpcds/qualification.properties")) {
      p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /**
   * Applies a rewrite to the text with its string literals, quoted identifiers and comments masked,
   * so that a rewrite never changes (or matches inside) a literal such as {@code "30 days"}.
   */
  static String outsideLiterals(String sql, UnaryOperator<String> rewrite) {
    Map<String, String> masked = new LinkedHashMap<>();
    StringBuilder code = new StringBuilder();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        int end = i + 1;
        while (end < sql.length()) {
          if (sql.charAt(end) == c) {
            if (end + 1 < sql.length() && sql.charAt(end + 1) == c) {
              end += 2;
              continue;
            }
            break;
          }
          end++;
        }
        String key = "\u0001" + masked.size() + "\u0001";
        masked.put(key, sql.substring(i, Math.min(end + 1, sql.length())));
        code.append(key);
        i = end + 1;
      } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? sql.length() : end;
      } else {
        code.append(c);
        i++;
      }
    }
    String result = rewrite.apply(code.toString());
    for (Map.Entry<String, String> e : masked.entrySet()) {
      result = result.replace(e.getKey(), e.getValue());
    }
    return result;
  }

  private static final Pattern QUOTED_ALIAS = Pattern.compile("(?i)\\bas\\s+\"([^\"]+)\"");

  /** The "quoted aliases" rewrite: {@code as "30 days"} -> {@code as c_30_days}. */
  static String plainAliases(String sql) {
    Matcher m = QUOTED_ALIAS.matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1).replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_+|_+$", "")
          .toLowerCase(Locale.ROOT);
      if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
        name = "c_" + name;
      }
      m.appendReplacement(out, Matcher.quoteReplacement("as " + name));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static final Pattern ORDER_BY = Pattern.compile("(?i)\\border\\s+by\\b");
  private static final Pattern CLAUSE_END = Pattern.compile(
      "(?i)\\b(limit|rows|range|union|intersect|except)\\b");

  /** The "null ordering" rewrite, on text whose literals are masked. */
  static String explicitNullOrdering(String s) {
    StringBuilder out = new StringBuilder();
    Matcher m = ORDER_BY.matcher(s);
    int copied = 0;
    while (m.find(copied)) {
      out.append(s, copied, m.end());
      int i = m.end();
      int depth = 0;
      int itemStart = i;
      while (true) {
        boolean end = i >= s.length();
        char c = end ? ';' : s.charAt(i);
        if (!end && depth == 0 && Character.isLetter(c) && (i == 0 || !isWordChar(s.charAt(i - 1)))) {
          Matcher k = CLAUSE_END.matcher(s).region(i, s.length());
          if (k.lookingAt()) {
            end = true;
          }
        }
        if (end || (depth == 0 && (c == ',' || c == ')' || c == ';'))) {
          out.append(withNulls(s.substring(itemStart, i)));
          if (end || c != ',') {
            break;
          }
          out.append(',');
          i++;
          itemStart = i;
          continue;
        }
        if (c == '(') {
          depth++;
        } else if (c == ')') {
          depth--;
        }
        i++;
      }
      copied = i;
    }
    out.append(s.substring(copied));
    return out.toString();
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  private static String withNulls(String item) {
    String trimmed = item.stripTrailing();
    if (trimmed.isBlank() || trimmed.matches("(?is).*\\bnulls\\s+(first|last)")) {
      return item;
    }
    boolean desc = trimmed.matches("(?is).*\\bdesc");
    return trimmed + (desc ? " NULLS LAST" : " NULLS FIRST") + item.substring(trimmed.length());
  }

  /** Prints every part (for a look at the texts): {@code TpcdsQueries [q1 q14a ...]}. */
  public static void main(String[] args) {
    List<String> only = List.of(args);
    for (Part p : all()) {
      if (only.isEmpty() || only.contains(p.name())) {
        System.out.println("-- " + p.name() + "\n" + p.sql() + ";\n");
      }
    }
    System.out.println(String.format(Locale.ROOT, "-- %d parts", all().size()));
  }
}
