package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.bench.Engine.Rows;
import dev.lakejdbc.bench.TpcdsCompare.Verdict;
import dev.lakejdbc.bench.TpcdsQueries.Part;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How answers are compared: numbers, NULLs, order, and ties at the LIMIT. */
class TpcdsCompareTest {
  private static final List<String> LABELS = List.of("k", "v");

  private static Rows rows(Object[]... rows) {
    List<List<Object>> list = new ArrayList<>();
    for (Object[] r : rows) {
      list.add(Arrays.asList(r));
    }
    return new Rows(LABELS, list);
  }

  private static Verdict compare(String sql, Rows expected, Rows actual, Rows full) {
    return TpcdsCompare.compare(new Part("t", 0, sql), expected, actual, () -> full);
  }

  @Test void numbersCompareNumericallyWithinTheTolerance() {
    String sql = "select k, v from t";
    assertTrue(compare(sql, rows(new Object[] {1, new BigDecimal("88.50")}),
        rows(new Object[] {1L, 88.5000000001d}), null).equal());
    assertFalse(compare(sql, rows(new Object[] {1, new BigDecimal("88.5")}),
        rows(new Object[] {1, new BigDecimal("88")}), null).equal());
    assertFalse(compare(sql, rows(new Object[] {1001001, "a"}), rows(new Object[] {1001002, "a"}), null)
        .equal(), "integral values compare exactly");
    assertTrue(compare(sql, rows(new Object[] {null, "a"}), rows(new Object[] {null, "a"}), null).equal());
    assertFalse(compare(sql, rows(new Object[] {null, "a"}), rows(new Object[] {0, "a"}), null).equal());
    Verdict padded = compare(sql, rows(new Object[] {1, "store"}), rows(new Object[] {1, "store  "}), null);
    assertFalse(padded.equal());
    assertTrue(padded.detail().contains("trailing blanks"), padded.detail());
  }

  @Test void rowsAreAMultisetUnlessOrdered() {
    Rows e = rows(new Object[] {1, "a"}, new Object[] {2, "b"});
    Rows swapped = rows(new Object[] {2, "b"}, new Object[] {1, "a"});
    assertTrue(compare("select k, v from t", e, swapped, null).equal());
    Verdict ordered = compare("select k, v from t order by k NULLS FIRST", e, swapped, null);
    assertFalse(ordered.equal());
    assertTrue(ordered.detail().contains("ORDER BY order"), ordered.detail());
    assertTrue(compare("select k, v from t order by t.k desc NULLS LAST", swapped, swapped, null).equal());
    assertFalse(compare("select k, v from t", e, rows(new Object[] {1, "a"}, new Object[] {1, "a"}), null)
        .equal());
  }

  @Test void tiesAtTheLimitMayKeepOtherRows() {
    String sql = "select k, v from t order by k NULLS FIRST LIMIT 2";
    Rows duck = rows(new Object[] {1, "a"}, new Object[] {2, "b"});
    Rows full = rows(new Object[] {1, "a"}, new Object[] {2, "b"}, new Object[] {2, "c"},
        new Object[] {3, "d"});
    Verdict tie = compare(sql, duck, rows(new Object[] {1, "a"}, new Object[] {2, "c"}), full);
    assertTrue(tie.equal(), tie.detail());
    assertTrue(tie.detail().contains("tied"), tie.detail());
    assertFalse(compare(sql, duck, rows(new Object[] {1, "a"}, new Object[] {2, "x"}), full).equal(),
        "a tied row must be a row of the full answer");
    assertFalse(compare(sql, duck, rows(new Object[] {0, "z"}, new Object[] {2, "c"}), full).equal(),
        "the rows before the tie must be DuckDB's");
    assertFalse(compare("select k, v from t order by k + 1 NULLS FIRST LIMIT 2", duck,
        rows(new Object[] {1, "a"}, new Object[] {2, "c"}), full).equal(),
        "an ORDER BY expression that is no output column hides the ties");
  }

  @Test void orderItemsResolveToColumns() {
    List<TpcdsCompare.OrderItem> items = TpcdsCompare.orderItems(
        "select k, v from (select * from x order by z) order by 2 desc NULLS LAST, x.k, \"v\" LIMIT 3",
        LABELS);
    assertEquals(3, items.size());
    assertEquals(1, items.get(0).column());
    assertTrue(items.get(0).descending());
    assertFalse(items.get(0).nullsFirst());
    assertEquals(0, items.get(1).column());
    assertTrue(items.get(1).nullsFirst(), "ascending without NULLS: the null-ordering rewrite's default");
    assertEquals(1, items.get(2).column());
    assertEquals(List.of(), TpcdsCompare.orderItems("select k from (select k from t order by k) s", LABELS));
  }
}
