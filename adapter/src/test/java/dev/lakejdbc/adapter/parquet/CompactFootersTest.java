package dev.lakejdbc.adapter.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Random;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A compacted footer says to a reader and to pruning what the footer read from the file says: every
 * row group and column chunk with its offsets, sizes, statistics, page index and bloom filter
 * references and page encodings; and equal schemas and encoding counts are held once.
 */
class CompactFootersTest {
  private static final String SCHEMA = """
      message m {
        required int64 id;
        optional int32 small;
        optional binary name (STRING);
        required binary code (STRING);
        optional fixed_len_byte_array(5) dec (DECIMAL(10,2));
        optional int32 d (DATE);
      }""";

  @TempDir Path dir;

  private Path write(String name, WriterVersion version, long seed) throws IOException {
    Path file = dir.resolve(name);
    MessageType schema = MessageTypeParser.parseMessageType(SCHEMA);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Random random = new Random(seed);
    // Small pages and dictionaries: several pages and row groups, and some columns fall back to plain.
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).withConf(LakeTestFiles.CONF).withWriterVersion(version)
        .withDictionaryEncoding(true).withDictionaryPageSize(1024).withPageSize(512)
        .withMinRowCountForPageSizeCheck(1).withRowGroupRowCountLimit(3_000)
        .withBloomFilterEnabled("code", true).build()) {
      for (int i = 0; i < 10_000; i++) {
        Group g = groups.newGroup().append("id", (long) i).append("code", "c" + random.nextInt(100_000));
        if (random.nextInt(10) != 0) {
          g.append("small", random.nextInt(50));
        }
        if (random.nextInt(10) != 0) {
          g.append("name", "name " + random.nextInt(20));
        }
        if (random.nextInt(10) != 0) {
          byte[] unscaled = new byte[5];
          random.nextBytes(unscaled);
          g.append("dec", Binary.fromConstantByteArray(unscaled));
        }
        g.append("d", 19_000 + random.nextInt(400));
        writer.write(g);
      }
    }
    return file;
  }

  private static ParquetMetadata readFooter(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toUri()), LakeTestFiles.CONF))) {
      return reader.getFooter();
    }
  }

  private static void assertSameMetadata(ParquetMetadata read, ParquetMetadata compact) {
    assertEquals(read.getFileMetaData().getSchema(), compact.getFileMetaData().getSchema());
    assertEquals(read.getFileMetaData().getCreatedBy(), compact.getFileMetaData().getCreatedBy());
    assertEquals(read.getFileMetaData().getKeyValueMetaData(),
        compact.getFileMetaData().getKeyValueMetaData());
    assertEquals(read.getBlocks().size(), compact.getBlocks().size());
    for (int b = 0; b < read.getBlocks().size(); b++) {
      BlockMetaData expected = read.getBlocks().get(b);
      BlockMetaData actual = compact.getBlocks().get(b);
      assertEquals(expected.getRowCount(), actual.getRowCount());
      assertEquals(expected.getTotalByteSize(), actual.getTotalByteSize());
      assertEquals(expected.getCompressedSize(), actual.getCompressedSize());
      assertEquals(expected.getStartingPos(), actual.getStartingPos());
      assertEquals(expected.getOrdinal(), actual.getOrdinal());
      assertEquals(expected.getRowIndexOffset(), actual.getRowIndexOffset());
      assertEquals(expected.getPath(), actual.getPath());
      assertEquals(expected.getColumns().size(), actual.getColumns().size());
      for (int c = 0; c < expected.getColumns().size(); c++) {
        assertSameChunk(expected.getColumns().get(c), actual.getColumns().get(c));
      }
    }
  }

  private static void assertSameChunk(ColumnChunkMetaData expected, ColumnChunkMetaData actual) {
    String at = expected.getPath().toDotString();
    assertEquals(expected.getPath(), actual.getPath(), at);
    assertEquals(expected.getPrimitiveType(), actual.getPrimitiveType(), at);
    assertEquals(expected.getCodec(), actual.getCodec(), at);
    assertEquals(expected.getEncodings(), actual.getEncodings(), at);
    assertEquals(expected.getStatistics(), actual.getStatistics(), at);
    assertEquals(expected.getStatistics().getNumNulls(), actual.getStatistics().getNumNulls(), at);
    assertEquals(expected.getFirstDataPageOffset(), actual.getFirstDataPageOffset(), at);
    assertEquals(expected.getDictionaryPageOffset(), actual.getDictionaryPageOffset(), at);
    assertEquals(expected.getStartingPos(), actual.getStartingPos(), at);
    assertEquals(expected.getValueCount(), actual.getValueCount(), at);
    assertEquals(expected.getTotalSize(), actual.getTotalSize(), at);
    assertEquals(expected.getTotalUncompressedSize(), actual.getTotalUncompressedSize(), at);
    assertSameReference(expected.getColumnIndexReference(), actual.getColumnIndexReference(), at);
    assertSameReference(expected.getOffsetIndexReference(), actual.getOffsetIndexReference(), at);
    assertEquals(expected.getBloomFilterOffset(), actual.getBloomFilterOffset(), at);
    assertEquals(expected.getBloomFilterLength(), actual.getBloomFilterLength(), at);
    assertEquals(expected.getRowGroupOrdinal(), actual.getRowGroupOrdinal(), at);
    EncodingStats e = expected.getEncodingStats();
    EncodingStats a = actual.getEncodingStats();
    assertNotNull(e, at);
    assertEquals(e.hasDictionaryPages(), a.hasDictionaryPages(), at);
    assertEquals(e.hasDictionaryEncodedPages(), a.hasDictionaryEncodedPages(), at);
    assertEquals(e.hasNonDictionaryEncodedPages(), a.hasNonDictionaryEncodedPages(), at);
    assertEquals(e.usesV2Pages(), a.usesV2Pages(), at);
    assertEquals(e.getDictionaryEncodings(), a.getDictionaryEncodings(), at);
    assertEquals(e.getDataEncodings(), a.getDataEncodings(), at);
    for (Encoding encoding : Encoding.values()) {
      assertEquals(e.getNumDictionaryPagesEncodedAs(encoding), a.getNumDictionaryPagesEncodedAs(encoding), at);
      assertEquals(e.getNumDataPagesEncodedAs(encoding), a.getNumDataPagesEncodedAs(encoding), at);
    }
    assertNull(actual.getSizeStatistics(), "size statistics are left out");
  }

  private static void assertSameReference(IndexReference expected, IndexReference actual, String at) {
    if (expected == null) {
      assertNull(actual, at);
      return;
    }
    assertEquals(expected.getOffset(), actual.getOffset(), at);
    assertEquals(expected.getLength(), actual.getLength(), at);
  }

  @ParameterizedTest
  @EnumSource(WriterVersion.class)
  void parquetJavasFooterSaysTheSame(WriterVersion version) throws IOException {
    ParquetMetadata read = readFooter(write("f.parquet", version, 1));
    assertTrue(read.getBlocks().size() > 1, "several row groups");
    assertTrue(read.getBlocks().get(0).getColumns().stream()
        .anyMatch(c -> c.getBloomFilterOffset() >= 0), "a bloom filter");
    assertTrue(read.getBlocks().get(0).getColumns().stream()
        .anyMatch(c -> c.getEncodingStats().hasDictionaryEncodedPages()), "dictionary pages");
    assertTrue(read.getBlocks().get(0).getColumns().stream()
        .anyMatch(c -> c.getEncodingStats().hasNonDictionaryEncodedPages()), "plain pages");

    assertSameMetadata(read, CompactFooters.of(read));
  }

  @ParameterizedTest
  @ValueSource(strings = {"V1", "V2"})
  void duckDbsFooterSaysTheSame(String pageVersion) throws SQLException, IOException {
    Path file = dir.resolve("duckdb.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("COPY (SELECT i AS id, CASE WHEN i % 10 = 0 THEN NULL ELSE i % 50 END AS small,"
          + " 'code-' || hash(i) % 1000000 AS code, (i * 1.25)::DECIMAL(9, 2) AS dec9,"
          + " (i * 1000.125)::DECIMAL(18, 3) AS dec18, DATE '2026-01-01' + (i % 400)::INTEGER AS d"
          + " FROM range(20000) t(i)) TO '" + file + "'"
          + " (FORMAT parquet, PARQUET_VERSION " + pageVersion + ", ROW_GROUP_SIZE 7000)");
    }
    ParquetMetadata read = readFooter(file);
    assertTrue(read.getBlocks().size() > 1, "several row groups");

    assertSameMetadata(read, CompactFooters.of(read));
  }

  @Test
  void equalSchemasAndEncodingCountsAreHeldOnce() throws IOException {
    ParquetMetadata first = CompactFooters.of(readFooter(write("a.parquet", WriterVersion.PARQUET_1_0, 1)));
    ParquetMetadata second = CompactFooters.of(readFooter(write("b.parquet", WriterVersion.PARQUET_1_0, 2)));

    assertSame(first.getFileMetaData().getSchema(), second.getFileMetaData().getSchema());
    assertSame(first.getFileMetaData().getCreatedBy(), second.getFileMetaData().getCreatedBy());
    // The id column has the same pages in both files: one dictionary-less plain page count.
    ColumnChunkMetaData firstId = first.getBlocks().get(0).getColumns().get(0);
    ColumnChunkMetaData secondId = second.getBlocks().get(0).getColumns().get(0);
    assertEquals("id", firstId.getPath().toDotString());
    assertSame(firstId.getEncodingStats(), secondId.getEncodingStats());
  }

  @Test
  void theCacheNeverHoldsMoreThanItsBudget() throws IOException {
    Path[] files = new Path[6];
    for (int i = 0; i < files.length; i++) {
      files[i] = write("budget-" + i + ".parquet", WriterVersion.PARQUET_1_0, 7);
    }
    long one = CompactFooters.estimatedBytes(CompactFooters.of(readFooter(files[0])));
    ParquetFooters footers = LakeTestFiles.storage(LakeOptions.DEFAULTS).footers();
    long budget = ParquetFooters.cacheBudgetBytes;
    try {
      ParquetFooters.cacheBudgetBytes = 3 * one + one / 2;
      for (Path file : files) {
        footers.footer(LakeTestFiles.dataFile(file));
        assertTrue(ParquetFooters.cachedBytes() <= ParquetFooters.cacheBudgetBytes, "within the budget");
      }
      assertEquals(files.length, footers.footersRead());

      footers.footer(LakeTestFiles.dataFile(files[5]));
      assertEquals(files.length, footers.footersRead(), "the newest footers are still cached");
      footers.footer(LakeTestFiles.dataFile(files[0]));
      assertEquals(files.length + 1, footers.footersRead(), "the oldest was let go, and is read again");
    } finally {
      ParquetFooters.cacheBudgetBytes = budget;
    }
  }
}
