package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What people type in IDEs and shells: SHOW and DESCRIBE, the information_schema views, a trailing
 * semicolon, JDBC escapes, ILIKE. Answers are checked against DuckDB reading the same files, or against
 * the lake's own directory listing for the list of tables.
 */
class IdeSqlTest {
  static DuckDb duck;
  static Connection lake;
  static Path root;

  @BeforeAll static void open() throws Exception {
    root = LakeFixture.lake();
    duck = new DuckDb();
    duck.viewOfTable(root, "fact_orders");
    duck.viewOfTable(root, "dim_date");
    lake = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  private static List<String> column(String sql) throws Exception {
    return Rows.query(lake, sql).stream().map(r -> r.get(0)).toList();
  }

  @Test void showTablesListsTheLakesDirectoriesInOrder() throws Exception {
    List<String> expected;
    try (Stream<Path> entries = Files.list(root)) {
      expected = entries.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
          .map(n -> n.endsWith(".parquet") ? n.substring(0, n.length() - ".parquet".length()) : n)
          .sorted().toList();
    }
    assertEquals(expected, column("SHOW TABLES"));
    assertEquals(expected, column("show tables;"));
    assertEquals(expected, column("SHOW TABLES FROM lake"));
    assertEquals(List.of("dim_date"), column("SHOW TABLES LIKE 'dim\\_d%'"));
    assertEquals(List.of("partitions", "queries", "scans", "tables"), column("SHOW TABLES IN SYS"));
    SQLException e = assertThrows(SQLException.class, () -> column("SHOW TABLES FROM no_such_schema"));
    assertEquals("3F000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("'no_such_schema'"), e.getMessage());
    assertEquals(expected, column("SELECT table_name FROM INFORMATION_SCHEMA.TABLES "
        + "WHERE table_schema = 'lake' AND table_type = 'BASE TABLE' ORDER BY 1"));
  }

  @Test void showSchemas() throws Exception {
    List<String> schemas = column("SHOW SCHEMAS");
    assertTrue(schemas.containsAll(List.of("information_schema", "lake", "sys")), schemas::toString);
    assertEquals(schemas, column("SHOW DATABASES"));
    assertEquals(schemas, column("SELECT schema_name FROM information_schema.schemata ORDER BY 1"));
  }

  @Test void describeShowsTheColumnsDuckDbFinds() throws Exception {
    List<List<String>> described = Rows.query(lake, "DESCRIBE fact_orders");
    Set<String> duckColumns = duck.query("DESCRIBE fact_orders").stream().map(r -> r.get(0))
        .filter(c -> !c.equals("filename")).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(duckColumns, described.stream().map(r -> r.get(0)).collect(Collectors.toCollection(TreeSet::new)));
    assertEquals(List.of("dt", "DATE", "YES", LakeMetaColumnFactory.PARTITION_COLUMN + " (directory level 1)"),
        described.stream().filter(r -> r.get(0).equals("dt")).findFirst().orElseThrow());
    assertEquals(List.of("amount", "DECIMAL"),
        described.stream().filter(r -> r.get(0).equals("amount")).findFirst().orElseThrow().subList(0, 2));
    assertEquals(described, Rows.query(lake, "DESC TABLE lake.FACT_ORDERS;"));
    assertEquals(described, Rows.query(lake, "SHOW COLUMNS FROM fact_orders"));
    assertEquals(described, Rows.query(lake, "SHOW COLUMNS IN \"fact_orders\" FROM lake"));
    // An unknown table is an error naming it, as reading it is, not an empty description.
    for (String sql : List.of("DESCRIBE no_such_table", "DESC TABLE lake.\"no_such_table\"",
        "SHOW COLUMNS FROM no_such_table", "DESCRIBE sys.fact_orders")) {
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(lake, sql), sql);
      assertEquals("42S02", e.getSQLState(), sql);
      assertTrue(e.getMessage().contains(sql.endsWith("sys.fact_orders") ? "'fact_orders' not found in schema 'sys'"
          : "'no_such_table' not found in schema 'lake'"), e.getMessage());
    }
    assertEquals(described, Rows.query(lake, "DESCRIBE fact_orders"), "the connection still works");
    assertEquals(List.of(List.of("amount", "12", "2")), Rows.query(lake, "SELECT column_name, "
        + "numeric_precision, numeric_scale FROM information_schema.columns "
        + "WHERE table_name = 'fact_orders' AND column_name = 'amount'"));
  }

  @Test void trailingSemicolonsAreDropped() throws Exception {
    String sql = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt < DATE '2026-02-01'";
    assertEquals(duck.query(sql), Rows.query(lake, sql + ";"));
    assertEquals(duck.query(sql), Rows.query(lake, sql + " ;\n ; -- done;\n"));
    try (PreparedStatement ps = lake.prepareStatement(sql + " AND qty > ?;")) {
      ps.setInt(1, 2);
      assertEquals(duck.query(sql + " AND qty > 2"), Rows.read(ps.executeQuery()));
    }
    // A semicolon in a literal is the literal's.
    assertEquals(List.of(List.of(";")), Rows.query(lake, "SELECT ';' FROM dim_date LIMIT 1;"));
  }

  @Test void jdbcEscapes() throws Exception {
    assertEquals(duck.query("SELECT date_id FROM dim_date ORDER BY date_id LIMIT 3"),
        Rows.query(lake, "SELECT date_id FROM dim_date ORDER BY date_id {limit 3}"));
    assertEquals(duck.query("SELECT date_id FROM dim_date ORDER BY date_id LIMIT 3 OFFSET 2"),
        Rows.query(lake, "SELECT date_id FROM dim_date ORDER BY date_id { LIMIT 3 OFFSET 2 }"));
    assertEquals(duck.query("SELECT count(*) FROM dim_date WHERE date_type LIKE 'h!_%' ESCAPE '!'"),
        Rows.query(lake, "SELECT count(*) FROM dim_date WHERE date_type LIKE 'h!_%' {escape '!'}"));
    String join = "SELECT count(*) FROM dim_date d LEFT OUTER JOIN fact_orders f ON d.date_id = f.dt "
        + "AND f.qty > 3";
    assertEquals(duck.query(join),
        Rows.query(lake, "SELECT count(*) FROM {oj dim_date d LEFT OUTER JOIN fact_orders f "
            + "ON d.date_id = f.dt AND f.qty > 3}"));
    assertEquals(duck.query("SELECT upper(day_name), DATE '2026-01-01' FROM dim_date WHERE date_id = "
            + "DATE '2026-03-04'"),
        Rows.query(lake, "SELECT {fn UCASE(day_name)}, {d '2026-01-01'} FROM dim_date "
            + "WHERE date_id = {d '2026-03-04'} {limit 1}"));
    // Braces in literals and comments are left alone.
    assertEquals(List.of(List.of("{limit 1}")),
        Rows.query(lake, "SELECT '{limit 1}' /* {limit 2} */ FROM dim_date {limit 1}"));
  }

  /** jOOQ's DEFAULT dialect adds days to a date as {@code dt + ?}; an integer counts days, as in DuckDB. */
  @Test void aDatePlusAnIntegerCountsDays() throws Exception {
    String sql = "SELECT date_id + 1, date_id - 20, 3 + date_id, date_id + CAST(2 AS SMALLINT) FROM dim_date "
        + "WHERE date_id BETWEEN DATE '2026-02-26' AND DATE '2026-03-02' ORDER BY date_id";
    assertEquals(duck.query(sql), Rows.query(lake, sql));
    String param = "SELECT count(*), min(dt + ?), max(dt - ?) FROM fact_orders WHERE dt + ? >= DATE '2026-12-25'";
    try (PreparedStatement ps = lake.prepareStatement(param)) {
      ps.setInt(1, 3);
      ps.setLong(2, 40L);
      ps.setObject(3, 10);
      assertEquals(duck.query(param.replaceFirst("\\?", "3").replaceFirst("\\?", "40")
          .replaceFirst("\\?", "10")), Rows.read(ps.executeQuery()));
      assertEquals(java.sql.Types.INTEGER, ps.getParameterMetaData().getParameterType(1));
    }
  }

  @Test void ilikeAsInPostgreSql() throws Exception {
    assertEquals(duck.query("SELECT count(*) FROM dim_date WHERE date_type ILIKE 'HOLI%'"),
        Rows.query(lake, "SELECT count(*) FROM dim_date WHERE date_type ILIKE 'HOLI%'"));
  }

  /**
   * The PostgreSQL library is on by default for ILIKE; of its operators only POWER shares a standard
   * operator's name, and the standard one still answers.
   */
  @Test void thePostgreSqlLibraryShadowsNoStandardOperator() throws Exception {
    Set<String> standard = SqlStdOperatorTable.instance().getOperatorList().stream()
        .map(o -> o.getName() + "/" + o.getSyntax()).collect(Collectors.toSet());
    Set<String> both = new TreeSet<>();
    for (SqlOperator op : SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(SqlLibrary.POSTGRESQL)
        .getOperatorList()) {
      if (standard.contains(op.getName() + "/" + op.getSyntax())) {
        both.add(op.getName());
      }
    }
    assertEquals(Set.of("POWER"), both);
    String sql = "SELECT power(2.5, 2), power(qty, 2), power(amount, 2) FROM fact_orders "
        + "WHERE dt = DATE '2026-01-03' ORDER BY order_id LIMIT 3";
    try (Connection standardOnly = LakeFixture.connect(";fun=standard")) {
      assertEquals(Rows.query(standardOnly, sql), Rows.query(lake, sql));
      try (var s = lake.createStatement(); var t = standardOnly.createStatement();
           var a = s.executeQuery(sql); var b = t.executeQuery(sql)) {
        for (int i = 1; i <= 3; i++) {
          assertEquals(b.getMetaData().getColumnTypeName(i), a.getMetaData().getColumnTypeName(i));
        }
      }
    }
  }
}
