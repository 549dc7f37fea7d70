package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.LakeTree.children;
import static dev.lakejdbc.testdata.LakeTree.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EdgeCaseLakeTest {
  @TempDir static Path root;

  @BeforeAll
  static void generate() throws IOException {
    EdgeCaseLake.write(root);
  }

  @Test
  void tablesSitDirectlyUnderTheRoot() throws IOException {
    assertEquals(List.of("codes", "events", "measurements.parquet"), children(root));
    assertTrue(Files.isRegularFile(root.resolve("measurements.parquet")));
  }

  @Test
  void eventCategoriesAreHiveEscaped() throws IOException {
    assertEquals(List.of("_SUCCESS", "_temporary", "category=100%25", "category=__HIVE_DEFAULT_PARTITION__",
        "category=a%2Fb", "category=books", "category=x y%3Az", "category=é-ü"),
        children(root.resolve("events")));
    assertEquals(List.of("day=1", "day=10", "day=2"), children(root.resolve("events/category=a%2Fb")));
  }

  @Test
  void eventsHaveNineteenFilesOneLeafWithTwo() throws IOException {
    Path events = root.resolve("events");
    assertEquals(19, LakeTree.dataFiles(events).size());
    assertEquals(List.of("part-00000.parquet", "part-00001.parquet"),
        children(events.resolve("category=books/day=2")));
    List<GenericRecord> rows = records(events);
    assertEquals(19 * 4, rows.size());
    assertEquals(76, rows.stream().map(r -> r.get("id")).distinct().count());
    assertTrue(rows.stream().anyMatch(r -> r.get("note") == null));
    assertTrue(rows.stream().anyMatch(r -> r.get("note") != null));
  }

  @Test
  void onlyDayTenFilesHaveScore() throws IOException {
    for (Path file : LakeTree.dataFiles(root.resolve("events"))) {
      boolean dayTen = file.getParent().getFileName().toString().equals("day=10");
      GenericRecord first = ParquetFiles.read(file).get(0);
      assertEquals(dayTen, first.getSchema().getField("score") != null, file.toString());
      assertNull(first.getSchema().getField("category"));
      assertNull(first.getSchema().getField("day"));
    }
  }

  @Test
  void leavesFilesThatReadersMustIgnore() throws IOException {
    Path events = root.resolve("events");
    assertEquals(0, Files.size(events.resolve("_SUCCESS")));
    assertTrue(Files.size(events.resolve("category=books/day=1/.part-00000.parquet.crc")) > 0);
    Path junk = events.resolve("_temporary/0/junk.parquet");
    assertTrue(Files.size(junk) > 0);
    assertThrows(Exception.class, () -> ParquetFiles.read(junk));
  }

  @Test
  void codesKeepLeadingZeros() throws IOException {
    assertEquals(List.of("code=007", "code=05", "code=5"), children(root.resolve("codes")));
    assertEquals(9, records(root.resolve("codes")).size());
    assertFalse(records(root.resolve("codes/code=05")).isEmpty());
  }

  @Test
  void measurementsIsASingleFileTable() throws IOException {
    List<GenericRecord> rows = ParquetFiles.read(root.resolve("measurements.parquet"));
    assertEquals(12, rows.size());
    assertNotNull(rows.get(0).get("taken"));
  }
}
