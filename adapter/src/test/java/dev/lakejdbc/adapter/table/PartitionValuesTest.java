package dev.lakejdbc.adapter.table;

import static dev.lakejdbc.adapter.LakeTestFiles.assertLakeException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.types.ColumnType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class PartitionValuesTest {
  private static final List<LakeColumn> COLUMNS = List.of(
      new LakeColumn("dt", ColumnType.DATE, 0),
      new LakeColumn("branch_id", ColumnType.VARCHAR, 1),
      new LakeColumn("amount", ColumnType.decimal(5, 2), 2));

  private static PartitionDirectory partition(String... values) {
    return new PartitionDirectory(Arrays.asList(values), "name", new Path("file:/lake/orders/x=1"),
        List.of());
  }

  @Test
  void valuesAreTypedInColumnOrder() {
    assertArrayEquals(new Object[] {(int) LocalDate.of(2026, 7, 8).toEpochDay(), "MUM001",
        new BigDecimal("1.50")}, PartitionValues.of(COLUMNS, partition("2026-07-08", "MUM001", "1.5")));
  }

  @Test
  void defaultPartitionIsNull() {
    assertArrayEquals(new Object[] {null, null, null},
        PartitionValues.of(COLUMNS, partition(null, null, null)));
  }

  @Test
  void valueThatDoesNotFitNamesValueColumnTypeAndDirectory() {
    assertLakeException(LakeException.INVALID_VALUE_FOR_TYPE,
        () -> PartitionValues.of(COLUMNS, partition("2026-07-08", "MUM001", "1234.5")),
        "'1234.5'", "'amount'", "DECIMAL(5,2)", "file:/lake/orders/x=1");
  }
}
