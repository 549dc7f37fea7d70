package dev.lakejdbc.driver.datafilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Static data filters end to end, on a table sorted by {@code id} with many row groups and pages per
 * file: each predicate form gives DuckDB's answer and the answer with pushdown off, and reads exactly
 * the row groups whose statistics can match (DuckDB's {@code parquet_metadata} counts them), then only
 * the pages of those that can.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataFilterPushdownTest {
  static final int FILES = 4;
  static final int ROWS_PER_FILE = 2_000;
  static final int ROW_GROUP_ROWS = 200;
  static final int PAGE_ROWS = 50;
  static final int ROW_GROUPS = FILES * ROWS_PER_FILE / ROW_GROUP_ROWS;
  static final LocalDate DAY_ZERO = LocalDate.of(2026, 1, 1);

  Path lake;
  DuckDb duck;
  DataFilterCheck check;

  @BeforeAll void writeLake(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    writeEvents(lake.resolve("events"));
    duck = new DuckDb();
    duck.viewOfTable(lake, "events");
    check = new DataFilterCheck(lake, duck);
  }

  @AfterAll void close() throws Exception {
    duck.close();
  }

  /** id 0..7999 in order; each column sorted along with it, but k and n. */
  static void writeEvents(Path table) throws Exception {
    Schema schema = eventsSchema();
    for (int f = 0; f < FILES; f++) {
      List<GenericRecord> rows = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_FILE; i++) {
        long id = (long) f * ROWS_PER_FILE + i;
        GenericData.Record r = new GenericData.Record(schema);
        r.put("id", id);
        r.put("k", (int) (id % 97));
        r.put("grp", String.format("g%03d", id / 500));
        r.put("amount", BigDecimal.valueOf(id * 125, 2));
        r.put("d", DAY_ZERO.plusDays(id / 100));
        // Microseconds (whole milliseconds: the driver reads timestamps to the millisecond).
        r.put("ts", (Instant.parse("2026-01-01T00:00:00Z").getEpochSecond() + id * 60) * 1_000_000L);
        r.put("flag", id >= 6_000);
        r.put("x", id / 10.0);
        r.put("n", id % 7 == 0 ? null : (int) id);
        rows.add(r);
      }
      ParquetFiles.write(table.resolve("part-" + f + ".parquet"), schema, rows,
          ParquetFiles.Layout.rows(ROW_GROUP_ROWS, PAGE_ROWS));
    }
  }

  static Schema eventsSchema() {
    return Schema.createRecord("events", null, "t", false, List.of(
        new Schema.Field("id", Schema.create(Schema.Type.LONG)),
        new Schema.Field("k", Schema.create(Schema.Type.INT)),
        new Schema.Field("grp", Schema.create(Schema.Type.STRING)),
        new Schema.Field("amount", LogicalTypes.decimal(12, 2).addToSchema(Schema.create(Schema.Type.BYTES))),
        new Schema.Field("d", LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT))),
        new Schema.Field("ts", LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG))),
        new Schema.Field("flag", Schema.create(Schema.Type.BOOLEAN)),
        new Schema.Field("x", Schema.create(Schema.Type.DOUBLE)),
        new Schema.Field("n", Schema.createUnion(Schema.create(Schema.Type.NULL),
            Schema.create(Schema.Type.INT)), null, Schema.Field.NULL_DEFAULT_VALUE)));
  }

  private DataFilterCheck.Counts check(String where) throws Exception {
    return check.check("SELECT id, k, grp, amount, d, ts, flag, x, n FROM events WHERE " + where, "events",
        "");
  }

  @Test void equalityReadsOneRowGroupOfOneFileAndOnePage() throws Exception {
    DataFilterCheck.Counts c = check("id = 4321");
    assertEquals(ROW_GROUPS, c.rowGroupsTotal());
    assertEquals(1, c.rowGroupsRead());
    assertEquals(1, c.filesRead(), "the other files' footers rule them out: not opened");
    assertEquals(PAGE_ROWS, c.rowsRead(), "the column index narrows the row group to one page");
    assertEquals(FILES * ROWS_PER_FILE - PAGE_ROWS, c.rowsSkipped());
    assertEquals("id = 4321", c.dataFilter());
  }

  @Test void rangeReadsTheRowGroupsItOverlaps() throws Exception {
    DataFilterCheck.Counts c = check("id BETWEEN 1000 AND 1399");
    assertEquals(check.rowGroupsOverlapping("events", "id", "BIGINT", "1000", "1399"), c.rowGroupsRead());
    assertEquals(2, c.rowGroupsRead());
  }

  @Test void inListAcrossFiles() throws Exception {
    DataFilterCheck.Counts c = check("id IN (5, 2100, 7999)");
    assertEquals(3, c.rowGroupsRead());
    assertEquals(3, c.filesRead());
    assertEquals(3 * PAGE_ROWS, c.rowsRead());
  }

  @Test void eachTypeFilters() throws Exception {
    // grp g003 is ids 1500..1999: row groups 7, 8, 9 of the first file.
    assertEquals(3, check("grp = 'g003'").rowGroupsRead());
    assertEquals(check.rowGroupsOverlapping("events", "amount", "DECIMAL(12,2)", "100.00", "2500.00"),
        check("amount BETWEEN 100.00 AND 2500.00").rowGroupsRead());
    assertEquals(check.rowGroupsOverlapping("events", "d", "DATE", "DATE '2026-01-11'", "DATE '2026-01-12'"),
        check("d BETWEEN DATE '2026-01-11' AND DATE '2026-01-12'").rowGroupsRead());
    assertEquals(1, check("ts = TIMESTAMP '2026-01-02 10:00:00'").rowGroupsRead());
    assertEquals(ROW_GROUPS / 4, check("flag").rowGroupsRead());
    assertEquals(check.rowGroupsOverlapping("events", "x", "DOUBLE", "700.0", "1e9"),
        check("x > 700.0").rowGroupsRead());
  }

  @Test void roundingOfBoundsKeepsEveryMatch() throws Exception {
    // amount has scale 2: 12.505 lies between two stored values; k is an integer.
    check("amount > 12.505");
    check("amount = 12.505");
    check("k < 2.5 AND id < 400");
    assertEquals(0, check("CAST(k AS BIGINT) = 5000000000").rowGroupsRead(), "no INT32 value can equal it");
  }

  @Test void nullTests() throws Exception {
    assertEquals(ROW_GROUPS, check("n IS NULL").rowGroupsRead());
    check("n IS NOT NULL AND id < 300");
  }

  @Test void aConjunctNotPushedIsNamedWithTheReason() throws Exception {
    DataFilterCheck.Counts c = check("id < 100 AND CAST(k AS DOUBLE) = 3");
    assertEquals(1, c.rowGroupsRead());
    assertTrue(c.notes().contains("not pushed: CAST(k AS DOUBLE) = 3"), c.notes());
    assertTrue(c.notes().contains("a CAST on the column"), c.notes());
  }

  @Test void offReadsEveryRowGroup() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + DataFilterCheck.OFF)) {
      Rows.query(c, "SELECT id FROM events WHERE id = 4321");
      DataFilterCheck.Counts counts = DataFilterCheck.counts(c, "events");
      assertEquals(ROW_GROUPS, counts.rowGroupsRead());
      assertEquals(0, counts.rowsSkipped());
      assertNull(counts.dataFilter());
      String plan = Rows.query(c, "EXPLAIN SELECT id FROM events WHERE id = 4321").get(0).get(0);
      assertTrue(!plan.contains("DataFilters"), plan);
    }
  }

  @Test void explainShowsTheFilterAndExplainAnalyzeWhatItSkipped() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      String plan = Rows.query(c, "EXPLAIN SELECT id FROM events WHERE id = 4321").get(0).get(0);
      assertTrue(plan.contains("DataFilters=[id = 4321]"), plan);
      String analyzed = String.join("\n", Rows.query(c, "EXPLAIN ANALYZE SELECT id FROM events "
          + "WHERE id = 4321").stream().map(r -> r.get(0)).toList());
      assertTrue(analyzed.contains("row groups=1 of " + ROW_GROUPS + " (skipped: statistics "
          + (ROW_GROUPS - 1) + "; pages " + (ROW_GROUP_ROWS - PAGE_ROWS) + " rows)"), analyzed);
      assertTrue(analyzed.contains("rows skipped=" + (FILES * ROWS_PER_FILE - PAGE_ROWS)), analyzed);
    }
  }

  @Test void aParameterIsEvaluatedAtEachExecution() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake);
        PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM events WHERE id >= ?")) {
      for (long from : new long[] {7_900, 6_000, 8_000}) {
        ps.setLong(1, from);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertEquals(8_000 - from, rs.getLong(1));
        }
        DataFilterCheck.Counts counts = DataFilterCheck.counts(c, "events");
        assertEquals((8_000 - from + ROW_GROUP_ROWS - 1) / ROW_GROUP_ROWS, counts.rowGroupsRead(),
            "from " + from);
      }
      ps.setNull(1, java.sql.Types.BIGINT);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertEquals(0, rs.getLong(1));
      }
      assertEquals(0, DataFilterCheck.counts(c, "events").filesRead(), "id >= NULL matches nothing");
    }
  }
}
