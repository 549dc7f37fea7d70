package dev.lakejdbc.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.types.ColumnType;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LakeOptionsTest {
  @Test
  void parsesColumnAndTableQualifiedEntries() {
    assertEquals(Map.of(
            "dt", ColumnType.DATE,
            "branch_id", ColumnType.VARCHAR,
            "orders.amount", ColumnType.decimal(12, 2)),
        LakeOptions.parsePartitionTypes("dt:date,branch_id:varchar,orders.amount:decimal(12,2)"));
  }

  @Test
  void commaInsideDecimalDoesNotSplitEntries() {
    assertEquals(Map.of("a", ColumnType.decimal(12, 2), "b", ColumnType.decimal(5, 1), "c",
            ColumnType.INTEGER),
        LakeOptions.parsePartitionTypes("a:decimal(12,2),b:decimal(5, 1),c:int"));
  }

  @Test
  void spacesAndCaseAreNormalized() {
    assertEquals(Map.of("dt", ColumnType.DATE, "orders.qty", ColumnType.INTEGER),
        LakeOptions.parsePartitionTypes(" DT : Date , Orders.Qty:INT "));
  }

  @Test
  void blankSpecDeclaresNothing() {
    assertEquals(Map.of(), LakeOptions.parsePartitionTypes(null));
    assertEquals(Map.of(), LakeOptions.parsePartitionTypes("  "));
  }

  @ParameterizedTest
  @ValueSource(strings = {"dt", ":date", "dt:date,branch_id", "dt:date,,x:int"})
  void entryWithoutColumnAndTypeIsRejected(String spec) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LakeOptions.parsePartitionTypes(spec));
    assertTrue(e.getMessage().contains("is not column:type"), e.getMessage());
  }

  @Test
  void malformedEntryIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LakeOptions.parsePartitionTypes("dt:date, branch_id "));
    assertEquals("partitionTypes entry 'branch_id' is not column:type", e.getMessage());
  }

  @Test
  void unknownTypeIsRejectedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LakeOptions.parsePartitionTypes("dt:datetime"));
    assertTrue(e.getMessage().contains("'datetime'"), e.getMessage());
  }

  @Test
  void declaredTypePrefersTheTableQualifiedEntry() {
    LakeOptions options = new LakeOptions(
        LakeOptions.parsePartitionTypes("dt:date,orders.dt:varchar,orders.amount:decimal(12,2)"),
        true);

    assertEquals(ColumnType.VARCHAR, options.declaredType("orders", "dt"));
    assertEquals(ColumnType.VARCHAR, options.declaredType("ORDERS", "DT"));
    assertEquals(ColumnType.DATE, options.declaredType("branches", "dt"));
    assertEquals(ColumnType.decimal(12, 2), options.declaredType("orders", "amount"));
    assertNull(options.declaredType("branches", "amount"));
    assertNull(options.declaredType("orders", "branch_id"));
  }

  @Test
  void defaultsDeclareNothingAndInfer() {
    assertTrue(LakeOptions.DEFAULTS.partitionTypeInference());
    assertNull(LakeOptions.DEFAULTS.declaredType("orders", "dt"));
  }
}
