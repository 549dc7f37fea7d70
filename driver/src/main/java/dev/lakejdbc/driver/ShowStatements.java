package dev.lakejdbc.driver;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What people type in IDEs and shells to look around, which Calcite's parser lacks, as queries over
 * {@code information_schema} ({@link InformationSchema}): {@code SHOW TABLES [FROM|IN schema] [LIKE
 * 'pattern']}, {@code SHOW SCHEMAS} (or {@code DATABASES}), {@code DESCRIBE [TABLE] [schema.]table}
 * (or {@code DESC}) and {@code SHOW COLUMNS FROM|IN [schema.]table [FROM|IN schema]}. Names match
 * case-insensitively, as in queries; an unknown table describes as no rows.
 */
final class ShowStatements {
  private static String name(String group) {
    return "(?<" + group + ">\"[^\"]+\"|`[^`]+`|[\\w$]+)";
  }

  private static final Pattern SHOW_TABLES = Pattern.compile(
      "SHOW\\s+(FULL\\s+)?TABLES(\\s+(FROM|IN)\\s+" + name("schema") + ")?(\\s+LIKE\\s+'(?<like>(''|[^'])*)')?",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern SHOW_SCHEMAS = Pattern.compile("SHOW\\s+(SCHEMAS|DATABASES)",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern DESCRIBE = Pattern.compile(
      "(DESCRIBE|DESC)(\\s+TABLE)?\\s+(" + name("schema") + "\\.)?" + name("table"), Pattern.CASE_INSENSITIVE);
  private static final Pattern SHOW_COLUMNS = Pattern.compile(
      "SHOW\\s+COLUMNS\\s+(FROM|IN)\\s+(" + name("schema") + "\\.)?" + name("table")
          + "(\\s+(FROM|IN)\\s+" + name("inSchema") + ")?",
      Pattern.CASE_INSENSITIVE);

  private ShowStatements() {}

  /**
   * The query that answers {@code sql} (already without a trailing semicolon), or null when it is no
   * such statement. {@code schema} is the connection's current schema.
   */
  static String rewrite(String sql, String schema) {
    String s = sql.strip();
    Matcher m = SHOW_TABLES.matcher(s);
    if (m.matches()) {
      String like = m.group("like");
      return "SELECT table_name FROM " + InformationSchema.NAME + ".tables WHERE "
          + equalsName("table_schema", m.group("schema") == null ? schema : m.group("schema"))
          // A backslash escapes % and _, as in MySQL's SHOW TABLES LIKE.
          + (like == null ? "" : " AND table_name LIKE '" + like + "' ESCAPE '\\'")
          + " ORDER BY table_name";
    }
    if (SHOW_SCHEMAS.matcher(s).matches()) {
      return "SELECT schema_name FROM " + InformationSchema.NAME + ".schemata ORDER BY schema_name";
    }
    m = DESCRIBE.matcher(s);
    if (m.matches()) {
      return columns(m.group("schema") == null ? schema : m.group("schema"), m.group("table"));
    }
    m = SHOW_COLUMNS.matcher(s);
    if (m.matches()) {
      String tableSchema = m.group("inSchema") != null ? m.group("inSchema")
          : m.group("schema") != null ? m.group("schema") : schema;
      return columns(tableSchema, m.group("table"));
    }
    return null;
  }

  private static String columns(String schema, String table) {
    return "SELECT column_name, data_type, is_nullable, remarks FROM " + InformationSchema.NAME
        + ".columns WHERE " + equalsName("table_schema", schema) + " AND "
        + equalsName("table_name", table) + " ORDER BY ordinal_position";
  }

  /** {@code column} equal to a name as written, quoted or not, case-insensitively (as in queries). */
  private static String equalsName(String column, String name) {
    String plain = name.startsWith("\"") || name.startsWith("`") ? name.substring(1, name.length() - 1) : name;
    return "lower(" + column + ") = '" + plain.toLowerCase(Locale.ROOT).replace("'", "''") + "'";
  }
}
