package dev.lakejdbc.adapter.hive;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lakejdbc.adapter.types.ColumnType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartitionValueTypesTest {
  private static ColumnType infer(String... values) {
    return PartitionValueTypes.infer(Arrays.asList(values));
  }

  private static long epochMillis(LocalDateTime t) {
    // The lake's TIMESTAMP is microseconds of the wall clock (adapter.time).
    return t.toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000 + t.getNano() / 1_000;
  }

  // ---- infer

  @Test
  void smallIntegersAreInteger() {
    assertEquals(ColumnType.INTEGER, infer("1", "2", "3"));
    assertEquals(ColumnType.INTEGER, infer("0"));
    assertEquals(ColumnType.INTEGER, infer("-5"));
    assertEquals(ColumnType.INTEGER, infer(String.valueOf(Integer.MAX_VALUE),
        String.valueOf(Integer.MIN_VALUE)));
  }

  @Test
  void integersPastIntRangeAreBigint() {
    assertEquals(ColumnType.BIGINT, infer("1", "2147483648"));
    assertEquals(ColumnType.BIGINT, infer("-2147483649"));
    assertEquals(ColumnType.BIGINT, infer(String.valueOf(Long.MAX_VALUE)));
  }

  @Test
  void integersPastBigintRangeAreDecimal() {
    assertEquals(ColumnType.decimal(19, 0), infer("9223372036854775808"));
  }

  @Test
  void leadingZerosMakeACodeNotANumber() {
    assertEquals(ColumnType.VARCHAR, infer("05"));
    assertEquals(ColumnType.VARCHAR, infer("1", "05"));
    assertEquals(ColumnType.VARCHAR, infer("-05"));
    assertEquals(ColumnType.VARCHAR, infer("+5"));
    assertEquals(ColumnType.VARCHAR, infer("1e5"));
  }

  @Test
  void decimalsTakeTheLargestIntegerPartAndScale() {
    ColumnType t = infer("1.5", "2");
    assertEquals(ColumnType.decimal(2, 1), t);
    assertEquals(2, t.precision());
    assertEquals(1, t.scale());
    assertEquals(ColumnType.decimal(5, 3), infer("-12.5", "0.125"));
    assertEquals(ColumnType.decimal(3, 2), infer("0.05"));
    assertEquals(ColumnType.decimal(12, 1), infer("12345678901", "0.5"));
  }

  @Test
  void decimalsPastMaxPrecisionAreDouble() {
    assertEquals(ColumnType.DOUBLE, infer("1" + "0".repeat(30) + ".123456789"));
  }

  @Test
  void validIsoDatesAreDate() {
    assertEquals(ColumnType.DATE, infer("2026-07-08", "2026-12-31"));
    assertEquals(ColumnType.VARCHAR, infer("2026-02-30"));
    assertEquals(ColumnType.VARCHAR, infer("2026-7-8"));
  }

  @Test
  void datesWithTimestampsAreTimestamp() {
    assertEquals(ColumnType.TIMESTAMP, infer("2026-07-08", "2026-07-08 10:00:00"));
    assertEquals(ColumnType.TIMESTAMP, infer("2026-07-08T10:00"));
    assertEquals(ColumnType.TIMESTAMP, infer("2026-07-08 10:00:00.123456"));
    assertEquals(ColumnType.TIMESTAMP, infer("2026-07-08 10:00:00.123456000"));
    // A TIMESTAMP keeps microseconds: a value with nanoseconds stays text rather than be rounded.
    assertEquals(ColumnType.VARCHAR, infer("2026-07-08 10:00:00.123456789"));
    assertEquals(ColumnType.VARCHAR, infer("2026-07-08 25:00"));
  }

  @Test
  void mixedNumbersAndTextAreVarchar() {
    assertEquals(ColumnType.VARCHAR, infer("1", "MUM001"));
    assertEquals(ColumnType.VARCHAR, infer("1", "2026-07-08"));
    assertEquals(ColumnType.VARCHAR, infer("1.5", "2026-07-08 10:00"));
    assertEquals(ColumnType.VARCHAR, infer("true", "false"));
  }

  @Test
  void nullsAreSkippedAndOnlyNullsAreVarchar() {
    assertEquals(ColumnType.VARCHAR, infer());
    assertEquals(ColumnType.VARCHAR, infer(null, null));
    assertEquals(ColumnType.INTEGER, infer(null, "1", null, "2"));
    assertEquals(ColumnType.DATE, PartitionValueTypes.infer(Arrays.asList("2026-07-08", null)));
  }

  @Test
  void invalidDateInTimestampIsNotATimestamp() {
    assertEquals(ColumnType.VARCHAR, infer("2026-02-30 10:00:00"));
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("2026-02-30 10:00:00", ColumnType.TIMESTAMP));
    // Nor is 24:00, which a lenient resolver would turn into the next day.
    assertEquals(ColumnType.VARCHAR, infer("2026-07-08 24:00"));
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("2026-07-08 24:00", ColumnType.TIMESTAMP));
  }

  // ---- parse

  @Test
  void parsesEachTypeIntoCalcitesRepresentation() {
    assertEquals("MUM001", PartitionValueTypes.parse("MUM001", ColumnType.VARCHAR));
    assertEquals((byte) -8, PartitionValueTypes.parse("-8", ColumnType.TINYINT));
    assertEquals((short) 300, PartitionValueTypes.parse("300", ColumnType.SMALLINT));
    assertEquals(42, PartitionValueTypes.parse("42", ColumnType.INTEGER));
    assertEquals(2147483648L, PartitionValueTypes.parse("2147483648", ColumnType.BIGINT));
    assertEquals(1.5f, PartitionValueTypes.parse("1.5", ColumnType.REAL));
    assertEquals(-2.25, PartitionValueTypes.parse("-2.25", ColumnType.DOUBLE));
    assertEquals(5, PartitionValueTypes.parse("05", ColumnType.INTEGER), "a declared type accepts 05");
  }

  @ParameterizedTest
  @CsvSource({"true, true", "TRUE, true", "False, false", "fAlSe, false"})
  void booleanIsCaseInsensitive(String text, boolean expected) {
    assertEquals(expected, PartitionValueTypes.parse(text, ColumnType.BOOLEAN));
  }

  @Test
  void decimalIsRescaledToTheColumnScale() {
    ColumnType type = ColumnType.decimal(12, 2);
    assertEquals(new BigDecimal("1.50"), PartitionValueTypes.parse("1.5", type));
    assertEquals(new BigDecimal("7.00"), PartitionValueTypes.parse("7", type));
    assertEquals(new BigDecimal("-0.25"), PartitionValueTypes.parse("-0.25", type));
    assertEquals(new BigDecimal("9999999999.99"), PartitionValueTypes.parse("9999999999.99", type));
  }

  @ParameterizedTest
  @CsvSource({"12345678901.5", "1.234", "abc"})
  void decimalThatDoesNotFitIsRejected(String value) {
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse(value, ColumnType.decimal(12, 2)));
  }

  @Test
  void decimalFitIsJudgedByValue() {
    assertEquals(new BigDecimal("0.00"), PartitionValueTypes.parse("0", ColumnType.decimal(2, 2)));
    assertEquals(new BigDecimal("1.5"), PartitionValueTypes.parse("1.50", ColumnType.decimal(3, 1)));
    assertEquals(new BigDecimal("100"), PartitionValueTypes.parse("100.0", ColumnType.decimal(3, 0)));
    // Judged by value, but never rounded: 1.55 needs scale 2.
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("1.55", ColumnType.decimal(3, 1)));
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("1000", ColumnType.decimal(3, 0)));
  }

  @Test
  void dateIsEpochDays() {
    assertEquals((int) LocalDate.of(2026, 7, 8).toEpochDay(),
        PartitionValueTypes.parse("2026-07-08", ColumnType.DATE));
    assertEquals(-1, PartitionValueTypes.parse("1969-12-31", ColumnType.DATE));
  }

  @Test
  void timestampIsEpochMicrosOfTheUtcWallClock() {
    assertEquals(epochMillis(LocalDateTime.of(2026, 7, 8, 10, 0)),
        PartitionValueTypes.parse("2026-07-08 10:00", ColumnType.TIMESTAMP));
    assertEquals(epochMillis(LocalDateTime.of(2026, 7, 8, 10, 11, 12)),
        PartitionValueTypes.parse("2026-07-08T10:11:12", ColumnType.TIMESTAMP));
    assertEquals(epochMillis(LocalDateTime.of(2026, 7, 8, 10, 11, 12, 345_678_000)),
        PartitionValueTypes.parse("2026-07-08 10:11:12.345678", ColumnType.TIMESTAMP),
        "microseconds kept");
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("2026-07-08 10:11:12.345678901", ColumnType.TIMESTAMP),
        "nanoseconds a TIMESTAMP cannot keep");
    assertEquals(epochMillis(LocalDateTime.of(2026, 7, 8, 0, 0)),
        PartitionValueTypes.parse("2026-07-08", ColumnType.TIMESTAMP), "a date is its midnight");
  }

  @ParameterizedTest
  @CsvSource({
      "x, INTEGER", "2147483648, INTEGER", "1.5, INTEGER", "128, TINYINT", "40000, SMALLINT",
      "x, BIGINT", "x, DOUBLE", "x, REAL", "yes, BOOLEAN", "1, BOOLEAN",
      "2026-02-30, DATE", "20260708, DATE", "2026-07-08 25:00, TIMESTAMP", "x, TIMESTAMP"})
  void badValuesThrowIllegalArgumentException(String value, String type) {
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse(value, ColumnType.parse(type)));
  }

  @Test
  void typesAPartitionCannotHaveAreRejected() {
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("10:00", ColumnType.TIME));
    assertThrows(IllegalArgumentException.class,
        () -> PartitionValueTypes.parse("00", ColumnType.VARBINARY));
  }

  @Test
  void everyInferredTypeParsesItsOwnValues() {
    List<List<String>> columns = List.of(
        List.of("1", "-2", "30"), List.of("1", "9999999999"), List.of("1.5", "-22", "0.125"),
        List.of("2026-07-08", "2026-12-31"), List.of("2026-07-08", "2026-07-08 10:11:12.5"),
        List.of("05", "MUM001"));
    for (List<String> values : columns) {
      ColumnType type = PartitionValueTypes.infer(values);
      for (String v : values) {
        assertDoesNotThrow(() -> PartitionValueTypes.parse(v, type), v + " as " + type);
      }
    }
  }

  /** The fast date reading accepts and refuses exactly what {@code LocalDate.parse} does. */
  @Test
  void isoDateReadsWhatLocalDateParseReads() {
    List<String> values = new java.util.ArrayList<>(List.of("2026-02-30", "2026-02-29",
        "2024-02-29", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-01", "2026-01-1x",
        "+2026-01-01", "-0001-01-01", "0000-01-01", "9999-12-31", "+10000-01-01", "2026/01/01",
        "2026-01-01 ", " 2026-01-01", "\uff12026-01-01", "2026-01-0\u0661", "abcd-ef-gh", ""));
    for (LocalDate d = LocalDate.of(1899, 12, 1); d.getYear() < 2101; d = d.plusDays(1)) {
      values.add(d.toString());
    }
    for (String v : values) {
      Object expected, actual;
      try {
        expected = LocalDate.parse(v);
      } catch (java.time.DateTimeException e) {
        expected = "refused";
      }
      try {
        actual = PartitionValueTypes.isoDate(v);
      } catch (java.time.DateTimeException e) {
        actual = "refused";
      }
      assertEquals(expected, actual, v);
    }
  }
}
