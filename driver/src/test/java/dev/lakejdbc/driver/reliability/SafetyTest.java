package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.Rows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The driver never writes to the lake, no name reaches outside its root, and symbolic links that lead
 * outside the root are not followed.
 */
class SafetyTest {
  static final long SEED = DifferentialTest.BASE_SEED + 3;
  /** Random queries run here; DifferentialTest checks the tree of each of its lakes around its own. */
  static final int QUERIES = 25;

  @TempDir Path dir;

  /**
   * Every path under {@code root}, not following links: its type, size, modification time and, for a
   * file, a CRC32 of its bytes. Directories' modification times catch a file created and deleted again.
   */
  static List<String> tree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      List<String> lines = new ArrayList<>();
      for (Path p : paths.sorted().toList()) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        String line = root.relativize(p) + " " + (a.isDirectory() ? "d" : a.isSymbolicLink() ? "l" : "f")
            + " " + a.size() + " " + a.lastModifiedTime().toInstant();
        if (a.isRegularFile()) {
          CRC32 crc = new CRC32();
          crc.update(Files.readAllBytes(p));
          line += " crc=" + Long.toHexString(crc.getValue());
        }
        lines.add(line);
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test void aFullQuerySetLeavesTheLakeTreeAsItWas() throws Exception {
    RandomLake lake = RandomLake.write(SEED, dir.resolve("lake"));
    // The whole temporary directory: nothing may appear next to the root either.
    List<String> before = tree(dir);
    RandomQueries generator = new RandomQueries(lake);
    try (Differential differential = new Differential(lake)) {
      for (int q = 0; q < QUERIES; q++) {
        RandomQueries.Query query = generator.query(q);
        assertNull(differential.check(query).mismatch(), () -> "seed " + SEED + ": " + query.sql());
      }
    }
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake.root + lake.properties());
        Statement s = c.createStatement()) {
      String p = lake.partitionColumns.get(0).name();
      for (String sql : List.of(
          "EXPLAIN SELECT count(*) FROM f WHERE " + p + " IS NOT NULL",
          "EXPLAIN ANALYZE SELECT " + p + ", count(*), sum(amount) FROM f GROUP BY " + p,
          "EXPLAIN ANALYZE SELECT count(*) FROM f JOIN dim_p d ON f." + lake.dimPKey.name()
              + " = d.k WHERE d.grp = 'g1'",
          "SELECT * FROM sys.scans", "SELECT * FROM sys.partitions", "SELECT * FROM f", "SELECT * FROM dim_i")) {
        try (ResultSet rs = s.executeQuery(sql)) {
          Rows.read(rs);
        }
      }
      assertFalse(s.execute("REFRESH"));
      assertEquals(0, s.executeUpdate("REFRESH TABLE f"));
      try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM f WHERE " + p + " = ?")) {
        ps.setObject(1, lake.partitionColumns.get(0).domain().get(0));
        Rows.read(ps.executeQuery());
      }
      try (ResultSet rs = c.getMetaData().getColumns(null, null, "%", "%")) {
        Rows.read(rs);
      }
      // Writes are refused before they are planned.
      for (String write : List.of("INSERT INTO f (id) VALUES (1)", "DELETE FROM f", "DROP TABLE f",
          "CREATE TABLE g (a INT)", "UPDATE f SET i = 1")) {
        SQLException e = assertThrows(SQLException.class, () -> s.execute(write));
        assertEquals("25006", e.getSQLState(), write);
      }
    }
    assertEquals(before, tree(dir), "the lake tree after the queries");
  }

  @ParameterizedTest
  @ValueSource(strings = {"..", ".", "../outside", "../../outside", "./f", "f/..", "f/../dim_p",
      "/tmp", "~", "f/p1=1", "..\\outside", "%2E%2E", ".hidden", "_temporary", "lake"})
  void noNameReachesOutsideTheRoot(String name) throws Exception {
    Path root = dir.resolve("lake");
    write(root.resolve("f/p1=1/part-00000.parquet"), 1);
    write(root.resolve("dim_p/part-00000.parquet"), 2);
    write(root.resolve(".hidden/part-00000.parquet"), 3);
    write(root.resolve("_temporary/part-00000.parquet"), 4);
    // Tables a path could reach if names were paths: next to the root and one level up.
    write(dir.resolve("outside/part-00000.parquet"), 5);
    write(dir.resolve("lake-sibling/part-00000.parquet"), 6);
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + root);
        Statement s = c.createStatement()) {
      String quoted = "\"" + name.replace("\"", "\"\"") + "\"";
      for (String sql : List.of("SELECT count(*) FROM " + quoted, "SELECT count(*) FROM lake." + quoted)) {
        SQLException e = assertThrows(SQLException.class, () -> Rows.read(s.executeQuery(sql)), sql);
        assertEquals("42S02", e.getSQLState(), () -> sql + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(name), () -> "names " + name + ": " + e.getMessage());
      }
      assertEquals(List.of(List.of("1")), Rows.query(c, "SELECT count(*) FROM f"));
    }
  }

  @Test void symbolicLinksLeadingOutsideTheRootAreNotFollowed() throws Exception {
    Path root = dir.resolve("lake");
    write(root.resolve("t/p=1/part-00000.parquet"), 1, 2);
    write(root.resolve("t/p=2/part-00000.parquet"), 3);
    Path outside = dir.resolve("outside");
    write(outside.resolve("table/part-00000.parquet"), 100);
    write(outside.resolve("p=9/part-00000.parquet"), 900);
    write(outside.resolve("file.parquet"), 1000);
    // Leading outside: a table, a single-file table, a partition, a data file.
    Files.createSymbolicLink(root.resolve("escaped"), outside.resolve("table"));
    Files.createSymbolicLink(root.resolve("escaped_file.parquet"), outside.resolve("file.parquet"));
    Files.createSymbolicLink(root.resolve("t/p=9"), outside.resolve("p=9"));
    Files.createSymbolicLink(root.resolve("t/p=1/part-00001.parquet"), outside.resolve("file.parquet"));
    // Relative, and inside the table or the root: followed.
    Files.createSymbolicLink(root.resolve("t/p=3"), Path.of("p=2"));
    Files.createSymbolicLink(root.resolve("alias"), Path.of("t"));
    // A root reached through a link is still the root.
    Path linkedRoot = Files.createSymbolicLink(dir.resolve("linked-lake"), root);
    List<String> before = tree(dir);

    for (Path lake : List.of(root, linkedRoot)) {
      try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake); Statement s = c.createStatement()) {
        for (String table : List.of("escaped", "escaped_file")) {
          SQLException e = assertThrows(SQLException.class,
              () -> Rows.read(s.executeQuery("SELECT * FROM " + table)));
          assertEquals("42S02", e.getSQLState(), e::getMessage);
        }
        List<List<String>> tables = Rows.read(c.getMetaData().getTables(null, "lake", "%", null));
        assertEquals(List.of("alias", "t"), tables.stream().map(r -> r.get(2)).sorted().toList());
        // p=9 and the linked data file are not read; p=3 (a link to p=2 inside the table) is.
        String expected = "[[1, 2, 3], [2, 1, 3], [3, 1, 3]]";
        assertEquals(expected, Rows.query(c,
            "SELECT p, count(*), sum(id) FROM t GROUP BY p ORDER BY p").toString(), lake.toString());
        assertEquals(expected, Rows.query(c,
            "SELECT p, count(*), sum(id) FROM alias GROUP BY p ORDER BY p").toString());
        assertEquals(List.of(List.of("0")), Rows.query(c, "SELECT count(*) FROM t WHERE p = 9"));
        assertEquals(List.of("p=1", "p=2", "p=3"), Rows.query(c,
            "SELECT \"partition\" FROM sys.partitions WHERE table_name = 't' ORDER BY 1").stream()
            .map(r -> r.get(0)).toList());
      }
    }
    assertEquals(before, tree(dir));
  }

  /**
   * A link whose target is gone is skipped like one leading outside, as a file and as a table: it once
   * failed the whole directory (and, for the root, every query of the lake) with 58030.
   */
  @Test void aDanglingLinkIsSkipped() throws Exception {
    Path root = dir.resolve("lake");
    write(root.resolve("t/p=1/part-00000.parquet"), 1);
    Files.createSymbolicLink(root.resolve("t/p=1/part-00001.parquet"), dir.resolve("gone.parquet"));
    Files.createSymbolicLink(root.resolve("gone"), dir.resolve("gone"));
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + root)) {
      assertEquals(List.of(List.of("1")), Rows.query(c, "SELECT count(*) FROM t"));
    }
  }

  private static void write(Path file, long... ids) throws IOException {
    Schema schema = SchemaBuilder.record("r").fields().requiredLong("id").endRecord();
    List<GenericRecord> records = new ArrayList<>();
    for (long id : ids) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("id", id);
      records.add(r);
    }
    ParquetFiles.write(file, schema, records);
  }
}
