package dev.lakejdbc.adapter.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.dpp.DynamicKeys;
import dev.lakejdbc.adapter.dpp.KeyValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which decoded rows may join: their key among the dimension's keys, or in their range past the cap. */
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

  @Test void pastTheCapTheRange() {
    RowKeyFilter f = RowKeyFilter.of(0, keys(false, 2, 10, 20, 30), true);
    assertTrue(f.mayJoin(new Object[] {25}));
    assertFalse(f.mayJoin(new Object[] {31}));
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
