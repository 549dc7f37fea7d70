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
}
