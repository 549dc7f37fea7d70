package dev.lakejdbc.driver;

import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What people type in IDEs and shells to look around, which Calcite's parser lacks, as queries over
 * {@code information_schema} ({@link InformationSchema}): {@code SHOW TABLES [FROM|IN schema] [LIKE
 * 'pattern']}, {@code SHOW SCHEMAS} (or {@code DATABASES}), {@code DESCRIBE [TABLE] [schema.]table}
 * (or {@code DESC}) and {@code SHOW COLUMNS FROM|IN [schema.]table [FROM|IN schema]}. Names match
 * case-insensitively, as in queries; the table a statement describes, or the schema it lists, must
 * exist (as in MySQL and DuckDB), which {@link Shown#existence} lets the caller check: no rows would
 * look like a table without columns or an empty schema.
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
   * The query that answers a statement and what it names that must exist: a table ({@code table} and
   * its {@code schema}), a schema ({@code schema} alone, as written after SHOW TABLES FROM), or
   * nothing (both null).
   */
  record Shown(String query, String schema, String table) {
    /** Whether the statement names something that must exist. */
    boolean names() {
      return schema != null;
    }

    /** A query with a row if what the statement names exists, none if not. */
    String existence() {
      return table != null
          ? "SELECT 1 FROM " + InformationSchema.NAME + ".tables WHERE " + tableIs(schema, table)
          : "SELECT 1 FROM " + InformationSchema.NAME + ".schemata WHERE " + equalsName("schema_name", schema);
    }

    /** The error for a named table or schema that does not exist. */
    SQLException unknown() {
      return table != null
          ? new SQLException("Table '" + unquoted(table) + "' not found in schema '" + unquoted(schema) + "'",
              SqlStates.UNKNOWN_TABLE)
          : new SQLException("Schema '" + unquoted(schema) + "' not found", SqlStates.UNKNOWN_SCHEMA);
    }
  }

  /**
   * What answers {@code sql} (already without a trailing semicolon), or null when it is no such
   * statement. {@code schema} is the connection's current schema.
   */
  static Shown rewrite(String sql, String schema) {
    String s = sql.strip();
    Matcher m = SHOW_TABLES.matcher(s);
    if (m.matches()) {
      String like = m.group("like");
      String query = "SELECT table_name FROM " + InformationSchema.NAME + ".tables WHERE "
          + equalsName("table_schema", m.group("schema") == null ? schema : m.group("schema"))
          // A backslash escapes % and _, as in MySQL's SHOW TABLES LIKE.
          + (like == null ? "" : " AND table_name LIKE '" + like + "' ESCAPE '\\'")
          + " ORDER BY table_name";
      return new Shown(query, m.group("schema"), null);
    }
    if (SHOW_SCHEMAS.matcher(s).matches()) {
      return new Shown("SELECT schema_name FROM " + InformationSchema.NAME + ".schemata ORDER BY schema_name",
          null, null);
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

  private static Shown columns(String schema, String table) {
    return new Shown("SELECT column_name, data_type, is_nullable, remarks FROM " + InformationSchema.NAME
        + ".columns WHERE " + tableIs(schema, table) + " ORDER BY ordinal_position", schema, table);
  }

  private static String tableIs(String schema, String table) {
    return equalsName("table_schema", schema) + " AND " + equalsName("table_name", table);
  }

  /** {@code column} equal to a name as written, quoted or not, case-insensitively (as in queries). */
  private static String equalsName(String column, String name) {
    return "lower(" + column + ") = '" + unquoted(name).toLowerCase(Locale.ROOT).replace("'", "''") + "'";
  }

  private static String unquoted(String name) {
    return name.startsWith("\"") || name.startsWith("`") ? name.substring(1, name.length() - 1) : name;
  }
}
