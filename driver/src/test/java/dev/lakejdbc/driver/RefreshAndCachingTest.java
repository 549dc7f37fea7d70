package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Listings are reused for a short time and plans by statement text; REFRESH forgets both, and tables'
 * schemas, so that what was added to the lake shows.
 */
class RefreshAndCachingTest {
  @TempDir Path lake;

  private static final Schema ROW = SchemaBuilder.record("r").fields().requiredLong("id").endRecord();

  private void write(String relativeFile, long id) throws Exception {
    GenericData.Record r = new GenericData.Record(ROW);
    r.put("id", id);
    ParquetFiles.write(lake.resolve(relativeFile), ROW, List.of(r));
  }

  @Test void refreshShowsNewPartitionsAndTables() throws Exception {
    write("t/p=1/part-0.parquet", 1);
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + ";listingCacheSeconds=3600");
        Statement s = c.createStatement()) {
      String sum = "SELECT count(*), sum(id) FROM t";
      assertEquals(List.of(List.of("1", "1")), Rows.query(c, sum));
      write("t/p=2/part-0.parquet", 2);
      write("u/part-0.parquet", 5);
      // Within the listing's validity the new partition is not seen, and no new table appears.
      assertEquals(List.of(List.of("1", "1")), Rows.query(c, sum));
      assertThrows(SQLException.class, () -> Rows.query(c, "SELECT id FROM u"));
      assertFalse(s.execute("REFRESH"));
      assertEquals(List.of(List.of("2", "3")), Rows.query(c, sum));
      assertEquals(List.of(List.of("5")), Rows.query(c, "SELECT id FROM u"));
      assertEquals(0, s.executeUpdate("refresh table t"));
    }
  }

  @Test void withoutACacheEveryStatementListsAfresh() throws Exception {
    write("t/p=1/part-0.parquet", 1);
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + ";listingCacheSeconds=0")) {
      assertEquals(List.of(List.of("1")), Rows.query(c, "SELECT count(*) FROM t"));
      write("t/p=2/part-0.parquet", 2);
      assertEquals(List.of(List.of("2")), Rows.query(c, "SELECT count(*) FROM t"));
    }
  }

  @Test void aReusedPlanStillTakesEachExecutionsValues() throws Exception {
    for (int p = 1; p <= 3; p++) {
      write("t/p=" + p + "/part-0.parquet", p * 10);
    }
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      String sql = "SELECT sum(id) FROM t WHERE p = ?";
      for (int round = 0; round < 2; round++) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
          for (int p = 1; p <= 3; p++) {
            ps.setInt(1, p);
            try (ResultSet rs = ps.executeQuery()) {
              assertEquals(List.of(List.of(String.valueOf(p * 10))), Rows.read(rs));
            }
          }
        }
      }
      // The same text through two statements at once: each result is its own.
      try (Statement a = c.createStatement(); Statement b = c.createStatement();
          ResultSet ra = a.executeQuery("SELECT id FROM t WHERE p = 1");
          ResultSet rb = b.executeQuery("SELECT id FROM t WHERE p = 1")) {
        assertEquals(Rows.read(ra), Rows.read(rb));
      }
    }
  }
}
