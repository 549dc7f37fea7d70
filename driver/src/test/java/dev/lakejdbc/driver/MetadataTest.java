package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What JDBC clients and BI tools read about the lake: names, types, sizes, and an honest read-only stance. */
class MetadataTest {
  static Connection connection;

  @BeforeAll static void open() throws Exception {
    connection = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    connection.close();
  }

  private record Column(String typeName, int dataType, int size, int digits, String nullable) {}

  private static Map<String, Column> columns(Connection c, String table) throws Exception {
    Map<String, Column> columns = new HashMap<>();
    try (ResultSet rs = c.getMetaData().getColumns(null, null, table, null)) {
      while (rs.next()) {
        columns.put(rs.getString("COLUMN_NAME"), new Column(rs.getString("TYPE_NAME"),
            rs.getInt("DATA_TYPE"), rs.getInt("COLUMN_SIZE"), rs.getInt("DECIMAL_DIGITS"),
            rs.getString("IS_NULLABLE")));
      }
    }
    return columns;
  }

  @Test void productAndDriverNamesAndVersion() throws Exception {
    DatabaseMetaData md = connection.getMetaData();
    assertEquals("lake-jdbc", md.getDatabaseProductName());
    assertEquals("lake-jdbc", md.getDriverName());
    assertTrue(md.getDriverVersion().matches("\\d+\\.\\d+\\.\\d+.*"), md.getDriverVersion());
    assertTrue(md.isReadOnly());
    assertTrue(md.getURL().startsWith("jdbc:lake:"), md.getURL());
  }

  @Test void readOnlyAndAutoCommitAreHonest() throws Exception {
    assertTrue(connection.getAutoCommit());
    assertTrue(connection.isReadOnly());
    connection.setAutoCommit(false);
    connection.commit();
    connection.rollback();
    assertEquals(Connection.TRANSACTION_NONE, connection.getTransactionIsolation());
    assertTrue(connection.isWrapperFor(org.apache.calcite.jdbc.CalciteConnection.class));
  }

  @Test void tablesAndPatterns() throws Exception {
    List<String> all = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getTables(null, "lake", "%", null)) {
      while (rs.next()) {
        assertEquals("TABLE", rs.getString("TABLE_TYPE"));
        all.add(rs.getString("TABLE_NAME"));
      }
    }
    assertTrue(all.containsAll(List.of("fact_orders", "dim_date", "transactions", "dim_branches",
        "events", "codes", "measurements")), all.toString());
    assertFalse(all.contains("_temporary"), all.toString());
    List<String> matched = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getTables(null, null, "dim%", null)) {
      while (rs.next()) {
        matched.add(rs.getString("TABLE_NAME"));
      }
    }
    assertEquals(List.of("dim_branches", "dim_date"), matched.stream().sorted().toList());
  }

  @Test void columnsHavePlainTypeNamesAndRealSizes() throws Exception {
    Map<String, Column> c = columns(connection, "fact_orders");
    assertEquals(new Column("BIGINT", Types.BIGINT, 19, 0, "YES"), c.get("order_id"));
    assertEquals(new Column("INTEGER", Types.INTEGER, 10, 0, "YES"), c.get("customer_id"));
    assertEquals(new Column("DECIMAL", Types.DECIMAL, 12, 2, "YES"), c.get("amount"));
    assertEquals(new Column("DOUBLE", Types.DOUBLE, 15, 0, "YES"), c.get("price"));
    assertEquals(new Column("DATE", Types.DATE, 10, 0, "YES"), c.get("dt"));
    Map<String, Column> t = columns(connection, "transactions");
    assertEquals("TIMESTAMP", t.get("txn_ts").typeName());
    assertEquals(Types.TIMESTAMP, t.get("txn_ts").dataType());
    assertEquals(new Column("VARCHAR", Types.VARCHAR, ColumnSizes.UNBOUNDED, 0, "YES"), t.get("channel"));
  }

  @Test void partitionColumnTypesAreInferredOrDeclared() throws Exception {
    assertEquals("DATE", columns(connection, "fact_orders").get("dt").typeName());
    assertEquals("VARCHAR", columns(connection, "codes").get("code").typeName());
    assertEquals("INTEGER", columns(connection, "events").get("day").typeName());
    assertEquals("VARCHAR", columns(connection, "events").get("category").typeName());
    try (Connection c = LakeFixture.connect(";partitionTypeInference=false")) {
      assertEquals("VARCHAR", columns(c, "fact_orders").get("dt").typeName());
      assertEquals("VARCHAR", columns(c, "events").get("day").typeName());
    }
    try (Connection c = LakeFixture.connect(";partitionTypes=dt:varchar,events.day:bigint,day:int")) {
      assertEquals("VARCHAR", columns(c, "fact_orders").get("dt").typeName());
      assertEquals("BIGINT", columns(c, "events").get("day").typeName());
    }
  }

  @Test void resultSetMetadataCarriesTypes() throws Exception {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT amount, dt, order_id, sum(amount) OVER () AS total "
            + "FROM fact_orders LIMIT 1")) {
      ResultSetMetaData md = rs.getMetaData();
      assertEquals(Types.DECIMAL, md.getColumnType(1));
      assertEquals(12, md.getPrecision(1));
      assertEquals(2, md.getScale(1));
      assertEquals(Types.DATE, md.getColumnType(2));
      assertEquals(Types.BIGINT, md.getColumnType(3));
      assertEquals(2, md.getScale(4));
      assertTrue(rs.next());
      assertEquals(java.math.BigDecimal.class, rs.getObject(1).getClass());
      assertEquals(java.sql.Date.class, rs.getObject(2).getClass());
    }
  }

  @Test void namesMatchCaseInsensitively() throws Exception {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM FACT_ORDERS WHERE DT = DATE '2026-01-01' "
            + "AND \"Amount\" > 0")) {
      assertTrue(rs.next());
      assertTrue(rs.getLong(1) > 0);
    }
  }

  @Test void propertyInfoListsTheLakesOwnProperties() throws Exception {
    Driver driver = DriverManager.getDriver("jdbc:lake:/tmp");
    assertEquals(LakeDriver.class, driver.getClass());
    DriverPropertyInfo[] info = driver.getPropertyInfo("jdbc:lake:/tmp", new Properties());
    List<String> names = java.util.Arrays.stream(info).map(i -> i.name).toList();
    assertTrue(names.containsAll(List.of("partitionTypes", "partitionTypeInference")), names.toString());
    for (DriverPropertyInfo i : info) {
      assertNotEquals(null, i.description, i.name);
      assertTrue(i.description.contains("default"), i.description);
    }
  }
}
