package dev.lakejdbc.adapter.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.filter.Comparison;
import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.types.ColumnType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.filter2.predicate.SchemaCompatibilityValidator;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * What a data predicate on a table's columns becomes in one file: parquet-java predicates on that
 * file's physical types, with bounds rounded so that every match is kept, or TRUE/FALSE.
 */
class FilterPredicateTranslatorTest {
  /** The table: x BIGINT, amount DECIMAL(12,2), ts TIMESTAMP, s VARCHAR, d DOUBLE, r REAL, b BOOLEAN. */
  private static final List<String> NAMES = List.of("x", "amount", "ts", "s", "d", "r", "b", "missing");
  private static final List<ColumnType> TYPES = List.of(ColumnType.BIGINT, ColumnType.decimal(12, 2),
      ColumnType.TIMESTAMP, ColumnType.VARCHAR, ColumnType.DOUBLE, ColumnType.REAL, ColumnType.BOOLEAN,
      ColumnType.INTEGER);

  private final List<String> notes = new ArrayList<>();

  private String translate(String schema, DataPredicate p) {
    MessageType fileSchema = MessageTypeParser.parseMessageType(schema);
    Translation t = new FilterPredicateTranslator(fileSchema, NAMES, TYPES, notes::add).translate(p);
    if (t.predicate() != null) {
      // The predicate's column types fit the file's: parquet-java checks this before filtering.
      SchemaCompatibilityValidator.validate(t.predicate(), fileSchema);
      return t.predicate().toString();
    }
    return t.isAll() ? "ALL" : "NONE";
  }

  private static DataPredicate cmp(int column, Comparison op, Object value) {
    return new DataPredicate.Compare(column, op, value);
  }

  private static final String INT32_X = "message m { optional int32 x; }";
  private static final String INT64_X = "message m { optional int64 x; }";

  @Test void aBigintColumnThatIsInt32InThisFile() {
    assertEquals("eq(x, 5)", translate(INT32_X, cmp(0, Comparison.EQ, 5L)));
    assertEquals("eq(x, 5)", translate(INT64_X, cmp(0, Comparison.EQ, 5L)));
    // No INT32 equals 5,000,000,000; every INT32 is below it; none above.
    assertEquals("NONE", translate(INT32_X, cmp(0, Comparison.EQ, 5_000_000_000L)));
    assertEquals("noteq(x, null)", translate(INT32_X, cmp(0, Comparison.LT, 5_000_000_000L)));
    assertEquals("NONE", translate(INT32_X, cmp(0, Comparison.GT, 5_000_000_000L)));
    assertEquals("noteq(x, null)", translate(INT32_X, cmp(0, Comparison.NE, 5_000_000_000L)));
  }

  @Test void boundsBetweenStoredValuesRoundToKeepEveryMatch() {
    BigDecimal half = new BigDecimal("2.5");
    assertEquals("lt(x, 3)", translate(INT64_X, cmp(0, Comparison.LT, half)));
    assertEquals("lteq(x, 2)", translate(INT64_X, cmp(0, Comparison.LE, half)));
    assertEquals("gt(x, 2)", translate(INT64_X, cmp(0, Comparison.GT, half)));
    assertEquals("gteq(x, 3)", translate(INT64_X, cmp(0, Comparison.GE, half)));
    assertEquals("NONE", translate(INT64_X, cmp(0, Comparison.EQ, half)));
  }

  @Test void decimalsInEachPhysicalTypeAtTheFilesScale() {
    DataPredicate ge = cmp(1, Comparison.GE, new BigDecimal("12.345"));
    assertEquals("gteq(amount, 1235)",
        translate("message m { optional int32 amount (DECIMAL(9,2)); }", ge));
    assertEquals("gteq(amount, 124)",
        translate("message m { optional int64 amount (DECIMAL(12,1)); }", ge));
    // FIXED: big-endian two's complement of the type's length; 1235 = 0x04D3.
    assertEquals("gteq(amount, Binary{6 constant bytes, [0, 0, 0, 0, 4, -45]})",
        translate("message m { optional fixed_len_byte_array(6) amount (DECIMAL(12,2)); }", ge));
    // BINARY: equality by range only (a writer may pad the bytes); -5 = 0xFB.
    assertEquals("and(gteq(amount, Binary{1 constant bytes, [-5]}), lteq(amount, Binary{1 constant bytes, [-5]}))",
        translate("message m { optional binary amount (DECIMAL(12,2)); }",
            cmp(1, Comparison.EQ, new BigDecimal("-0.05"))));
  }

  @Test void timestampsInTheFilesUnitReadAsMicroseconds() {
    String micros = "message m { optional int64 ts (TIMESTAMP(MICROS,false)); }";
    assertEquals("eq(ts, 1000)", translate(micros, cmp(2, Comparison.EQ, 1_000L)));
    assertEquals("lt(ts, 1001)", translate(micros, cmp(2, Comparison.LE, 1_000L)));
    // 1,000 µs is every nanosecond value from 1,000,000 to 1,000,999 (nanoseconds read rounded down).
    String nanos = "message m { optional int64 ts (TIMESTAMP(NANOS,false)); }";
    assertEquals("and(gteq(ts, 1000000), lteq(ts, 1000999))", translate(nanos, cmp(2, Comparison.EQ, 1_000L)));
    assertEquals("gteq(ts, 1001000)", translate(nanos, cmp(2, Comparison.GT, 1_000L)));
    // A millisecond file stores 1,000 µs as 1 and holds no value equal to 1,500 µs.
    String millis = "message m { optional int64 ts (TIMESTAMP(MILLIS,true)); }";
    assertEquals("eq(ts, 1)", translate(millis, cmp(2, Comparison.EQ, 1_000L)));
    assertEquals("ALL", translate(millis, cmp(2, Comparison.EQ, 1_500L)));
    assertEquals("lt(ts, 2)", translate(millis, cmp(2, Comparison.LT, 1_500L)));
    assertEquals("lt(ts, 2)", translate(millis, cmp(2, Comparison.LE, 1_500L)));
    assertEquals("gteq(ts, 2)", translate(millis, cmp(2, Comparison.GT, 1_500L)));
    assertEquals("gteq(ts, 2)", translate(millis, cmp(2, Comparison.GE, 1_500L)));
    assertEquals("lt(ts, 1)", translate(millis, cmp(2, Comparison.LT, 1_000L)));
    assertEquals("gteq(ts, 1)", translate(millis, cmp(2, Comparison.GE, 1_000L)));
    assertEquals("ALL", translate("message m { optional int96 ts; }", cmp(2, Comparison.EQ, 1_000L)));
    assertTrue(notes.get(0).contains("INT96"), notes.toString());
  }

  @Test void stringRangesWithCharactersPastD7ffAreNotUsed() {
    String s = "message m { optional binary s (STRING); }";
    assertEquals("lt(s, Binary{\"b\"})", translate(s, cmp(3, Comparison.LT, "b")));
    assertEquals("ALL", translate(s, cmp(3, Comparison.LT, "\uFFFD")));
    assertEquals("eq(s, Binary{\"\uFFFD\"})", translate(s, cmp(3, Comparison.EQ, "\uFFFD")));
    assertTrue(notes.get(0).contains("U+D800"), notes.toString());
  }

  @Test void shortInListsAreEqualitiesLongOnesOneSet() {
    String s = "message m { optional int64 x; }";
    assertEquals("or(eq(x, 1), eq(x, 5))", translate(s, new DataPredicate.In(0, List.of(5L, 1L))));
    List<Object> many = new ArrayList<>();
    for (long i = 0; i <= ColumnPredicates.IN_AS_EQUALITIES_MAX; i++) {
      many.add(i);
    }
    assertTrue(translate(s, new DataPredicate.In(0, many)).startsWith("in(x, "));
    assertEquals("notin(x, 1, 5)", translate(s, new DataPredicate.NotIn(0, List.of(1L, 5L))));
  }

  @Test void zerosCoverBothSignsAndFloatsStayFloats() {
    String d = "message m { optional double d; }";
    assertEquals("or(eq(d, -0.0), eq(d, 0.0))", translate(d, cmp(4, Comparison.EQ, 0.0)));
    assertEquals("gteq(d, -0.0)", translate(d, cmp(4, Comparison.GE, 0.0)));
    assertEquals("lteq(d, 0.0)", translate(d, cmp(4, Comparison.LE, -0.0)));
    assertEquals("gt(d, 0.0)", translate(d, cmp(4, Comparison.GT, -0.0)));
    assertEquals("lt(d, -0.0)", translate(d, cmp(4, Comparison.LT, 0.0)));
    assertEquals("eq(r, 1.5)", translate("message m { optional float r; }", cmp(5, Comparison.EQ, 1.5f)));
    // A DOUBLE table column that is FLOAT in this file is not compared.
    assertEquals("ALL", translate("message m { optional float d; }", cmp(4, Comparison.EQ, 1.5)));
  }

  @Test void aMissingColumnIsNullInEveryRow() {
    assertEquals("NONE", translate(INT64_X, cmp(7, Comparison.EQ, 1)));
    assertEquals("ALL", translate(INT64_X, new DataPredicate.IsNull(7)));
    assertEquals("NONE", translate(INT64_X, new DataPredicate.IsNotNull(7)));
    assertEquals("eq(x, 1)", translate(INT64_X, DataPredicate.or(List.of(cmp(0, Comparison.EQ, 1L),
        cmp(7, Comparison.EQ, 1)))));
  }

  @Test void columnsMatchByNameIgnoringCase() {
    assertEquals("eq(X, 1)", translate("message m { optional int64 X; }", cmp(0, Comparison.EQ, 1L)));
  }

  @Test void whatCannotBeExpressedKeepsEveryRowAndSaysWhy() {
    assertEquals("ALL", translate("message m { optional group x { optional int64 y; } }",
        cmp(0, Comparison.EQ, 1L)));
    assertEquals("ALL", translate("message m { optional int32 x (INTEGER(32,false)); }",
        cmp(0, Comparison.EQ, 1L)));
    assertEquals(2, notes.size(), notes.toString());
    // Within an AND the rest still filters.
    assertEquals("gt(amount, 300)", translate("message m { optional int64 amount (DECIMAL(12,2)); "
        + "optional group x { optional int64 y; } }", DataPredicate.and(List.of(cmp(0, Comparison.EQ, 1L),
        cmp(1, Comparison.GT, new BigDecimal("3"))))));
  }

  @Test void booleans() {
    String b = "message m { optional boolean b; }";
    assertEquals("eq(b, true)", translate(b, cmp(6, Comparison.EQ, true)));
    assertEquals("ALL", translate(b, cmp(6, Comparison.GT, false)));
  }
}
