package dev.lakejdbc.adapter.parquet;

import static dev.lakejdbc.adapter.LakeTestFiles.dataFile;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import dev.lakejdbc.adapter.filter.Comparison;
import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.parquet.ParquetFileRows.Request;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.stats.ScanStatistics.Skip;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.types.ColumnType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntPredicate;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan checks its row groups' dictionaries only while that pays: once {@link DictionaryPayoff#TRIES}
 * row groups were checked and none ruled out, the rest are read without the check; once one was ruled
 * out, every row group is checked. Rows read stay the rows that match either way.
 */
class DictionaryPayoffTest {
  private static final int ROW_GROUPS = DictionaryPayoff.TRIES + 8;

  @TempDir Path dir;

  /**
   * One row group of 300 rows per number (so that a dictionary pays for the writer): 0, 5 and 10 where
   * {@code holdsFive} says so, else 0, 1 and 10.
   * The statistics of every row group (0 to 10) keep it for {@code v = 5}; the dictionary of a row
   * group without 5 rules it out.
   */
  private Path write(IntPredicate holdsFive) throws IOException {
    Path file = dir.resolve("groups.parquet");
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int64 v; }");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).withConf(LakeTestFiles.CONF).withRowGroupRowCountLimit(300)
        .withMinRowCountForPageSizeCheck(1).build()) {
      for (int g = 0; g < ROW_GROUPS; g++) {
        for (int i = 0; i < 300; i++) {
          long v = new long[] {0, holdsFive.test(g) ? 5 : 1, 10}[i % 3];
          writer.write(groups.newGroup().append("v", v));
        }
      }
    }
    return file;
  }

  private static ScanStatistics scan(Path file) {
    LakeStorage storage = LakeTestFiles.storage(LakeOptions.DEFAULTS);
    ScanStatistics stats = new ScanStatistics(1, "t", 1, null);
    ReadFilter filter = new ReadFilter(new DataPredicate.Compare(0, Comparison.EQ, 5L), List.of("v"),
        List.of(ColumnType.BIGINT), List.of(), stats);
    try (ParquetFileRows r = new ParquetFileRows(storage.footers(), dataFile(file),
        List.of(new Request("v", 0, ColumnType.BIGINT)), new Object[1], n -> { }, filter)) {
      while (r.next()) {
        // read all
      }
    }
    assertEquals(ROW_GROUPS, stats.rowGroupsTotal());
    return stats;
  }

  @Test void dictionariesThatNeverRuleOutStopBeingChecked() throws IOException {
    // Only the row groups after the tries lack the value: they are read, as the checks have stopped.
    ScanStatistics stats = scan(write(g -> g < DictionaryPayoff.TRIES));
    assertEquals(0, stats.rowGroupsSkipped(Skip.DICTIONARY));
    assertEquals(ROW_GROUPS, stats.rowGroupsRead());
  }

  @Test void dictionariesThatRuleOutAreCheckedOnEveryRowGroup() throws IOException {
    // The first row group lacks the value, and so do the ones after the tries: all of them ruled out.
    ScanStatistics stats = scan(write(g -> g > 0 && g < DictionaryPayoff.TRIES));
    assertEquals(1 + ROW_GROUPS - DictionaryPayoff.TRIES, stats.rowGroupsSkipped(Skip.DICTIONARY));
    assertEquals(DictionaryPayoff.TRIES - 1, stats.rowGroupsRead());
  }
}
