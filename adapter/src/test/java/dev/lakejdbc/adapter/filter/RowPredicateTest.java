package dev.lakejdbc.adapter.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.filter.DataPredicate.And;
import dev.lakejdbc.adapter.filter.DataPredicate.Compare;
import dev.lakejdbc.adapter.filter.DataPredicate.In;
import dev.lakejdbc.adapter.filter.DataPredicate.IsNull;
import dev.lakejdbc.adapter.filter.DataPredicate.NotIn;
import dev.lakejdbc.adapter.filter.DataPredicate.Or;
import dev.lakejdbc.adapter.filter.DataPredicate.Slot;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/**
 * A row filter is TRUE exactly where SQL's WHERE keeps the row: NULL never matches a comparison or
 * list, values of different Java classes compare by value, and only the exact types qualify.
 */
class RowPredicateTest {
  /** Table columns 0..3 at output positions 3..0. */
  private static RowPredicate of(DataPredicate bound) {
    return RowPredicate.of(bound, c -> 3 - c);
  }

  private static Object[] row(Object c0, Object c1, Object c2, Object c3) {
    return new Object[] {c3, c2, c1, c0};
  }

  @Test void comparisonsOfNumbersByValueWhateverTheirClass() {
    RowPredicate lt = of(new Compare(0, Comparison.LT, new BigDecimal("2.5")));
    assertTrue(lt.accepts(row(2, null, null, null)));
    assertFalse(lt.accepts(row(3, null, null, null)));
    assertFalse(lt.accepts(row(null, null, null, null)), "NULL < 2.5 is not TRUE");
    RowPredicate eq = of(new Compare(1, Comparison.EQ, 5_000_000_000L));
    assertTrue(eq.accepts(row(null, 5_000_000_000L, null, null)));
    assertFalse(eq.accepts(row(null, 705_032_704, null, null)), "no int equals it (no overflow)");
    RowPredicate scale = of(new Compare(2, Comparison.EQ, new BigDecimal("12.5")));
    assertTrue(scale.accepts(row(null, null, new BigDecimal("12.50"), null)), "scale does not matter");
    assertArrayEquals(new int[] {1}, scale.positions());
  }

  @Test void stringsAsJavaOrdersThem() {
    RowPredicate between = of(new And(List.of(new Compare(3, Comparison.GT, "g010"),
        new Compare(3, Comparison.LE, "g012"))));
    assertTrue(between.accepts(row(null, null, null, "g012")));
    assertFalse(between.accepts(row(null, null, null, "g010")));
    assertFalse(between.accepts(row(null, null, null, "G011")));
    assertTrue(of(new Compare(3, Comparison.NE, "a")).accepts(row(null, null, null, "b")));
  }

  @Test void listsMatchByValueAndNeverANull() {
    RowPredicate in = of(new In(0, List.of(3L, new BigDecimal("4.0"), 7)));
    assertTrue(in.accepts(row(3, null, null, null)));
    assertTrue(in.accepts(row((short) 4, null, null, null)));
    assertTrue(in.accepts(row(new BigDecimal("7.00"), null, null, null)));
    assertFalse(in.accepts(row(5, null, null, null)));
    assertFalse(in.accepts(row(null, null, null, null)));
    RowPredicate notIn = of(new NotIn(3, List.of("a", "b")));
    assertTrue(notIn.accepts(row(null, null, null, "c")));
    assertFalse(notIn.accepts(row(null, null, null, "a")));
    assertFalse(notIn.accepts(row(null, null, null, null)), "NULL NOT IN (...) is not TRUE");
  }

  @Test void orsAndNullTests() {
    RowPredicate p = of(new Or(List.of(new IsNull(1), new And(List.of(new Compare(0, Comparison.GE, 10),
        new In(3, List.of("x")))))));
    assertTrue(p.accepts(row(1, null, null, null)));
    assertTrue(p.accepts(row(10, 2, null, "x")));
    assertFalse(p.accepts(row(10, 2, null, "y")));
    assertFalse(p.accepts(row(null, 2, null, "x")));
    assertTrue(of(new Compare(2, Comparison.EQ, false)).accepts(row(null, null, false, null)));
    assertFalse(of(DataPredicate.FALSE).accepts(row(1, 2, 3, 4)));
  }

  @Test void onlyTypesThatCompareAsTheGeneratedCodeDoesAreExact() {
    DataPredicate onColumn0 = new Compare(0, Comparison.GT, new Slot(0));
    for (SqlTypeName t : List.of(SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.DECIMAL,
        SqlTypeName.DATE, SqlTypeName.VARCHAR, SqlTypeName.BOOLEAN)) {
      assertTrue(RowPredicate.evaluatesExactly(onColumn0, c -> t), t.getName());
    }
    for (SqlTypeName t : List.of(SqlTypeName.DOUBLE, SqlTypeName.REAL, SqlTypeName.TIMESTAMP)) {
      assertFalse(RowPredicate.evaluatesExactly(onColumn0, c -> t), t.getName());
    }
    assertFalse(RowPredicate.evaluatesExactly(new Or(List.of(onColumn0,
        new Compare(1, Comparison.NOT_DISTINCT, new Slot(1)))), c -> SqlTypeName.INTEGER));
  }
}
