package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input ErrorsTest does not cover: files and partitions that appear, vanish or change between
 * planning and execution, odd partition directory names, an unreadable directory, and URLs. Each either
 * answers sanely or fails with a SQLState and the path or name at fault — never an NPE or a value of
 * the wrong type.
 */
class BadInputTest {
  private static final Schema ID_LONG = SchemaBuilder.record("r").fields().requiredLong("id").endRecord();
  private static final Schema ID_STRING = SchemaBuilder.record("r").fields().requiredString("id").endRecord();
  private static final Schema ID_AND_EXTRA = SchemaBuilder.record("r").fields().requiredLong("id")
      .requiredString("extra").endRecord();
  /** Each execution lists afresh; or the listing of the first execution is reused by the second. */
  private static final String FRESH = ";listingCacheSeconds=0";
  private static final String CACHED = ";listingCacheSeconds=3600";

  @TempDir Path lake;

  private static void write(Path file, Schema schema, Object... ids) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    for (Object id : ids) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("id", id);
      if (schema.getField("extra") != null) {
        r.put("extra", "x");
      }
      records.add(r);
    }
    ParquetFiles.write(file, schema, records);
  }

  private static SQLException assertSqlState(String state, String named, Executable action) {
    SQLException e = assertThrows(SQLException.class, action);
    assertEquals(state, e.getSQLState(), () -> "SQLState of: " + e.getMessage());
    assertTrue(e.getMessage().contains(named), () -> "message should name '" + named + "': " + e.getMessage());
    return e;
  }

  private Connection connect(String properties) throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + lake + properties);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Test void aFileDeletedBetweenPrepareAndExecute() throws Exception {
    write(lake.resolve("t/p=1/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("t/p=1/part-1.parquet"), ID_LONG, 2L);
    write(lake.resolve("t/p=2/part-0.parquet"), ID_LONG, 3L);
    Path victim = lake.resolve("t/p=1/part-1.parquet");
    // Listing reused: the file is still listed, and opening it fails naming it.
    try (Connection c = connect(CACHED); PreparedStatement ps = c.prepareStatement("SELECT sum(id) FROM t")) {
      assertEquals(List.of(List.of("6")), Rows.read(ps.executeQuery()));
      Files.delete(victim);
      SQLException gone = assertSqlState("58030", "t/p=1/part-1.parquet", () -> Rows.read(ps.executeQuery()));
      assertTrue(gone.getMessage().contains("does not exist"), gone::getMessage);
    }
    // Listed afresh: the file is simply gone.
    write(victim, ID_LONG, 2L);
    try (Connection c = connect(FRESH); PreparedStatement ps = c.prepareStatement("SELECT sum(id) FROM t")) {
      assertEquals(List.of(List.of("6")), Rows.read(ps.executeQuery()));
      Files.delete(victim);
      assertEquals(List.of(List.of("4")), Rows.read(ps.executeQuery()));
    }
  }

  @Test void aPartitionDeletedBetweenPrepareAndExecute() throws Exception {
    write(lake.resolve("t/p=1/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("t/p=2/part-0.parquet"), ID_LONG, 2L);
    try (Connection c = connect(CACHED); PreparedStatement ps = c.prepareStatement("SELECT p, id FROM t")) {
      assertEquals(2, Rows.read(ps.executeQuery()).size());
      deleteTree(lake.resolve("t/p=2"));
      assertSqlState("58030", "t/p=2", () -> Rows.read(ps.executeQuery()));
    }
    write(lake.resolve("t/p=2/part-0.parquet"), ID_LONG, 2L);
    try (Connection c = connect(FRESH); PreparedStatement ps = c.prepareStatement("SELECT p, id FROM t")) {
      assertEquals(2, Rows.read(ps.executeQuery()).size());
      deleteTree(lake.resolve("t/p=2"));
      assertEquals(List.of(List.of("1", "1")), Rows.read(ps.executeQuery()));
    }
  }

  @Test void aFileAddedAfterPlanningIsReadOrRefusedNeverMistyped() throws Exception {
    write(lake.resolve("t/p=1/part-0.parquet"), ID_LONG, 1L);
    try (Connection c = connect(FRESH); PreparedStatement ps = c.prepareStatement("SELECT p, id FROM t")) {
      assertEquals(List.of(List.of("1", "1")), Rows.read(ps.executeQuery()));
      // Same column types (and a column the table does not have): read, the extra column ignored.
      write(lake.resolve("t/p=2/part-0.parquet"), ID_AND_EXTRA, 2L);
      assertEquals(Rows.multiset(List.of(List.of("1", "1"), List.of("2", "2"))),
          Rows.multiset(Rows.read(ps.executeQuery())));
      // id as a string where the table says BIGINT: refused when its footer is reconciled with the
      // table's schema on open (a type mismatch, as at discovery), naming the file and REFRESH.
      write(lake.resolve("t/p=3/part-0.parquet"), ID_STRING, "three");
      SQLException e = assertSqlState("42804", "t/p=3/part-0.parquet", () -> Rows.read(ps.executeQuery()));
      assertTrue(e.getMessage().contains("REFRESH"), e.getMessage());
      // A new connection discovers the conflict itself.
      try (Connection fresh = connect(FRESH)) {
        assertSqlState("42804", "t/p=3/part-0.parquet", () -> Rows.query(fresh, "SELECT id FROM t"));
      }
    }
  }

  @Test void aFileRewrittenBetweenExecutionsIsReadAsItIsNow() throws Exception {
    Path file = lake.resolve("t/p=1/part-0.parquet");
    write(file, ID_LONG, 1L, 2L, 3L);
    try (Connection c = connect(FRESH); PreparedStatement ps = c.prepareStatement("SELECT count(*), sum(id) FROM t")) {
      assertEquals(List.of(List.of("3", "6")), Rows.read(ps.executeQuery()));
      Files.delete(file);
      write(file, ID_LONG, 100L, 200L, 300L, 400L);
      assertEquals(List.of(List.of("4", "1000")), Rows.read(ps.executeQuery()));
    }
  }

  /**
   * Within the listing cache the listed length and modification time are stale: the file must be read
   * as it is now (its footer read again), not with the old footer's offsets.
   */
  @Test void aFileRewrittenInPlaceWithinTheListingCacheIsReadAsItIsNow() throws Exception {
    Path file = lake.resolve("t/p=1/part-0.parquet");
    write(file, ID_LONG, 1L, 2L, 3L);
    write(lake.resolve("t/p=2/part-0.parquet"), ID_LONG, 10L);
    try (Connection c = connect(CACHED); PreparedStatement ps = c.prepareStatement(
        "SELECT count(*), sum(id) FROM t WHERE p = 1");
        DuckDb duck = new DuckDb()) {
      duck.viewOfTable(lake, "t");
      String same = "SELECT count(*), sum(id) FROM t WHERE p = 1";
      Rows.assertSameRows(duck.query(same), Rows.read(ps.executeQuery()), false, "before");
      Files.delete(file);
      write(file, ID_LONG, 100L, 200L, 300L, 400L, 500L, 600L, 700L);
      Rows.assertSameRows(duck.query(same), Rows.read(ps.executeQuery()), false, "rewritten");
      Rows.assertSameRows(duck.query("SELECT count(*) FROM t"), Rows.query(c, "SELECT count(*) FROM t"),
          false, "count from footers");
    }
  }

  @Test void oddPartitionDirectoryNamesReadSanelyOrNameThePath() throws Exception {
    write(lake.resolve("empty_value/p=/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("empty_value/p=x/part-0.parquet"), ID_LONG, 2L);
    write(lake.resolve("bad_escape/p=%ZZ/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("bad_escape/p=%4/part-0.parquet"), ID_LONG, 2L);
    write(lake.resolve("two_equals/p=a=b/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("no_column/=v/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("upper_case/P=1/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("upper_case/p=2/part-0.parquet"), ID_LONG, 2L);
    try (Connection c = connect("")) {
      // An empty value stays an empty string (Hive writes NULL as __HIVE_DEFAULT_PARTITION__).
      assertEquals("[[1, ], [2, x]]", Rows.query(c, "SELECT id, p FROM empty_value ORDER BY id").toString());
      // A malformed %-escape is kept as written, like Hive's unescapePathName.
      assertEquals("[[1, %ZZ], [2, %4]]", Rows.query(c, "SELECT id, p FROM bad_escape ORDER BY id").toString());
      assertEquals("[[1, a=b]]", Rows.query(c, "SELECT id, p FROM two_equals").toString());
      assertSqlState("22000", "no_column/=v", () -> Rows.query(c, "SELECT * FROM no_column"));
      // Column names are lower-cased: P=1 and p=2 are one column.
      assertEquals("[[1, 1], [2, 2]]", Rows.query(c, "SELECT id, p FROM upper_case ORDER BY id").toString());
    }
  }

  @Test void theSameColumnAtTwoLevelsIsALayoutError() throws Exception {
    write(lake.resolve("twice/p=1/p=2/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("once/p=1/part-0.parquet"), ID_LONG, 1L);
    try (Connection c = connect("")) {
      assertSqlState("22000", "twice/p=1/p=2", () -> Rows.query(c, "SELECT * FROM twice"));
      assertSqlState("22000", "twice/p=1/p=2", () -> Rows.query(c, "SELECT count(*) FROM twice"));
      // The other tables of the lake are not affected.
      assertEquals(List.of(List.of("1", "1")), Rows.query(c, "SELECT id, p FROM once"));
    }
  }

  @Test void anUnreadableDirectoryNamesThePath() throws Exception {
    // Permissions do not stop root: the case cannot be made there (CI containers often run as root).
    assumeFalse("root".equals(System.getProperty("user.name")), "running as root: chmod does not stop reads");
    write(lake.resolve("t/p=1/part-0.parquet"), ID_LONG, 1L);
    write(lake.resolve("t/p=2/part-0.parquet"), ID_LONG, 2L);
    Path locked = lake.resolve("t/p=2");
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    try (Connection c = connect("")) {
      assertSqlState("58030", "t/p=2", () -> Rows.query(c, "SELECT * FROM t"));
      assertEquals(List.of(List.of("1")), Rows.query(c, "SELECT count(*) FROM t WHERE p = 1"));
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test void urlsThatCannotWork() throws Exception {
    write(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    assertSqlState("08001", "not a directory",
        () -> DriverManager.getConnection("jdbc:lake:" + lake.resolve("t/part-0.parquet")));
    assertSqlState("08001", "nosuchscheme", () -> DriverManager.getConnection("jdbc:lake:nosuchscheme://x/y"));
    assertSqlState("08001", "dpp", () -> connect(";dpp=maybe"));
    assertSqlState("08001", "dppMaxKeys", () -> connect(";dppMaxKeys=-1"));
    assertSqlState("08001", "dppDimensionThreshold", () -> connect(";dppDimensionThreshold=10XB"));
    assertSqlState("08001", "listingCacheSeconds", () -> connect(";listingCacheSeconds=soon"));
    assertSqlState("08001", "decimal(99,2)", () -> connect(";partitionTypes=p:decimal(99,2)"));
  }
}
