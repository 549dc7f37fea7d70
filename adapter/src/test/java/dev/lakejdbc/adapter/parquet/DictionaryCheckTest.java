package dev.lakejdbc.adapter.parquet;

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.doubleColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.in;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.notEq;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeTestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.column.page.DictionaryPageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.dictionarylevel.DictionaryFilter;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dictionary level of row group selection ({@link DictionaryCheck}) rules out exactly the row
 * groups parquet-java's {@code DictionaryFilter} rules out, for random predicates of every test it
 * decides (on INT32, INT64, DOUBLE and string columns, one with NULLs, joined by AND and OR), and keeps
 * a row group for the tests it does not decide.
 */
class DictionaryCheckTest {
  private static final int ROW_GROUPS = 12;
  @TempDir static Path dir;
  static Path file;

  /** Row groups of 300 rows, each column drawing from a few values of its own per row group. */
  @BeforeAll static void write() throws IOException {
    file = dir.resolve("dictionaries.parquet");
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int32 i; "
        + "required int64 l; optional binary s (UTF8); required double d; }");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Random random = new Random(7);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).withConf(LakeTestFiles.CONF).withRowGroupRowCountLimit(300)
        .withMinRowCountForPageSizeCheck(1).build()) {
      for (int g = 0; g < ROW_GROUPS; g++) {
        int base = random.nextInt(20);
        for (int r = 0; r < 300; r++) {
          Group row = groups.newGroup().append("i", base + random.nextInt(4))
              .append("l", 1000L * (base + random.nextInt(3)))
              .append("d", (base + random.nextInt(3)) / 4.0);
          if (g % 3 != 0 || r % 5 != 0) {
            row.append("s", "v" + (base + random.nextInt(5)));
          }
          writer.write(row);
        }
      }
    }
  }

  private static FilterPredicate leaf(Random random) {
    int v = random.nextInt(26) - 2;
    return switch (random.nextInt(11)) {
      case 0 -> eq(intColumn("i"), v);
      case 1 -> lt(intColumn("i"), v);
      case 2 -> ltEq(intColumn("i"), v);
      case 3 -> gt(intColumn("i"), v);
      case 4 -> gtEq(intColumn("i"), v);
      case 5 -> in(intColumn("i"), new HashSet<>(List.of(v, v + 7, v + 13)));
      case 6 -> in(longColumn("l"), new HashSet<>(List.of(1000L * v, 1000L * (v + 5))));
      case 7 -> eq(binaryColumn("s"), Binary.fromString("v" + v));
      case 8 -> in(binaryColumn("s"),
          new HashSet<>(List.of(Binary.fromString("v" + v), Binary.fromString("v" + (v + 9)))));
      case 9 -> lt(doubleColumn("d"), v / 4.0);
      default -> gt(binaryColumn("s"), Binary.fromString("v" + v));
    };
  }

  private static FilterPredicate predicate(Random random, int depth) {
    if (depth == 0 || random.nextInt(3) == 0) {
      return leaf(random);
    }
    FilterPredicate left = predicate(random, depth - 1);
    FilterPredicate right = predicate(random, depth - 1);
    return random.nextBoolean() ? and(left, right) : or(left, right);
  }

  @Test void rulesOutWhatParquetsDictionaryFilterRulesOut() throws IOException {
    Random random = new Random(42);
    int ruledOut = 0;
    int checks = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFileMetaData().getSchema();
      List<BlockMetaData> blocks = reader.getFooter().getBlocks();
      assertEquals(ROW_GROUPS, blocks.size());
      for (int n = 0; n < 400; n++) {
        FilterPredicate p = predicate(random, 3);
        for (BlockMetaData block : blocks) {
          boolean parquet;
          try (DictionaryPageReadStore pages = reader.getDictionaryReader(block)) {
            parquet = DictionaryFilter.canDrop(p, block.getColumns(), pages);
          }
          boolean ours;
          try (DictionaryPageReadStore pages = reader.getDictionaryReader(block)) {
            ours = DictionaryCheck.canDrop(p, block, schema, pages);
          }
          assertEquals(parquet, ours, p + " on a row group of " + block.getRowCount() + " rows");
          ruledOut += ours ? 1 : 0;
          checks++;
        }
      }
    }
    assertTrue(ruledOut > checks / 10 && ruledOut < checks * 9 / 10,
        "the predicates rule out some row groups and keep others: " + ruledOut + " of " + checks);
  }

  @Test void testsItDoesNotDecideKeepTheRowGroup() throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFileMetaData().getSchema();
      BlockMetaData block = reader.getFooter().getBlocks().get(0);
      Set<Integer> absent = new HashSet<>(List.of(-100, -200));
      List<FilterPredicate> kept = new ArrayList<>(List.of(notEq(intColumn("i"), -100),
          eq(binaryColumn("s"), null), org.apache.parquet.filter2.predicate.FilterApi.not(
              in(intColumn("i"), absent))));
      for (FilterPredicate p : kept) {
        try (DictionaryPageReadStore pages = reader.getDictionaryReader(block)) {
          assertFalse(DictionaryCheck.canDrop(p, block, schema, pages), p.toString());
        }
      }
      try (DictionaryPageReadStore pages = reader.getDictionaryReader(block)) {
        assertTrue(DictionaryCheck.canDrop(in(intColumn("i"), absent), block, schema, pages),
            "no entry is -100 or -200");
      }
    }
  }
}
