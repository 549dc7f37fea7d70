package dev.lakejdbc.adapter.parquet;

import static dev.lakejdbc.adapter.LakeTestFiles.dataFile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Flat columns read column by column ({@link FlatRowGroup}, {@link FlatColumnReader},
 * {@link RleBitPackedDecoder}) give exactly the rows record assembly gives, on files of both page
 * versions, with and without dictionaries (and with dictionaries that fall back to plain pages), many
 * pages and row groups, NULLs at random, and from DuckDB's writer as well as parquet-java's.
 */
class FlatColumnReadTest {
  private static final String SCHEMA = """
      message m {
        required int64 id;
        optional int32 small;
        optional int64 big;
        optional binary name (STRING);
        required binary code (STRING);
        optional boolean flag;
        optional double x;
        optional float y;
        optional fixed_len_byte_array(5) dec (DECIMAL(10,2));
        optional int96 ts;
        optional int32 d (DATE);
        optional int32 nothing;
      }""";
  private static final int ROWS = 20_000;

  @TempDir static Path dir;
  private static LakeStorage storage;

  @BeforeAll
  static void storage() {
    storage = LakeTestFiles.storage(LakeOptions.DEFAULTS);
  }

  private static Path write(String name, WriterVersion version, boolean dictionary) throws IOException {
    Path file = dir.resolve(name);
    MessageType schema = MessageTypeParser.parseMessageType(SCHEMA);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Random random = new Random(42);
    // Small pages and a small dictionary: many pages, and high-cardinality columns fall back to plain.
    // Pages break at 1 KiB or 700 rows, whichever comes first: columns that compress well (ids,
    // delta-encoded) break at other rows than the rest.
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).withConf(LakeTestFiles.CONF).withWriterVersion(version)
        .withDictionaryEncoding(dictionary).withDictionaryPageSize(2048).withPageSize(1024)
        .withPageRowCountLimit(700)
        .withMinRowCountForPageSizeCheck(1).withRowGroupRowCountLimit(7_000).build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup().append("id", (long) i).append("code", "code-" + random.nextInt(1_000_000));
        if (random.nextInt(10) != 0) {
          g.append("small", random.nextInt(50));
        }
        if (random.nextInt(20) != 0) {
          g.append("big", random.nextLong());
        }
        if (random.nextInt(10) != 0) {
          g.append("name", "name " + random.nextInt(20));
        }
        if (random.nextInt(5) != 0) {
          g.append("flag", random.nextBoolean());
        }
        if (random.nextInt(20) != 0) {
          g.append("x", random.nextDouble());
        }
        if (random.nextInt(20) != 0) {
          g.append("y", random.nextFloat());
        }
        if (random.nextInt(10) != 0) {
          byte[] unscaled = new byte[5];
          random.nextBytes(unscaled);
          g.append("dec", Binary.fromConstantByteArray(unscaled));
        }
        if (random.nextInt(10) != 0) {
          ByteBuffer int96 = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
              .putLong(Math.floorMod(random.nextLong(), 86_400_000_000_000L))
              .putInt(2_440_588 + random.nextInt(20_000));
          g.append("ts", Binary.fromConstantByteArray(int96.array()));
        }
        if (random.nextInt(10) != 0) {
          g.append("d", random.nextInt(30_000));
        }
        writer.write(g);
      }
    }
    return file;
  }

  /** Every column of the file, each at a position of its own after a partition value at 0. */
  private static List<Request> everyColumn(Path file) {
    MessageType schema = storage.footers().footer(dataFile(file)).getFileMetaData().getSchema();
    List<Request> requests = new ArrayList<>();
    int n = schema.getFieldCount();
    for (int i = 0; i < n; i++) {
      Type field = schema.getType(i);
      // Positions in reverse file order: the output order is the request's, not the file's.
      requests.add(new Request(field.getName(), n - i, ParquetColumnTypes.sqlTypeOf(field)));
    }
    return requests;
  }

  private record Read(List<Object[]> rows, long rowsSkippedByKeys) {}

  private static Read read(Path file, List<Request> requests, List<RowKeyFilter> keyFilters,
      boolean columnByColumn) {
    return read(file, requests, new ReadFilter(DataPredicate.TRUE, List.of(), List.of(), keyFilters,
        new ScanStatistics(1, "t", 1, null)), columnByColumn);
  }

  private static Read read(Path file, List<Request> requests, ReadFilter filter, boolean columnByColumn) {
    ScanStatistics stats = filter.stats();
    Object[] template = new Object[requests.size() + 1];
    template[0] = "partition value";
    List<Object[]> rows = new ArrayList<>();
    try (ParquetFileRows r = new ParquetFileRows(storage.footers(), dataFile(file), requests, template,
        n -> { }, filter, columnByColumn)) {
      assertEquals(columnByColumn, r.readsColumnByColumn());
      while (r.next()) {
        rows.add(r.current());
      }
      if (columnByColumn) {
        assertEquals(0, r.rowGroupsAssembled(), "row groups read through record assembly");
      }
    }
    return new Read(rows, stats.rowsSkippedByKeys());
  }

  private static void assertSameRows(Read expected, Read actual) {
    assertEquals(expected.rows().size(), actual.rows().size(), "rows");
    for (int i = 0; i < expected.rows().size(); i++) {
      assertArrayEquals(expected.rows().get(i), actual.rows().get(i), "row " + i);
    }
    assertEquals(expected.rowsSkippedByKeys(), actual.rowsSkippedByKeys(), "rows skipped by keys");
  }

  private static Set<Encoding> encodings(Path file) {
    ParquetMetadata footer = storage.footers().footer(dataFile(file));
    return footer.getBlocks().stream().flatMap(b -> b.getColumns().stream())
        .map(ColumnChunkMetaData::getEncodings).flatMap(Set::stream).collect(Collectors.toSet());
  }

  @ParameterizedTest
  @CsvSource({"PARQUET_1_0, true", "PARQUET_1_0, false", "PARQUET_2_0, true", "PARQUET_2_0, false"})
  void everyColumnAsRecordAssemblyGivesIt(WriterVersion version, boolean dictionary) throws IOException {
    Path file = write("types-" + version + "-" + dictionary + ".parquet", version, dictionary);
    List<Request> requests = everyColumn(file);

    Read records = read(file, requests, List.of(), false);
    Read columns = read(file, requests, List.of(), true);

    assertEquals(ROWS, records.rows().size());
    assertTrue(storage.footers().footer(dataFile(file)).getBlocks().size() > 1, "several row groups");
    if (dictionary) {
      assertTrue(encodings(file).stream().anyMatch(Encoding::usesDictionary), "dictionary pages");
    }
    assertSameRows(records, columns);
    assertEquals("partition value", columns.rows().get(ROWS - 1)[0]);
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void rowsWhoseKeyCannotJoinAreDroppedAsByRecordAssembly(boolean dictionary) throws IOException {
    Path file = write("keys-" + dictionary + ".parquet", WriterVersion.PARQUET_1_0, dictionary);
    List<Request> requests = everyColumn(file);
    int smallPosition = requests.stream().filter(r -> r.column().equals("small")).findFirst()
        .orElseThrow().position();
    List<Object[]> keys = List.of(new Object[] {3}, new Object[] {7}, new Object[] {11});
    RowKeyFilter joins = RowKeyFilter.of(smallPosition,
        DynamicKeys.collect(keys, new boolean[] {false}, 0, 100).values(0), true);

    Read records = read(file, requests, List.of(joins), false);
    Read columns = read(file, requests, List.of(joins), true);

    assertFalse(records.rows().isEmpty());
    assertTrue(records.rowsSkippedByKeys() > ROWS / 2, "most rows dropped");
    assertTrue(columns.rows().stream().allMatch(r -> Set.of(3, 7, 11).contains(r[smallPosition])));
    assertSameRows(records, columns);
  }

  /**
   * Row groups whose pages a column index narrowed (ids in a few ranges, one across two row groups;
   * the other columns' pages break at other rows) are read column by column too, with the rows
   * record assembly gives; also with a key filter dropping rows of the runs.
   */
  @ParameterizedTest
  @CsvSource({"PARQUET_1_0, true", "PARQUET_1_0, false", "PARQUET_2_0, true", "PARQUET_2_0, false"})
  void pagesNarrowedByAColumnIndexAsRecordAssemblyGivesThem(WriterVersion version, boolean dictionary)
      throws IOException {
    Path file = write("narrowed-" + version + "-" + dictionary + ".parquet", version, dictionary);
    List<Request> requests = everyColumn(file);
    int smallPosition = requests.stream().filter(r -> r.column().equals("small")).findFirst()
        .orElseThrow().position();
    DataPredicate ids = DataPredicate.or(List.of(between(2_000, 2_300), between(2_900, 2_950),
        new DataPredicate.Compare(0, Comparison.EQ, 9_999L), between(13_990, 14_010)));
    List<Object[]> keys = List.of(new Object[] {3}, new Object[] {7}, new Object[] {11});
    RowKeyFilter joins = RowKeyFilter.of(smallPosition,
        DynamicKeys.collect(keys, new boolean[] {false}, 0, 100).values(0), true);
    for (List<RowKeyFilter> rowFilters : List.of(List.<RowKeyFilter>of(), List.of(joins))) {
      Read records = read(file, requests, narrowedBy(ids, rowFilters), false);
      ReadFilter narrowed = narrowedBy(ids, rowFilters);
      Read columns = read(file, requests, narrowed, true);

      assertFalse(columns.rows().isEmpty());
      assertTrue(narrowed.stats().rowsSkipped() > ROWS / 2,
          "pages skipped: " + narrowed.stats().rowsSkipped() + " rows");
      assertSameRows(records, columns);
    }
  }

  private static ReadFilter narrowedBy(DataPredicate predicate, List<RowKeyFilter> rowFilters) {
    return new ReadFilter(predicate, List.of("id"), List.of(ColumnType.BIGINT), rowFilters,
        new ScanStatistics(1, "t", 1, null));
  }

  private static DataPredicate between(long lo, long hi) {
    return DataPredicate.and(List.of(new DataPredicate.Compare(0, Comparison.GE, lo),
        new DataPredicate.Compare(0, Comparison.LE, hi)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"V1", "V2"})
  void duckDbsFilesAsRecordAssemblyGivesThem(String pageVersion) throws SQLException {
    Path file = dir.resolve("duckdb-" + pageVersion + ".parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("COPY (SELECT i AS id,"
          + " CASE WHEN i % 10 = 0 THEN NULL ELSE i % 50 END AS small,"
          + " CASE WHEN i % 7 = 0 THEN NULL ELSE hash(i) END AS big,"
          + " CASE WHEN i % 9 = 0 THEN NULL ELSE 'name ' || (i % 20) END AS name,"
          + " 'code-' || hash(i) % 1000000 AS code,"
          + " CASE WHEN i % 5 = 0 THEN NULL ELSE i % 3 = 0 END AS flag,"
          + " CASE WHEN i % 11 = 0 THEN NULL ELSE i / 7.0 END::DOUBLE AS x,"
          + " CASE WHEN i % 13 = 0 THEN NULL ELSE (i * 1.25)::DECIMAL(9, 2) END AS dec9,"
          + " CASE WHEN i % 13 = 0 THEN NULL ELSE (i * 1000.125)::DECIMAL(18, 3) END AS dec18,"
          + " CASE WHEN i % 17 = 0 THEN NULL ELSE DATE '2026-01-01' + (i % 400)::INTEGER END AS d,"
          + " CASE WHEN i % 19 = 0 THEN NULL ELSE TIMESTAMP '2026-01-01' + i * INTERVAL 1 SECOND END AS ts,"
          + " NULL::INTEGER AS nothing"
          + " FROM range(" + ROWS + ") t(i)) TO '" + file + "'"
          + " (FORMAT parquet, PARQUET_VERSION " + pageVersion + ", ROW_GROUP_SIZE 7000)");
    }
    assertTrue(Files.exists(file));
    List<Request> requests = everyColumn(file);

    Read records = read(file, requests, List.of(), false);
    Read columns = read(file, requests, List.of(), true);

    assertEquals(ROWS, records.rows().size());
    assertSameRows(records, columns);
  }

  @Test
  void rleRunsAndBitPackedGroupsOfEveryWidth() {
    for (int width = 1; width <= 32; width++) {
      long mask = (1L << width) - 1;
      // An RLE run of 5 copies of the largest value, then one bit-packed run of 3 groups.
      List<Integer> values = new ArrayList<>();
      ByteBuffer bytes = ByteBuffer.allocate(8 + 3 * width + 8);
      bytes.put((byte) (5 << 1));
      int valueBytes = (width + 7) / 8;
      for (int i = 0; i < valueBytes; i++) {
        bytes.put((byte) (mask >>> (8 * i)));
      }
      for (int i = 0; i < 5; i++) {
        values.add((int) mask);
      }
      bytes.put((byte) ((3 << 1) | 1));
      long packed = 0;
      int bits = 0;
      Random random = new Random(width);
      for (int i = 0; i < 24; i++) {
        int v = (int) (random.nextLong() & mask);
        values.add(v);
        packed |= (v & mask) << bits;
        bits += width;
        while (bits >= 8) {
          bytes.put((byte) packed);
          packed >>>= 8;
          bits -= 8;
        }
      }
      int end = bytes.position();
      RleBitPackedDecoder decoder = new RleBitPackedDecoder(bytes, 0, end, width);
      for (int i = 0; i < values.size(); i++) {
        assertEquals(values.get(i).intValue(), decoder.next(), "width " + width + ", value " + i);
      }
    }
  }

  /**
   * Definition levels as FlatColumnReader takes them: a repeated run of the maximum level a batch at a
   * time, anything else a value at a time, in batches that end inside runs. Same levels as one by one.
   */
  @Test
  void repeatedRunsTakenInBatchesGiveTheSameLevels() {
    ByteBuffer bytes = ByteBuffer.allocate(32);
    List<Integer> levels = new ArrayList<>();
    bytes.put((byte) (10 << 1)).put((byte) 1);
    levels.addAll(java.util.Collections.nCopies(10, 1));
    // One bit-packed group, LSB first: 1, 0, 1, 1, 0, 1, 1, 1.
    bytes.put((byte) ((1 << 1) | 1)).put((byte) 0b11101101);
    levels.addAll(List.of(1, 0, 1, 1, 0, 1, 1, 1));
    bytes.put((byte) (4 << 1)).put((byte) 0);
    levels.addAll(java.util.Collections.nCopies(4, 0));
    bytes.put((byte) (20 << 1)).put((byte) 1);
    levels.addAll(java.util.Collections.nCopies(20, 1));
    int end = bytes.position();
    for (int batch = 1; batch <= levels.size(); batch++) {
      RleBitPackedDecoder decoder = new RleBitPackedDecoder(bytes, 0, end, 1);
      List<Integer> read = new ArrayList<>();
      int r = 0;
      while (r < levels.size()) {
        int batchEnd = Math.min(levels.size(), r + batch);
        while (r < batchEnd) {
          int ones = decoder.takeRepeated(1, batchEnd - r);
          if (ones > 0) {
            read.addAll(java.util.Collections.nCopies(ones, 1));
            r += ones;
          } else {
            read.add(decoder.next());
            r++;
          }
        }
      }
      assertEquals(levels, read, "batches of " + batch);
    }
  }
}
