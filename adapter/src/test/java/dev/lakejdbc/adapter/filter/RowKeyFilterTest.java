package dev.lakejdbc.adapter.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.dpp.DynamicKeys;
import dev.lakejdbc.adapter.dpp.KeyValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which decoded rows may join: their key among the dimension's keys, however many. */
class RowKeyFilterTest {
  private static KeyValues keys(boolean nullSafe, int maxKeys, Object... values) {
    List<Object[]> tuples = new ArrayList<>();
    for (Object v : values) {
      tuples.add(new Object[] {v});
    }
    return DynamicKeys.collect(tuples, new boolean[] {nullSafe}, 0, maxKeys).values(0);
  }

  @Test void integerKeysInAPrimitiveSet() {
    RowKeyFilter f = RowKeyFilter.of(1, keys(false, 100, 3, 17L, Long.MIN_VALUE, -4), true);
    assertTrue(f.mayJoin(new Object[] {"x", 17}));
    assertTrue(f.mayJoin(new Object[] {"x", Long.MIN_VALUE}));
    assertTrue(f.mayJoin(new Object[] {"x", (short) -4}));
    assertFalse(f.mayJoin(new Object[] {"x", 4}));
    assertFalse(f.mayJoin(new Object[] {"x", null}), "NULL joins nothing");
    for (int i = 18; i < 10_000; i++) {
      assertFalse(f.mayJoin(new Object[] {"x", i}));
    }
  }

  @Test void pastTheCapStillEveryKey() {
    RowKeyFilter f = RowKeyFilter.of(0, keys(false, 2, 10, 20, 30), true);
    assertTrue(f.mayJoin(new Object[] {20}));
    assertFalse(f.mayJoin(new Object[] {25}), "within the range, not a key");
    assertFalse(f.mayJoin(new Object[] {31}));
    RowKeyFilter strings = RowKeyFilter.of(0, keys(false, 1, "a", "c"), false);
    assertFalse(strings.mayJoin(new Object[] {"b"}), "within the range, not a key");
    assertTrue(strings.mayJoin(new Object[] {"c"}));
  }

  /** Dense keys as a bitmap, sparse ones in a hash set: the same answers, at each end of the range. */
  @Test void denseAndSparseIntegerKeysGiveTheSameAnswers() {
    List<Object> dense = new ArrayList<>();
    List<Object> sparse = new ArrayList<>();
    for (long k = -500; k < 2_000; k += 3) {
      dense.add(k);
      sparse.add(k * 1_000_003L);
    }
    RowKeyFilter bitmapped = RowKeyFilter.of(0, keys(false, 10, dense.toArray()), true);
    RowKeyFilter hashed = RowKeyFilter.of(0, keys(false, 10, sparse.toArray()), true);
    List<Object> bothEndsAndNull = new ArrayList<>(dense);
    bothEndsAndNull.add(Long.MAX_VALUE);
    bothEndsAndNull.add(null);
    RowKeyFilter bothEnds = RowKeyFilter.of(0, keys(true, 10, bothEndsAndNull.toArray()), true);
    for (long x = -600; x < 2_100; x++) {
      boolean key = x >= -500 && x < 2_000 && Math.floorMod(x + 500, 3) == 0;
      assertEquals(key, bitmapped.mayJoin(new Object[] {x}), "bitmap " + x);
      assertEquals(key, hashed.mayJoin(new Object[] {x * 1_000_003L}), "hash set " + x);
      assertEquals(key, bothEnds.mayJoin(new Object[] {(int) x}), "both ends " + x);
    }
    assertFalse(bitmapped.mayJoin(new Object[] {null}));
    assertTrue(bothEnds.mayJoin(new Object[] {null}), "null-safe, with a NULL key");
    assertTrue(bothEnds.mayJoin(new Object[] {Long.MAX_VALUE}));
    assertFalse(bitmapped.mayJoin(new Object[] {Long.MIN_VALUE}));
  }

  @Test void otherKeysCompareAsTheDimensionsDo() {
    RowKeyFilter strings = RowKeyFilter.of(0, keys(false, 100, "a", "b"), false);
    assertTrue(strings.mayJoin(new Object[] {"b"}));
    assertFalse(strings.mayJoin(new Object[] {"c"}));
    RowKeyFilter decimals = RowKeyFilter.of(0, keys(false, 100, new BigDecimal("1.50")), false);
    assertTrue(decimals.mayJoin(new Object[] {new BigDecimal("1.5")}));
  }

  @Test void aNullSafeKeyLetsNullsThrough() {
    assertTrue(RowKeyFilter.of(0, keys(true, 100, 1, null), true).mayJoin(new Object[] {null}));
  }
}
