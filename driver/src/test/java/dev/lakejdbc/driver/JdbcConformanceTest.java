package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What JDBC says a driver answers and pools, frameworks and IDEs rely on: sizes as JDBC defines them,
 * searchable columns, getTables in the prescribed order, capability questions answered, refusals as
 * SQLFeatureNotSupportedException with 0A000, scrollable result sets downgraded with a warning, no
 * network timeout (HikariCP), and a driver found from its URL alone.
 */
class JdbcConformanceTest {
  static Connection connection;

  @BeforeAll static void open() throws Exception {
    connection = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    connection.close();
  }

  @Test void displaySizeIsTheLengthOfTheLongestValuesText() throws Exception {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT txn_ts, txn_date, amount, txn_id, account_id, channel, amount * 2 AS twice "
            + "FROM transactions LIMIT 1")) {
      ResultSetMetaData md = rs.getMetaData();
      assertEquals("2026-07-08 12:34:56.789012".length(), md.getColumnDisplaySize(1)); // TIMESTAMP(6)
      assertEquals("2026-07-08".length(), md.getColumnDisplaySize(2));
      assertEquals("-1234567890.12".length(), md.getColumnDisplaySize(3)); // DECIMAL(12,2)
      assertEquals(String.valueOf(Long.MIN_VALUE).length(), md.getColumnDisplaySize(4));
      assertEquals(String.valueOf(Integer.MIN_VALUE).length(), md.getColumnDisplaySize(5));
      assertEquals(ColumnSizes.UNBOUNDED, md.getColumnDisplaySize(6));
      assertEquals(ColumnSizes.UNBOUNDED, md.getPrecision(6));
      // Base columns can be filtered on (DBeaver greys out its filter otherwise); an expression not.
      for (int i = 1; i <= 6; i++) {
        assertTrue(md.isSearchable(i), md.getColumnLabel(i));
      }
      assertFalse(md.isSearchable(7));
    }
  }

  @Test void getTablesIsInJdbcsOrder() throws Exception {
    List<String> keys = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getTables(null, null, "%", null)) {
      while (rs.next()) {
        keys.add(rs.getString("TABLE_TYPE") + "|" + rs.getString("TABLE_SCHEM") + "|"
            + rs.getString("TABLE_NAME"));
        assertNull(rs.getString("TABLE_CAT"));
      }
    }
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(null);
    assertEquals(sorted, keys);
    assertTrue(keys.contains("TABLE|lake|fact_orders") && keys.contains("VIEW|information_schema|tables"),
        keys::toString);
  }

  @Test void capabilityQuestionsAreAnswered() throws Exception {
    DatabaseMetaData md = connection.getMetaData();
    for (int type : new int[] {ResultSet.TYPE_FORWARD_ONLY, ResultSet.TYPE_SCROLL_INSENSITIVE}) {
      assertFalse(md.ownUpdatesAreVisible(type));
      assertFalse(md.ownDeletesAreVisible(type));
      assertFalse(md.ownInsertsAreVisible(type));
      assertFalse(md.othersUpdatesAreVisible(type));
      assertFalse(md.othersDeletesAreVisible(type));
      assertFalse(md.othersInsertsAreVisible(type));
      assertFalse(md.updatesAreDetected(type));
      assertFalse(md.deletesAreDetected(type));
      assertFalse(md.insertsAreDetected(type));
    }
    assertTrue(md.supportsResultSetHoldability(md.getResultSetHoldability()));
    assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
    assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
  }

  @Test void unsupportedFeaturesAreSqlFeatureNotSupportedWith0A000() throws Exception {
    SQLFeatureNotSupportedException e = assertThrows(SQLFeatureNotSupportedException.class,
        () -> connection.createBlob());
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("createBlob"), e::toString);
    // HikariCP asks, and must be told there is none.
    SQLFeatureNotSupportedException timeout = assertThrows(SQLFeatureNotSupportedException.class,
        () -> connection.setNetworkTimeout(Executors.newSingleThreadExecutor(), 1000));
    assertEquals("0A000", timeout.getSQLState());
    assertThrows(SQLFeatureNotSupportedException.class, () -> connection.getNetworkTimeout());
  }

  @Test void aScrollableResultSetIsDowngradedWithAWarning() throws Exception {
    try (Connection c = LakeFixture.connect("")) {
      assertNull(c.getWarnings());
      try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
           ResultSet rs = s.executeQuery("SELECT date_id FROM dim_date LIMIT 2")) {
        assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
        assertTrue(rs.next());
      }
      SQLWarning warning = c.getWarnings();
      assertNotNull(warning);
      assertTrue(warning.getMessage().contains("forward-only"), warning::toString);
      try (PreparedStatement ps = c.prepareStatement("SELECT 1", ResultSet.TYPE_FORWARD_ONLY,
          ResultSet.CONCUR_UPDATABLE)) {
        assertEquals(ResultSet.CONCUR_READ_ONLY, ps.getResultSetConcurrency());
      }
      assertNotNull(c.getWarnings().getNextWarning());
      c.clearWarnings();
      assertNull(c.getWarnings());
    }
  }

  @Test void theDriverIsFoundFromItsUrlAlone() throws Exception {
    String url = "jdbc:lake:" + LakeFixture.lake();
    Driver driver = DriverManager.getDriver(url);
    assertEquals(LakeDriver.class, driver.getClass());
    assertTrue(driver.acceptsURL(url));
    assertFalse(driver.acceptsURL("jdbc:postgresql://localhost/db"));
  }
}
