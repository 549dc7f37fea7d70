package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The calls DBeaver's generic driver makes on connect and while browsing, and the probe queries of
 * Metabase and Tableau: each answers sensibly (an empty result, not an exception, where the lake has
 * nothing to say).
 */
class BiToolMetadataTest {
  static Connection connection;
  static DatabaseMetaData md;

  @BeforeAll static void open() throws Exception {
    connection = LakeFixture.connect("");
    md = connection.getMetaData();
  }

  @AfterAll static void close() throws Exception {
    connection.close();
  }

  /** One column of a metadata result set, all rows. */
  private static List<String> column(ResultSet rs, String label) throws SQLException {
    List<String> values = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        values.add(rs.getString(label));
      }
    }
    return values;
  }

  /** The rows of a result set that should be empty, with the JDBC columns it must still declare. */
  private static void assertEmptyWithColumns(ResultSet rs, String... labels) throws SQLException {
    try (rs) {
      ResultSetMetaData meta = rs.getMetaData();
      Set<String> declared = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        declared.add(meta.getColumnLabel(i));
      }
      assertTrue(declared.containsAll(List.of(labels)), declared.toString());
      assertFalse(rs.next(), "a lake has no keys or indexes");
    }
  }

  @Test void connectSequenceOfDbeaver() throws Exception {
    assertTrue(connection.isValid(1));
    connection.setReadOnly(true);
    connection.setReadOnly(false); // a hint (JDBC): the lake stays read-only
    assertTrue(connection.isReadOnly());
    connection.setClientInfo("ApplicationName", "DBeaver 25.1 - Main");
    assertEquals("DBeaver 25.1 - Main", connection.getClientInfo("ApplicationName"));
    assertEquals("DBeaver 25.1 - Main", connection.getClientInfo().getProperty("ApplicationName"));
    Properties replaced = new Properties();
    replaced.setProperty("ClientUser", "analyst");
    connection.setClientInfo(replaced);
    assertNull(connection.getClientInfo("ApplicationName"));
    assertEquals("analyst", connection.getClientInfo("ClientUser"));
    assertEquals("\"", md.getIdentifierQuoteString());
    assertTrue(md.getSQLKeywords() != null);
    column(md.getClientInfoProperties(), "NAME");
  }

  @Test void catalogsSchemasAndTableTypes() throws Exception {
    assertTrue(column(md.getCatalogs(), "TABLE_CAT").size() <= 1);
    List<String> schemas = column(md.getSchemas(), "TABLE_SCHEM");
    assertTrue(schemas.containsAll(List.of("lake", "sys")), schemas.toString());
    assertEquals(List.of("lake"), column(md.getSchemas(null, "la%"), "TABLE_SCHEM"));
    assertTrue(column(md.getTableTypes(), "TABLE_TYPE").contains("TABLE"));
  }

  @Test void browsingEveryTableShowsItsColumnsAndNoKeysOrIndexes() throws Exception {
    List<String> tables = column(md.getTables(null, "lake", "%", null), "TABLE_NAME");
    assertTrue(tables.containsAll(List.of("fact_orders", "dim_date", "transactions")), tables.toString());
    for (String table : tables) {
      assertFalse(column(md.getColumns(null, "lake", table, "%"), "COLUMN_NAME").isEmpty(), table);
      assertEmptyWithColumns(md.getPrimaryKeys(null, "lake", table), "TABLE_NAME", "COLUMN_NAME",
          "KEY_SEQ", "PK_NAME");
      assertEmptyWithColumns(md.getImportedKeys(null, "lake", table), "PKTABLE_NAME", "FKCOLUMN_NAME");
      assertEmptyWithColumns(md.getExportedKeys(null, "lake", table), "PKTABLE_NAME", "FKCOLUMN_NAME");
      assertEmptyWithColumns(md.getIndexInfo(null, "lake", table, false, true), "INDEX_NAME",
          "COLUMN_NAME");
    }
  }

  @Test void typeInfoNamesTheTypesTheLakeHas() throws Exception {
    Map<String, Integer> types = new LinkedHashMap<>();
    try (ResultSet rs = md.getTypeInfo()) {
      while (rs.next()) {
        types.put(rs.getString("TYPE_NAME"), rs.getInt("DATA_TYPE"));
      }
    }
    assertEquals(Types.INTEGER, types.get("INTEGER"));
    assertEquals(Types.BIGINT, types.get("BIGINT"));
    assertEquals(Types.DECIMAL, types.get("DECIMAL"));
    assertEquals(Types.DOUBLE, types.get("DOUBLE"));
    assertEquals(Types.VARCHAR, types.get("VARCHAR"));
    assertEquals(Types.DATE, types.get("DATE"));
    assertEquals(Types.TIMESTAMP, types.get("TIMESTAMP"));
  }

  @Test void functionsAnswerWithoutFailing() throws Exception {
    // The lake defines no functions of its own; the built-in ones are listed by getXxxFunctions.
    column(md.getFunctions(null, null, "%"), "FUNCTION_NAME");
    assertTrue(md.getNumericFunctions().contains("ABS"), md.getNumericFunctions());
  }

  @Test void partitionColumnsSayWhereTheyComeFrom() throws Exception {
    Map<String, String> remarks = new LinkedHashMap<>();
    try (ResultSet rs = md.getColumns(null, "lake", "events", "%")) {
      while (rs.next()) {
        remarks.put(rs.getString("COLUMN_NAME"), rs.getString("REMARKS"));
      }
    }
    // events/category=.../day=.../part-00000.parquet
    assertEquals("partition column (directory level 1)", remarks.get("category"));
    assertEquals("partition column (directory level 2)", remarks.get("day"));
    assertEquals(2, remarks.values().stream().filter(r -> r != null).count(), remarks.toString());
  }

  @Test void tablePatternsFilterLikeLike() throws Exception {
    List<String> all = column(md.getTables(null, "lake", "%", null), "TABLE_NAME");
    assertEquals(filter(all, "dim_.*"), sorted(column(md.getTables(null, "lake", "dim%", null),
        "TABLE_NAME")));
    // '_' is one character: dim_dat_ matches dim_date only.
    assertEquals(List.of("dim_date"), column(md.getTables(null, null, "dim_dat_", null), "TABLE_NAME"));
    assertEquals(List.of("dim_date"), column(md.getTables(null, "l_ke", "dim\\_da_e", null),
        "TABLE_NAME"));
    assertEquals(filter(all, "dim.branches"), column(md.getTables(null, "lake", "dim_branches", null),
        "TABLE_NAME"));
    assertEquals(List.of(), column(md.getTables(null, "lake", "dim\\_dat", null), "TABLE_NAME"));
    assertEquals(List.of(), column(md.getTables(null, "lake", "no_such%", null), "TABLE_NAME"));
    assertEquals(List.of(), column(md.getTables(null, "lake", "%", new String[] {"VIEW"}), "TABLE_NAME"));
    assertEquals(sorted(all), sorted(column(md.getTables(null, "lake", "%", new String[] {"TABLE"}),
        "TABLE_NAME")));
  }

  @Test void columnPatternsFilterLikeLike() throws Exception {
    List<String> all = column(md.getColumns(null, "lake", "fact_orders", "%"), "COLUMN_NAME");
    assertEquals(filter(all, ".*_id"), sorted(column(md.getColumns(null, "lake", "fact_orders", "%_id"),
        "COLUMN_NAME")));
    List<String> tablesWithDt = column(md.getColumns(null, "lake", "%", "dt"), "TABLE_NAME");
    assertTrue(tablesWithDt.contains("fact_orders"), tablesWithDt.toString());
    assertFalse(tablesWithDt.contains("dim_date"), tablesWithDt.toString());
    assertEquals(List.of("day"), column(md.getColumns(null, "lake", "events", "d_y"), "COLUMN_NAME"));
  }

  @Test void metabaseProbeReturnsItsEmptyResultAndTouchesNoFile() throws Exception {
    long scansBefore = scans();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT TRUE AS \"_\" FROM fact_orders WHERE 1 <> 1 LIMIT 0")) {
      assertEquals(1, rs.getMetaData().getColumnCount());
      assertEquals("_", rs.getMetaData().getColumnLabel(1));
      assertEquals(Types.BOOLEAN, rs.getMetaData().getColumnType(1));
      assertFalse(rs.next());
    }
    assertEquals(scansBefore, scans(), "the probe must not scan the table");
  }

  @Test void tableauProbeDescribesTheColumnsLikeGetColumns() throws Exception {
    Map<String, Integer> expected = new LinkedHashMap<>();
    try (ResultSet rs = md.getColumns(null, "lake", "fact_orders", "%")) {
      while (rs.next()) {
        expected.put(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"));
      }
    }
    long scansBefore = scans();
    Map<String, Integer> described = new LinkedHashMap<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM fact_orders WHERE 1 = 0")) {
      ResultSetMetaData meta = rs.getMetaData();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        described.put(meta.getColumnLabel(i), meta.getColumnType(i));
      }
      assertFalse(rs.next());
    }
    assertEquals(expected, described);
    assertEquals(scansBefore, scans(), "the probe must not scan the table");
  }

  private static long scans() throws SQLException {
    return Long.parseLong(Rows.query(connection, "SELECT count(*) FROM sys.scans").get(0).get(0));
  }

  private static List<String> filter(List<String> names, String regex) {
    return names.stream().filter(n -> n.matches(regex)).sorted().toList();
  }

  private static List<String> sorted(List<String> names) {
    return names.stream().sorted().toList();
  }
}
