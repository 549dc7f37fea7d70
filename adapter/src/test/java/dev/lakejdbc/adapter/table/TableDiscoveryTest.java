package dev.lakejdbc.adapter.table;

import static dev.lakejdbc.adapter.LakeTestFiles.assertLakeException;
import static dev.lakejdbc.adapter.LakeTestFiles.mkdirs;
import static dev.lakejdbc.adapter.LakeTestFiles.parquet;
import static dev.lakejdbc.adapter.LakeTestFiles.touch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Schema discovery ({@link TableDiscovery}) as a table runs it: through {@link TableSource#schema()}. */
class TableDiscoveryTest {
  private static final String INT64_ID = "message m { required int64 id; }";

  @TempDir Path lake;

  private Path orders() {
    return lake.resolve("orders");
  }

  private TableSchema schema(LakeOptions options) {
    return LakeTestFiles.table(orders(), options).schema();
  }

  private TableSchema schema() {
    return schema(LakeOptions.DEFAULTS);
  }

  /** Columns as {@code name TYPE}, with the level of partition columns. */
  private static List<String> columns(TableSchema schema) {
    return schema.columns().stream().map(c -> c.name() + " " + c.type()
        + (c.isPartition() ? " @" + c.partitionIndex() : "")).toList();
  }

  private static LakeOptions declaring(String partitionTypes) {
    return new LakeOptions(LakeOptions.parsePartitionTypes(partitionTypes), true);
  }

  @Test
  void dataColumnsAreTheUnionOfTheFilesThenPartitionColumns() {
    parquet(orders().resolve("dt=1/part-0.parquet"),
        "message m { required int64 id; optional binary name (STRING); }",
        g -> g.add("id", 1L), g -> g.add("id", 2L));
    parquet(orders().resolve("dt=2/part-0.parquet"),
        "message m { required int64 id; optional double extra; }", g -> g.add("id", 3L));

    TableSchema schema = schema();

    assertEquals(List.of("id BIGINT", "name VARCHAR", "extra DOUBLE", "dt INTEGER @0"),
        columns(schema));
    assertEquals(3, schema.rowCount());
    assertEquals(2, schema.partitionCount());
    assertEquals(2, schema.fileCount());
  }

  @Test
  void distinctValuesAreBoundedByIntegerRangesAndKnownExactlyForPartitionColumns() {
    parquet(orders().resolve("dt=1/part-0.parquet"),
        "message m { required int64 id; required int32 qty; optional binary name (STRING); required boolean ok; }",
        g -> g.append("id", 10L).append("qty", 5).append("name", "a").append("ok", true),
        g -> g.append("id", 11L).append("qty", 5).append("name", "b").append("ok", false));
    parquet(orders().resolve("dt=2/part-0.parquet"),
        "message m { required int64 id; required int32 qty; optional binary name (STRING); required boolean ok; }",
        g -> g.append("id", 12L).append("qty", 900).append("name", "c").append("ok", true));

    TableSchema schema = schema();

    // id: 10..12 across both files; qty: 5..900, but never more than the 3 rows; name: unknown.
    assertEquals(3.0, schema.distinctCount(0).getAsDouble());
    assertEquals(3.0, schema.distinctCount(1).getAsDouble());
    assertEquals(true, schema.distinctCount(2).isEmpty());
    assertEquals(2.0, schema.distinctCount(3).getAsDouble());
    assertEquals(2.0, schema.distinctCount(4).getAsDouble(), "dt: two partitions");
  }

  @Test
  void columnsMatchByNameIgnoringCase() {
    parquet(orders().resolve("a.parquet"), "message m { required int64 Amount; }");
    parquet(orders().resolve("b.parquet"), "message m { required int64 amount; }");

    assertEquals(List.of("Amount BIGINT"), columns(schema()));
  }

  @Test
  void conflictingTypesNameBothFiles() {
    Path first = parquet(orders().resolve("dt=1/part-0.parquet"), "message m { required int64 amount; }");
    Path second = parquet(orders().resolve("dt=2/part-0.parquet"),
        "message m { required binary amount (STRING); }");

    assertLakeException(LakeException.DATATYPE_MISMATCH, this::schema, "'amount'",
        first.toString(), second.toString(), "BIGINT", "VARCHAR");
  }

  @Test
  void int32AndInt64WidenToBigint() {
    parquet(orders().resolve("dt=1/part-0.parquet"), "message m { required int32 qty; }");
    parquet(orders().resolve("dt=2/part-0.parquet"), "message m { required int64 qty; }");
    parquet(orders().resolve("dt=3/part-0.parquet"), "message m { required int32 qty; }");

    assertEquals(List.of("qty BIGINT", "dt INTEGER @0"), columns(schema()));
  }

  @Test
  void integerAndDecimalWidenToADecimalHoldingBoth() {
    parquet(orders().resolve("a.parquet"), "message m { required int32 amount; }");
    parquet(orders().resolve("b.parquet"), "message m { required int32 amount (DECIMAL(5,2)); }");

    assertEquals(List.of("amount DECIMAL(12,2)"), columns(schema()));
  }

  @Test
  void partitionColumnAlsoInTheFileTakesThePartitionType() {
    parquet(orders().resolve("dt=2026-07-08/part-0.parquet"),
        "message m { required int64 id; optional binary DT (STRING); }");

    assertEquals(List.of("id BIGINT", "dt DATE @0"), columns(schema()));
  }

  @Test
  void partitionColumnStoredWithDifferentTypesInTheFilesIsNotAConflict() {
    parquet(orders().resolve("dt=2026-07-08/part-0.parquet"),
        "message m { required int64 id; optional binary dt (STRING); }");
    parquet(orders().resolve("dt=2026-07-09/part-0.parquet"),
        "message m { required int64 id; optional int32 dt (DATE); }");

    assertEquals(List.of("id BIGINT", "dt DATE @0"), columns(schema()));
  }

  @Test
  void partitionTypesAreInferredOverAllValuesIgnoringTheDefaultPartition() {
    parquet(orders().resolve("dt=2026-07-08/branch_id=MUM001/amount=1.5/part-0.parquet"), INT64_ID);
    parquet(orders().resolve("dt=2026-07-09/branch_id=7/amount=12/part-0.parquet"), INT64_ID);
    parquet(orders().resolve("dt=__HIVE_DEFAULT_PARTITION__/branch_id=8/amount=3/part-0.parquet"),
        INT64_ID);

    assertEquals(List.of("id BIGINT", "dt DATE @0", "branch_id VARCHAR @1",
        "amount DECIMAL(3,1) @2"), columns(schema()));
  }

  @Test
  void declaredPartitionTypesWinOverInferenceAndTheTableQualifiedOneFirst() {
    parquet(orders().resolve("dt=2026-07-08/branch_id=7/part-0.parquet"), INT64_ID);

    assertEquals(List.of("id BIGINT", "dt VARCHAR @0", "branch_id BIGINT @1"),
        columns(schema(declaring("dt:date,orders.dt:varchar,branch_id:bigint"))));
  }

  @Test
  void withoutInferenceUndeclaredPartitionColumnsAreVarchar() {
    parquet(orders().resolve("dt=2026-07-08/branch_id=7/part-0.parquet"), INT64_ID);
    LakeOptions options = new LakeOptions(LakeOptions.parsePartitionTypes("branch_id:int"), false);

    assertEquals(List.of("id BIGINT", "dt VARCHAR @0", "branch_id INTEGER @1"),
        columns(schema(options)));
  }

  @Test
  void declaredPartitionTypeThatAValueDoesNotFitNamesTheDirectory() {
    parquet(orders().resolve("branch_id=7/part-0.parquet"), INT64_ID);
    parquet(orders().resolve("branch_id=MUM001/part-0.parquet"), INT64_ID);

    assertLakeException(LakeException.INVALID_VALUE_FOR_TYPE,
        () -> schema(declaring("branch_id:int")),
        orders().resolve("branch_id=MUM001").toString(), "'MUM001'", "'branch_id'", "INTEGER");
  }

  @Test
  void tableWithoutFilesIsAnError() {
    mkdirs(orders().resolve("dt=1"));
    touch(orders().resolve("_SUCCESS"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::schema, "'orders'",
        "no Parquet data files", orders().toString());
  }

  @Test
  void schemaIsDiscoveredOnce() {
    parquet(orders().resolve("part-0.parquet"), INT64_ID);
    TableSource table = LakeTestFiles.table(orders(), LakeOptions.DEFAULTS);

    TableSchema first = table.schema();
    parquet(orders().resolve("part-1.parquet"), "message m { required int64 id; optional int32 x; }");

    assertSame(first, table.schema());
  }

  // --- discovery=sample ---------------------------------------------------------------------------

  private static void setModified(Path file, long millis) {
    try {
      java.nio.file.Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(millis));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @SafeVarargs
  private static void replace(Path file, String schema,
      java.util.function.Consumer<org.apache.parquet.example.data.Group>... rows) {
    try {
      java.nio.file.Files.delete(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    parquet(file, schema, rows);
  }

  /** Ten partitions p=10..p=19, one file each of two rows, modified in partition order. */
  private void tenPartitions() {
    for (int p = 0; p < 10; p++) {
      Path file = parquet(orders().resolve("p=1" + p + "/part-0.parquet"), INT64_ID,
          g -> g.add("id", 1L), g -> g.add("id", 2L));
      setModified(file, 1_000_000L + p * 1000);
    }
  }

  @Test
  void aSampleReadsTheNewestFileOfPartitionsSpreadOverTheTableAndTheTablesNewestFile() {
    tenPartitions();
    // p=14 holds an older file and the newest of the whole table, which adds a column; p=16's only
    // file adds one too, but neither is a spread partition's (0, 5, 9 of ten for a sample of 3) nor
    // the newest: the sample does not see it.
    Path newest = parquet(orders().resolve("p=14/part-1.parquet"),
        "message m { required int64 id; optional int32 late; }", g -> g.add("id", 3L));
    setModified(newest, 9_000_000L);
    replace(orders().resolve("p=16/part-0.parquet"),
        "message m { required int64 id; optional int32 unseen; }", g -> g.add("id", 4L));
    setModified(orders().resolve("p=16/part-0.parquet"), 1_006_000L);
    TableSource table = LakeTestFiles.table(orders(), LakeOptions.DEFAULTS.withDiscoverySample(3));

    TableSchema schema = table.schema();

    assertEquals(List.of("id BIGINT", "late INTEGER", "p INTEGER @0"), columns(schema));
    assertEquals(4, schema.footersRead());
    assertEquals(4, table.storage().footers().footersRead(), "footers read from storage");
    assertEquals(false, schema.allFooters());
    assertEquals(11, schema.fileCount());
    assertEquals(List.of("p=10/part-0.parquet", "p=15/part-0.parquet", "p=19/part-0.parquet",
            "p=14/part-1.parquet"),
        DiscoverySample.sample(table.listLayout(), 3).stream()
            .map(f -> f.path().getParent().getName() + "/" + f.path().getName()).toList());
  }

  @Test
  void aSampledRowCountIsTheSamplesRowsScaledByTheTablesBytes() {
    tenPartitions();
    TableSchema schema = LakeTestFiles.table(orders(), LakeOptions.DEFAULTS.withDiscoverySample(2))
        .schema();

    // Ten files of the same schema and rows: 3 sampled (2 spread partitions, the newest is one of
    // them: so 2), rows per byte alike.
    assertEquals(2, schema.footersRead());
    assertEquals(20, schema.rowCount());
    assertEquals(false, schema.allFooters());
  }

  @Test
  void aSampledRowCountFitsBytesToRowsSoThatAFilesOwnCostDoesNotCountAsRows() {
    // Files of 1..32 rows: each file costs its footer whatever its rows, so rows per byte would be
    // far off; the line fitted to the sample's files (4 spread partitions) estimates the rest. (32
    // partitions, no more than 8 x the sample: every directory is listed, see ListingSample.)
    long truth = 0;
    for (int p = 0; p < 32; p++) {
      int rows = 1 + p;
      truth += rows;
      java.util.List<java.util.function.Consumer<org.apache.parquet.example.data.Group>> records =
          new java.util.ArrayList<>();
      for (int r = 0; r < rows; r++) {
        long id = p * 100L + r;
        records.add(g -> g.add("id", id));
      }
      Path file = LakeTestFiles.parquet(orders().resolve("p=" + (10 + p) + "/part-0.parquet"), INT64_ID,
          org.apache.parquet.hadoop.ParquetWriter.DEFAULT_BLOCK_SIZE, records);
      setModified(file, 1_000_000L + p * 1000);
    }
    TableSchema schema = LakeTestFiles.table(orders(), LakeOptions.DEFAULTS.withDiscoverySample(4))
        .schema();

    assertEquals(4, schema.footersRead());
    assertEquals(truth, schema.rowCount(), truth * 0.05, "fitted: " + schema.rowCount());
  }

  @Test
  void aTableNoLargerThanTheSampleIsReadWholeAndCountedExactly() {
    tenPartitions();
    TableSchema schema = LakeTestFiles.table(orders(), LakeOptions.DEFAULTS.withDiscoverySample(9))
        .schema();

    assertEquals(10, schema.footersRead());
    assertEquals(true, schema.allFooters());
    assertEquals(20, schema.rowCount());
  }

  @Test
  void discoveryAllReadsEveryFooter() {
    tenPartitions();
    parquet(orders().resolve("p=16/part-1.parquet"),
        "message m { required int64 id; optional int32 unseen; }", g -> g.add("id", 4L));
    setModified(orders().resolve("p=16/part-1.parquet"), 1_000_000L);
    TableSource table = LakeTestFiles.table(orders(),
        LakeOptions.DEFAULTS.withDiscoverySample(LakeOptions.DISCOVER_ALL));

    TableSchema schema = table.schema();

    assertEquals(List.of("id BIGINT", "unseen INTEGER", "p INTEGER @0"), columns(schema));
    assertEquals(11, schema.footersRead());
    assertEquals(11, table.storage().footers().footersRead());
    assertEquals(true, schema.allFooters());
    assertEquals(21, schema.rowCount());
  }

  @Test
  void aSampledFileWhoseFooterCannotBeReadIsReplacedByTheNextFile() {
    tenPartitions();
    // The sample of 2 is p=10's and p=19's files; p=10's is garbage, so the next file (p=11's) stands in.
    try {
      java.nio.file.Files.writeString(orders().resolve("p=10/part-0.parquet"), "not parquet");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    TableSource table = LakeTestFiles.table(orders(), LakeOptions.DEFAULTS.withDiscoverySample(2));

    TableSchema schema = table.schema();

    assertEquals(List.of("id BIGINT", "p INTEGER @0"), columns(schema));
    assertEquals(3, schema.footersRead(), "two sampled, one of them replaced");
  }

  @Test
  void typesConflictingWithinTheSampleNameBothFiles() {
    tenPartitions();
    Path last = orders().resolve("p=19/part-0.parquet");
    replace(last, "message m { required binary id (STRING); }", g -> g.add("id", "x"));
    setModified(last, 1_009_000L);

    assertLakeException(LakeException.DATATYPE_MISMATCH,
        () -> LakeTestFiles.table(orders(), LakeOptions.DEFAULTS.withDiscoverySample(2)).schema(),
        "'id'", orders().resolve("p=10/part-0.parquet").toString(), last.toString(), "BIGINT", "VARCHAR");
  }

  // ---- a table of many first-level partitions: a sample of them listed (ListingSample)

  private static final LakeOptions SAMPLE_OF_TWO = LakeOptions.DEFAULTS.withDiscoverySample(2);

  /**
   * {@code day=10..49} (more than 8 x a sample of two), each with {@code branches} of one two-row
   * file, directories and files modified in day (then branch) order: the listed sample is days 10
   * and 49 (the spread's ends; 49 also the most recently modified). Files get explicit times, as
   * written ones may share a clock tick, and a tie would make the newest file depend on the clock.
   */
  private void days(List<String> branches) {
    for (int d = 10; d < 50; d++) {
      for (int i = 0; i < branches.size(); i++) {
        String b = branches.get(i);
        Path file = orders().resolve("day=" + d + (b.isEmpty() ? "" : "/branch=" + b) + "/part-0.parquet");
        parquet(file, INT64_ID, g -> g.add("id", 1L), g -> g.add("id", 2L));
        setModified(file, 1_000_000L + d * 1000 + i);
      }
      setModified(orders().resolve("day=" + d), 1_000_000L + d * 1000);
    }
  }

  @Test
  void aTableOfManyFirstLevelPartitionsListsASampleOfThemAndEstimatesTheRest() {
    days(List.of("A", "B", "C"));
    // What a listing of day 30 would refuse: a directory that is no partition.
    mkdirs(orders().resolve("day=30/branch=A/junk"));

    TableSchema schema = schema(SAMPLE_OF_TWO);

    assertEquals(List.of("id BIGINT", "day INTEGER @0", "branch VARCHAR @1"), columns(schema));
    assertEquals(false, schema.allListed());
    assertEquals(false, schema.allFooters());
    // Every day holds what the listed ones hold: the estimates are exact.
    assertEquals(120, schema.partitionCount());
    assertEquals(120, schema.fileCount());
    assertEquals(240, schema.rowCount());
    assertEquals(120, schema.partitionValues().size());
    assertEquals(40.0, schema.distinctCounts().get("day"));
    assertEquals(3.0, schema.distinctCounts().get("branch"));
    // The spread's ends of the six listed partitions (day 10 A, day 49 C); 49/C is also the newest.
    assertEquals("a sample of 2 of its about 120 files' footers (discovery=sample)",
        schema.howDiscovered());
    // Listing every directory finds day 30's: the sample never listed it.
    assertLakeException(LakeException.DATA_EXCEPTION,
        () -> schema(LakeOptions.DEFAULTS.withDiscoverySample(LakeOptions.DISCOVER_ALL)),
        "junk", "is not a column=value partition directory");
  }

  @Test
  void theFirstLevelsTypeIsInferredOverEveryValueListedOrNot() {
    days(List.of(""));
    // Between days 29 and 31 by name, and modified before them: not in the sample.
    parquet(orders().resolve("day=3.5/part-0.parquet"), INT64_ID, g -> g.add("id", 1L));
    setModified(orders().resolve("day=3.5"), 1_000L);

    TableSchema schema = schema(SAMPLE_OF_TWO);

    assertEquals(false, schema.allListed());
    assertEquals(List.of("id BIGINT", "day DECIMAL(3,1) @0"), columns(schema));
  }

  @Test
  void theDefaultPartitionDoesNotCountInTheAverageOfTheUnlisted() {
    days(List.of(""));
    // Last by name, so sampled; a hundred rows where every day has two.
    List<java.util.function.Consumer<org.apache.parquet.example.data.Group>> rows =
        new java.util.ArrayList<>();
    for (long i = 0; i < 100; i++) {
      long id = i;
      rows.add(g -> g.add("id", id));
    }
    LakeTestFiles.parquet(orders().resolve("day=__HIVE_DEFAULT_PARTITION__/part-0.parquet"), INT64_ID,
        org.apache.parquet.hadoop.ParquetWriter.DEFAULT_BLOCK_SIZE, rows);

    TableSchema schema = schema(SAMPLE_OF_TWO);

    assertEquals(false, schema.allListed());
    assertEquals(40 * 2 + 100, schema.rowCount());
    assertEquals(41, schema.partitionCount());
  }

  @Test
  void aSampleOfEmptyPartitionsFallsBackToListingTheWholeTable() {
    // Forty days, all empty but day 30, which is not in the sample: days 10 and 49, the latter also
    // the most recently modified (set after day 30's file is written, which touched its directory).
    for (int d = 10; d < 50; d++) {
      mkdirs(orders().resolve("day=" + d));
    }
    parquet(orders().resolve("day=30/part-0.parquet"), INT64_ID, g -> g.add("id", 7L));
    for (int d = 10; d < 50; d++) {
      setModified(orders().resolve("day=" + d), 1_000_000L + d * 1000);
    }

    TableSchema schema = schema(SAMPLE_OF_TWO);

    assertEquals(List.of("id BIGINT", "day INTEGER @0"), columns(schema));
    assertEquals(true, schema.allListed());
    assertEquals(1, schema.rowCount());
    assertEquals(1, schema.fileCount());
  }
}
