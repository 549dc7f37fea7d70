package dev.lakejdbc.adapter.read;

import static dev.lakejdbc.adapter.LakeTestFiles.parquet;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import dev.lakejdbc.adapter.dpp.DynamicPruning;
import dev.lakejdbc.adapter.prune.PartitionFilter;
import dev.lakejdbc.adapter.table.TableSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.linq4j.Enumerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Listing and scanning a table: rows combine the files' values with the partition values. */
class TableRowsTest {
  @TempDir Path lake;

  /**
   * Every row of a scan of {@code fields}, as Calcite's generated code receives them, in file order
   * (files are read in parallel, so their rows arrive in no fixed order: sort by text).
   */
  private static List<Object> scan(TableSource table, int... fields) {
    List<Object> rows = new ArrayList<>();
    try (Enumerator<Object> e = TableRows.scan(table, null, fields, false, PartitionFilter.NONE,
        new DynamicPruning[0], null).enumerator()) {
      while (e.moveNext()) {
        Object row = e.current();
        rows.add(row instanceof Object[] a ? Arrays.asList(a) : row);
      }
    }
    rows.sort(java.util.Comparator.comparing(String::valueOf));
    return rows;
  }

  private TableSource orders() {
    Path dir = lake.resolve("orders");
    parquet(dir.resolve("dt=2026-07-08/part-0.parquet"),
        "message m { required int32 id; optional binary name (STRING); }",
        g -> g.append("id", 1).append("name", "a"), g -> g.append("id", 2));
    parquet(dir.resolve("dt=__HIVE_DEFAULT_PARTITION__/part-0.parquet"),
        "message m { required int64 id; }", g -> g.append("id", 3L));
    return LakeTestFiles.table(dir, LakeOptions.DEFAULTS);
  }

  @Test
  void rowsCarryFileValuesWidenedAndPartitionValues() {
    TableSource table = orders();
    int day = (int) java.time.LocalDate.of(2026, 7, 8).toEpochDay();

    assertEquals(List.of(
            Arrays.asList(1L, "a", day),
            Arrays.asList(2L, null, day),
            Arrays.asList(3L, null, null)),
        scan(table, 0, 1, 2));
  }

  @Test
  void scanReturnsOnlyTheRequestedFieldsInTheirOrder() {
    TableSource table = orders();
    int day = (int) java.time.LocalDate.of(2026, 7, 8).toEpochDay();

    assertEquals(List.of(Arrays.asList(day, 1L), Arrays.asList(day, 2L), Arrays.asList(null, 3L)),
        scan(table, 2, 0));
    assertEquals(Arrays.asList("a", null, null), scan(table, 1), "one field is a bare value");
    assertEquals(List.of(List.of(), List.of(), List.of()), scan(table), "no field: empty rows");
  }

  @Test
  void singleParquetFileIsAnUnpartitionedTable() {
    Path file = parquet(lake.resolve("branches.parquet"),
        "message m { required binary code (STRING); }", g -> g.append("code", "MUM001"));
    TableSource table = LakeTestFiles.table(file, LakeOptions.DEFAULTS);

    assertEquals("branches", table.name());
    assertEquals(List.of(), table.listLayout().columns());
    assertEquals(List.of("MUM001"), scan(table, 0));
  }
}
