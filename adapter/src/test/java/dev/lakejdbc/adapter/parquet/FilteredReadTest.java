package dev.lakejdbc.adapter.parquet;

import static dev.lakejdbc.adapter.LakeTestFiles.dataFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import dev.lakejdbc.adapter.dpp.DynamicKeys;
import dev.lakejdbc.adapter.filter.Comparison;
import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.filter.RowKeyFilter;
import dev.lakejdbc.adapter.parquet.ParquetFileRows.Request;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.types.ColumnType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading with a {@link ReadFilter}: row groups ruled out are not read, a file all of whose row groups
 * are ruled out is not opened, pages ruled out by the column index are skipped while the columns' readers
 * stay aligned on the same rows (the columns' pages break at different rows), and rows whose key cannot
 * join are dropped.
 */
class FilteredReadTest {
  static final int ROWS = 3_000;
  static final int ROW_GROUP_ROWS = 1_000;
  private static final List<String> NAMES = List.of("id", "payload");
  private static final List<ColumnType> TYPES = List.of(ColumnType.BIGINT, ColumnType.VARCHAR);
  private static final List<Request> REQUESTS = List.of(new Request("id", 0, ColumnType.BIGINT),
      new Request("payload", 1, ColumnType.VARCHAR));

  @TempDir static Path dir;
  static Path file;
  static LakeStorage storage;

  @BeforeAll static void write() throws IOException {
    file = dir.resolve("sorted.parquet");
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required int64 id; required binary payload (STRING); }");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Files.createDirectories(dir);
    // Pages of 512 bytes: about 64 ids a page, but only a few of the long payloads.
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).withConf(LakeTestFiles.CONF).withDictionaryEncoding(false)
        .withPageSize(512).withMinRowCountForPageSizeCheck(1).withRowGroupRowCountLimit(ROW_GROUP_ROWS)
        .build()) {
      for (long id = 0; id < ROWS; id++) {
        writer.write(groups.newGroup().append("id", id).append("payload", payload(id)));
      }
    }
    storage = LakeTestFiles.storage(LakeOptions.DEFAULTS);
  }

  private static String payload(long id) {
    return "payload of row " + id + " ".repeat(60) + id;
  }

  private record Read(List<Object[]> rows, ScanStatistics stats, boolean opened) {}

  private static Read read(DataPredicate predicate, List<RowKeyFilter> rowFilters) {
    ScanStatistics stats = new ScanStatistics(1, "t", 1, null);
    ReadFilter filter = new ReadFilter(predicate, NAMES, TYPES, rowFilters, stats);
    List<Object[]> rows = new ArrayList<>();
    boolean opened;
    try (ParquetFileRows r = new ParquetFileRows(storage.footers(), dataFile(file), REQUESTS,
        new Object[2], n -> { }, filter)) {
      opened = r.opened();
      while (r.next()) {
        rows.add(r.current());
      }
    }
    return new Read(rows, stats, opened);
  }

  private static DataPredicate between(long lo, long hi) {
    return DataPredicate.and(List.of(new DataPredicate.Compare(0, Comparison.GE, lo),
        new DataPredicate.Compare(0, Comparison.LE, hi)));
  }

  @Test void pagesAreSkippedAndTheColumnsStayAligned() {
    Read read = read(between(1_500, 1_520), List.of());
    // Only the second row group, and only the pages of its ids that may hold 1500..1520.
    assertEquals(1, read.stats().rowGroupsRead());
    assertEquals(2, read.stats().rowGroupsSkipped(ScanStatistics.Skip.STATISTICS));
    assertTrue(read.rows().size() >= 21 && read.rows().size() < 200, read.rows().size() + " rows");
    assertEquals(ROWS - read.rows().size(), read.stats().rowsSkipped());
    long matching = 0;
    for (Object[] row : read.rows()) {
      long id = (Long) row[0];
      assertEquals(payload(id), row[1], "the payload read with id " + id);
      matching += id >= 1_500 && id <= 1_520 ? 1 : 0;
    }
    assertEquals(21, matching);
  }

  @Test void aFileNoRowGroupOfWhichCanMatchIsNotOpened() {
    Read read = read(new DataPredicate.Compare(0, Comparison.GT, (long) ROWS), List.of());
    assertFalse(read.opened());
    assertEquals(0, read.rows().size());
    assertEquals(3, read.stats().rowGroupsTotal());
    assertEquals(0, read.stats().rowGroupsRead());
    assertEquals(ROWS, read.stats().rowsSkipped());
  }

  @Test void withoutAFilterEverythingIsReadAndCounted() {
    Read read = read(DataPredicate.TRUE, List.of());
    assertEquals(ROWS, read.rows().size());
    assertEquals(3, read.stats().rowGroupsRead());
    assertEquals(0, read.stats().rowsSkipped());
  }

  @Test void rowsWhoseKeyCannotJoinAreDropped() {
    List<Object[]> keys = List.of(new Object[] {7L}, new Object[] {2_999L}, new Object[] {12_345L});
    RowKeyFilter joins = RowKeyFilter.of(0, DynamicKeys.collect(keys, new boolean[] {false}, 0, 100)
        .values(0), true);
    Read read = read(DataPredicate.TRUE, List.of(joins));
    assertEquals(List.of(7L, 2_999L), read.rows().stream().map(r -> r[0]).toList());
    assertEquals(ROWS - 2, read.stats().rowsSkippedByKeys());
  }

  /** The column index filter gets its FilterCompat without parquet-java's INFO record per file. */
  @Test void theColumnIndexFilterIsMadeWithoutFilterCompatGet() {
    assertTrue(RowGroupSelection.FILTER_PREDICATE_COMPAT != null,
        "FilterPredicateCompat's constructor is reachable (else every file logs its predicate at INFO)");
    FilterPredicate p = FilterApi.not(FilterApi.eq(FilterApi.longColumn("id"), 7L));
    FilterCompat.Filter f = RowGroupSelection.quietFilter(p);
    assertTrue(f instanceof FilterCompat.FilterPredicateCompat);
    assertEquals(FilterApi.notEq(FilterApi.longColumn("id"), 7L),
        ((FilterCompat.FilterPredicateCompat) f).getFilterPredicate());
  }
}
