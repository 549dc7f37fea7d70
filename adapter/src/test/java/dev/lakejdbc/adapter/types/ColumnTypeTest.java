package dev.lakejdbc.adapter.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeFactoryImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ColumnTypeTest {
  @ParameterizedTest
  @CsvSource({
      "boolean, BOOLEAN", "tinyint, TINYINT", "smallint, SMALLINT", "int, INTEGER",
      "integer, INTEGER", "bigint, BIGINT", "long, BIGINT", "real, REAL", "float, REAL",
      "double, DOUBLE", "date, DATE", "timestamp, TIMESTAMP", "varchar, VARCHAR", "string, VARCHAR",
      "' INT ', INTEGER", "VarChar, VARCHAR", "DATE, DATE"})
  void parsesEverySpelling(String spec, String expected) {
    assertEquals(SqlTypeName.valueOf(expected), ColumnType.parse(spec).name());
  }

  @Test
  void timestampKeepsMicrosecondPrecision() {
    assertEquals(ColumnType.TIMESTAMP, ColumnType.parse("timestamp"));
    assertEquals(6, ColumnType.parse("timestamp").precision());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "decimal(12,2) | 12 | 2",
      "decimal(12, 2) | 12 | 2",
      "DECIMAL(38,10) | 38 | 10",
      "Decimal ( 5 ) | 5 | 0",
      "decimal | 38 | 0",
      "decimal(3,3) | 3 | 3"})
  void parsesDecimals(String spec, int precision, int scale) {
    assertEquals(ColumnType.decimal(precision, scale), ColumnType.parse(spec));
  }

  @ParameterizedTest
  @ValueSource(strings = {"decimal(39,2)", "decimal(0)", "decimal(5,6)", "decimal(a,b)",
      "decimal(12,2", "varchar(10)", "time", "text", "", "int,"})
  void rejectsUnsupportedTypesNamingTheSpec(String spec) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ColumnType.parse(spec));
    assertTrue(e.getMessage().contains("'" + spec + "'"), e.getMessage());
  }

  @Test
  void hugeDecimalPrecisionIsRejectedNamingTheSpec() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ColumnType.parse("decimal(99999999999,2)"));
    assertTrue(e.getMessage().contains("'decimal(99999999999,2)'"), e.getMessage());
  }

  @Test
  void toStringShowsDecimalPrecisionAndScale() {
    assertEquals("DECIMAL(12,2)", ColumnType.decimal(12, 2).toString());
    assertEquals("BIGINT", ColumnType.BIGINT.toString());
  }

  @Test
  void widensIntegersToTheLarger() {
    assertEquals(ColumnType.BIGINT, ColumnType.widen(ColumnType.INTEGER, ColumnType.BIGINT));
    assertEquals(ColumnType.BIGINT, ColumnType.widen(ColumnType.BIGINT, ColumnType.INTEGER));
    assertEquals(ColumnType.SMALLINT, ColumnType.widen(ColumnType.TINYINT, ColumnType.SMALLINT));
    assertSame(ColumnType.DATE, ColumnType.widen(ColumnType.DATE, ColumnType.DATE));
  }

  @Test
  void widensIntegersAndDecimalsToADecimalHoldingBoth() {
    assertEquals(ColumnType.decimal(12, 2),
        ColumnType.widen(ColumnType.INTEGER, ColumnType.decimal(5, 2)));
    assertEquals(ColumnType.decimal(12, 2),
        ColumnType.widen(ColumnType.decimal(5, 2), ColumnType.INTEGER));
    assertEquals(ColumnType.decimal(21, 2),
        ColumnType.widen(ColumnType.BIGINT, ColumnType.decimal(5, 2)));
    assertEquals(ColumnType.decimal(14, 4),
        ColumnType.widen(ColumnType.decimal(12, 2), ColumnType.decimal(6, 4)));
    assertNull(ColumnType.widen(ColumnType.decimal(38, 0), ColumnType.decimal(38, 10)),
        "48 digits do not fit");
  }

  @Test
  void widensRealToDouble() {
    assertEquals(ColumnType.DOUBLE, ColumnType.widen(ColumnType.REAL, ColumnType.DOUBLE));
    assertEquals(ColumnType.DOUBLE, ColumnType.widen(ColumnType.DOUBLE, ColumnType.REAL));
  }

  @Test
  void otherPairsConflict() {
    assertNull(ColumnType.widen(ColumnType.DATE, ColumnType.VARCHAR));
    assertNull(ColumnType.widen(ColumnType.BIGINT, ColumnType.VARCHAR));
    assertNull(ColumnType.widen(ColumnType.INTEGER, ColumnType.DOUBLE));
    assertNull(ColumnType.widen(ColumnType.DATE, ColumnType.TIMESTAMP));
    assertNull(ColumnType.widen(ColumnType.VARBINARY, ColumnType.VARCHAR));
  }

  @Test
  void coercesValuesToTheWidenedType() {
    assertEquals(7L, ColumnType.BIGINT.coerce(7, ColumnType.INTEGER));
    assertEquals(7, ColumnType.INTEGER.coerce((short) 7, ColumnType.SMALLINT));
    assertEquals((short) 7, ColumnType.SMALLINT.coerce((byte) 7, ColumnType.TINYINT));
    assertEquals(1.5d, ColumnType.DOUBLE.coerce(1.5f, ColumnType.REAL));
    assertEquals(new BigDecimal("-5.00"),
        ColumnType.decimal(12, 2).coerce(-5, ColumnType.INTEGER));
    assertEquals(new BigDecimal("9223372036854775807.00"),
        ColumnType.decimal(21, 2).coerce(Long.MAX_VALUE, ColumnType.BIGINT));
    assertEquals(new BigDecimal("1.500"),
        ColumnType.decimal(14, 3).coerce(new BigDecimal("1.5"), ColumnType.decimal(5, 1)));
  }

  @Test
  void coerceKeepsNullsAndValuesOfTheSameType() {
    assertNull(ColumnType.BIGINT.coerce(null, ColumnType.INTEGER));
    Object s = "x";
    assertSame(s, ColumnType.VARCHAR.coerce(s, ColumnType.VARCHAR));
  }

  @Test
  void relTypesAreNullableAndKeepPrecision() {
    RelDataTypeFactory factory = new SqlTypeFactoryImpl(LakeTypeSystem.INSTANCE);
    RelDataType decimal = ColumnType.decimal(38, 10).toRelType(factory);
    assertTrue(decimal.isNullable());
    assertEquals(SqlTypeName.DECIMAL, decimal.getSqlTypeName());
    assertEquals(38, decimal.getPrecision());
    assertEquals(10, decimal.getScale());
    assertEquals(6, ColumnType.TIMESTAMP.toRelType(factory).getPrecision());
    assertEquals(SqlTypeName.VARCHAR, ColumnType.VARCHAR.toRelType(factory).getSqlTypeName());
  }
}
