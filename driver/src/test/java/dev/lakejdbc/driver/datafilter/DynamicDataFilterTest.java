package dev.lakejdbc.driver.datafilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dynamic filters on a fact's data column: a join of the sorted {@code events} (see
 * {@link DataFilterPushdownTest}) to a filtered dimension on {@code id}, which is no partition column,
 * reads only the row groups and pages that hold the dimension's keys and drops decoded rows that
 * cannot join; past 1,000 keys, or past {@code dppMaxKeys}, the keys' range. Each answer equals
 * DuckDB's and the answer with pushdown off.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DynamicDataFilterTest {
  static final int ROW_GROUPS = DataFilterPushdownTest.ROW_GROUPS;
  static final long ROWS = (long) DataFilterPushdownTest.FILES * DataFilterPushdownTest.ROWS_PER_FILE;

  Path lake;
  DuckDb duck;
  DataFilterCheck check;

  @BeforeAll void writeLake(@TempDir Path root) throws Exception {
    lake = root.resolve("lake");
    DataFilterPushdownTest.writeEvents(lake.resolve("events"));
    writeIds(lake.resolve("ids"));
    duck = new DuckDb();
    duck.viewOfTable(lake, "events");
    duck.viewOfTable(lake, "ids");
    check = new DataFilterCheck(lake, duck);
  }

  @AfterAll void close() throws Exception {
    duck.close();
  }

  /**
   * ids: 16 'few' keys in two row groups of events (100..110 and 5000..5004), 1,500 'many' (the even
   * ids 2000..4998), a 'null' key that is NULL (and 8), and 'none', whose key is absent from events.
   */
  private static void writeIds(Path table) throws Exception {
    Schema schema = Schema.createRecord("ids", null, "t", false, List.of(
        new Schema.Field("id", Schema.createUnion(Schema.create(Schema.Type.NULL),
            Schema.create(Schema.Type.LONG)), null, Schema.Field.NULL_DEFAULT_VALUE),
        new Schema.Field("label", Schema.create(Schema.Type.STRING))));
    List<GenericRecord> rows = new ArrayList<>();
    for (long id = 100; id <= 110; id++) {
      rows.add(row(schema, id, "few"));
    }
    for (long id = 5_000; id <= 5_004; id++) {
      rows.add(row(schema, id, "few"));
    }
    for (long id = 2_000; id < 5_000; id += 2) {
      rows.add(row(schema, id, "many"));
    }
    rows.add(row(schema, null, "null"));
    rows.add(row(schema, 8L, "null"));
    rows.add(row(schema, 1_000_000L, "none"));
    ParquetFiles.write(table.resolve("part-0.parquet"), schema, rows);
  }

  private static GenericRecord row(Schema schema, Long id, String label) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put("id", id);
    r.put("label", label);
    return r;
  }

  private DataFilterCheck.Counts join(String label) throws Exception {
    return join(label, "");
  }

  private DataFilterCheck.Counts join(String label, String properties) throws Exception {
    return check.check("SELECT count(*), sum(e.amount), min(e.grp) FROM events e JOIN ids i "
        + "ON e.id = i.id WHERE i.label = '" + label + "'", "events", properties);
  }

  @Test void aFewKeysReadTheRowGroupsAndPagesThatHoldThem() throws Exception {
    DataFilterCheck.Counts c = join("few");
    assertEquals(ROW_GROUPS, c.rowGroupsTotal());
    assertEquals(2, c.rowGroupsRead());
    assertEquals(2, c.filesRead(), "the two files without a key are not opened");
    assertEquals(16, c.rowsRead(), "the scan returns only rows that can join");
    assertEquals(ROWS - 16, c.rowsSkipped());
    assertTrue(c.dataFilter().contains("#1: id = id IN 16 keys: 100, 101, 102, 103, 104, ..."),
        c.dataFilter());
  }

  @Test void pastOneThousandKeysTheirRange() throws Exception {
    DataFilterCheck.Counts c = join("many");
    assertEquals(check.rowGroupsOverlapping("events", "id", "BIGINT", "2000", "4998"), c.rowGroupsRead());
    assertEquals(1_500, c.rowsRead(), "decoded rows are still checked against every key");
    assertTrue(c.dataFilter().contains(
        "BETWEEN 2000 AND 4998 (1500 keys, over 1000; rows tested against every key)"), c.dataFilter());
  }

  @Test void pastDppMaxKeysRowGroupsByTheirRangeRowsByEveryKey() throws Exception {
    DataFilterCheck.Counts c = join("few", ";dppMaxKeys=5");
    assertEquals(check.rowGroupsOverlapping("events", "id", "BIGINT", "100", "5004"), c.rowGroupsRead());
    assertEquals(16, c.rowsRead(), "rows within the range but not keys are dropped as they are decoded");
    assertTrue(c.dataFilter().contains("(16 keys, over dppMaxKeys=5; rows tested against every key)"),
        c.dataFilter());
  }

  @Test void anEmptyDimensionReadsNothing() throws Exception {
    DataFilterCheck.Counts c = join("nothing at all");
    assertEquals(0, c.filesRead());
    assertEquals(0, c.rowGroupsTotal(), "no key: no file is even listed");
  }

  @Test void aKeyAbsentFromTheFactSkipsEveryRowGroup() throws Exception {
    DataFilterCheck.Counts c = join("none");
    assertEquals(0, c.filesRead());
    assertEquals(ROW_GROUPS, c.rowGroupsTotal());
  }

  @Test void semiJoinFromIn() throws Exception {
    DataFilterCheck.Counts c = check.check("SELECT count(*), max(e.x) FROM events e WHERE e.id IN "
        + "(SELECT id FROM ids WHERE label = 'few')", "events", "");
    assertEquals(2, c.rowGroupsRead());
  }

  @Test void aNullKeyJoinsOnlyNullSafely() throws Exception {
    // n is NULL on every 7th id, else id; the 'null' dimension rows are a NULL key and 8.
    DataFilterCheck.Counts plain = check.check("SELECT count(*) FROM events e JOIN ids i ON e.n = i.id "
        + "WHERE i.label = 'null'", "events", "");
    assertEquals(1, plain.rowsRead());
    DataFilterCheck.Counts nullSafe = check.check("SELECT count(*) FROM events e JOIN ids i "
        + "ON e.n IS NOT DISTINCT FROM i.id WHERE i.label = 'null'", "events", "");
    assertEquals(1 + (ROWS + 6) / 7, nullSafe.rowsRead(), "n = 8 and the rows whose n is NULL");
  }

  @Test void anIntegerColumnJoinedWithABigintKey() throws Exception {
    // k (INT) = id (BIGINT) compares CAST(k AS BIGINT), which loses nothing: k is still filtered.
    DataFilterCheck.Counts c = check.check("SELECT count(*) FROM events e JOIN ids i ON e.k = i.id "
        + "WHERE i.label = 'few'", "events", "");
    assertTrue(c.dataFilter() != null && c.dataFilter().contains("k"), String.valueOf(c.dataFilter()));
    assertEquals(0, c.rowsRead(), "k is below 97: no key of 'few' can match");
  }

  @Test void aLeftJoinKeepingTheFactsRowsIsNotFiltered() throws Exception {
    DataFilterCheck.Counts c = check.check("SELECT count(*), count(i.id) FROM events e LEFT JOIN "
        + "(SELECT * FROM ids WHERE label = 'few') i ON e.id = i.id", "events", "");
    assertEquals(ROW_GROUPS, c.rowGroupsRead());
    assertNull(c.dataFilter());
  }

  @Test void offWithoutDppOrWithoutDataFilterPushdown() throws Exception {
    for (String off : List.of(";dpp=false", DataFilterCheck.OFF)) {
      try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake + off)) {
        Rows.query(c, "SELECT count(*) FROM events e JOIN ids i ON e.id = i.id WHERE i.label = 'few'");
        DataFilterCheck.Counts counts = DataFilterCheck.counts(c, "events");
        assertEquals(ROW_GROUPS, counts.rowGroupsRead(), off);
        assertNull(counts.dataFilter(), off);
      }
    }
  }

  @Test void explainShowsTheDynamicFilter() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      String plan = Rows.query(c, "EXPLAIN SELECT count(*) FROM events e JOIN ids i ON e.id = i.id "
          + "WHERE i.label = 'few'").get(0).get(0);
      assertTrue(plan.contains("DynamicDataFilters=[#1: id = id]"), plan);
      assertTrue(plan.contains("DynamicFilterSource(id=[#1], keys=[id])"), plan);
    }
  }
}
