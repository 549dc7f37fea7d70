package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.catalog.LakeTable;
import dev.lakejdbc.adapter.table.LakeStorage;
import java.sql.Connection;
import java.util.Set;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link DiscoveryAhead}: which tables a statement's text gets discovered ahead of validation, and
 * that no helper outlives it.
 */
class DiscoveryAheadTest {
  @Test void wordsAreTheTextsIdentifierLikeTokensLowerCased() {
    Set<String> words = DiscoveryAhead.words(
        "SELECT count(*) FROM fact_orders f JOIN \"Dim_Date\" d ON f.dt=d.date_id WHERE x<>'a b'");
    assertTrue(words.containsAll(Set.of("select", "count", "fact_orders", "f", "dim_date", "d", "dt",
        "date_id", "x", "a", "b")), words.toString());
    assertFalse(words.contains(""));
  }

  @Test void theTablesATextNamesAreDiscoveredOnceAndNoHelperOutlivesIt() throws Exception {
    try (Connection c = LakeFixture.connect("")) {
      LakeSchema lake = lakeSchema(c);
      assertNull(source(lake, "fact_orders"), "not discovered before");
      assertNull(source(lake, "dim_date"));
      assertNull(source(lake, "branches"));

      // A table named only inside a string literal is discovered too: a wasted discovery, no answer.
      try (DiscoveryAhead ahead = DiscoveryAhead.start(lake,
          "SELECT count(*), 'branches' FROM fact_orders WHERE dt = DATE '2026-07-02'")) {
        assertEquals(2, ahead.helpers());
      }
      assertNotNull(source(lake, "fact_orders"), "discovered by the time close() returns");
      assertNotNull(source(lake, "branches"));
      assertNull(source(lake, "dim_date"), "a table the text does not name stays undiscovered");
      assertTrue(Thread.getAllStackTraces().keySet().stream()
          .noneMatch(t -> t.getName().equals("lake-discovery-ahead")), "helpers have ended");

      try (DiscoveryAhead again = DiscoveryAhead.start(lake, "SELECT * FROM fact_orders")) {
        assertEquals(0, again.helpers(), "an already discovered table needs no helper");
      }
      try (DiscoveryAhead none = DiscoveryAhead.start(lake, "SELECT 1")) {
        assertEquals(0, none.helpers());
      }
    }
  }

  @Test void aLakeOnAnotherFileSystemThanTheLocalDiskGetsNoHelper() throws Exception {
    Configuration conf = new Configuration(false);
    // Hadoop's checksummed local file system stands for any file system the driver reaches through
    // Hadoop: a helper there would run outside the statement's cancel and timeout.
    FileSystem checksummed = FileSystem.getLocal(conf);
    LakeStorage storage = new LakeStorage(checksummed, conf, LakeOptions.DEFAULTS);
    try {
      LakeSchema lake = new LakeSchema(storage, new Path(LakeFixture.lake().toUri()));
      try (DiscoveryAhead ahead = DiscoveryAhead.start(lake, "SELECT * FROM fact_orders")) {
        assertEquals(0, ahead.helpers());
      }
    } finally {
      storage.close();
    }
  }

  private static LakeSchema lakeSchema(Connection c) throws Exception {
    return c.unwrap(CalciteConnection.class).getRootSchema().getSubSchema(LakeDriver.SCHEMA)
        .unwrap(LakeSchema.class);
  }

  /** The table's discovered schema, or null. */
  private static Object source(LakeSchema lake, String table) {
    return ((LakeTable) lake.getTable(table)).source().discoveredSchema();
  }
}
