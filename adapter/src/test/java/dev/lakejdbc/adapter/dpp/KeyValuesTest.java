package dev.lakejdbc.adapter.dpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The values of one key position of a dimension, what a dynamic filter on a data column keeps. */
class KeyValuesTest {
  private static List<Object[]> tuples(Object... firstPositions) {
    List<Object[]> tuples = new ArrayList<>();
    for (Object v : firstPositions) {
      tuples.add(new Object[] {v, "other"});
    }
    return tuples;
  }

  @Test void numbersCompareByValueWhateverTheirType() {
    KeyValues v = KeyValues.of(tuples(3, 10L, new BigDecimal("7.00")), 0, false, 100);
    assertEquals(3, v.size());
    assertEquals(0, new BigDecimal("3").compareTo((BigDecimal) v.min()));
    assertEquals(0, new BigDecimal("10").compareTo((BigDecimal) v.max()));
    assertTrue(v.mayMatch(7));
    assertTrue(v.mayMatch(new BigDecimal("10.0")));
    assertFalse(v.mayMatch(8L));
  }

  @Test void stringsRangeInCodePointOrderAsParquetStatisticsOrderThem() {
    // In UTF-16 order U+FFFD sorts after U+1F600 (a surrogate pair); in code points, before it.
    KeyValues v = KeyValues.of(tuples("\uFFFD", "\uD83D\uDE00", "a"), 0, false, 100);
    assertEquals("a", v.min());
    assertEquals("\uD83D\uDE00", v.max());
  }

  @Test void aNullKeyMatchesANullFactValueOnlyWhereNullSafe() {
    assertFalse(KeyValues.of(tuples(1, null), 0, false, 100).mayMatch(null));
    KeyValues nullSafe = KeyValues.of(tuples(1, null), 0, true, 100);
    assertTrue(nullSafe.mayMatch(null));
    assertEquals(1, nullSafe.size());
  }

  @Test void pastTheCapRowsStillMatchOnlyTheKeys() {
    KeyValues v = KeyValues.of(tuples(1, 5, 9), 0, false, 2);
    assertTrue(v.overCap());
    assertEquals(0, BigDecimal.ONE.compareTo((BigDecimal) v.min()), "the range stays, for row groups");
    assertFalse(v.mayMatch(4), "within 1..9, but not a key");
    assertTrue(v.mayMatch(5L));
    assertFalse(v.mayMatch(10));
  }

  @Test void mixedKindsHaveNoRange() {
    KeyValues v = KeyValues.of(tuples(1, "a"), 0, false, 1);
    assertFalse(v.hasRange());
    assertTrue(v.mayMatch("a"));
    assertFalse(v.mayMatch(42), "over the cap and without a range, still only the keys");
  }

  @Test void partitionKeysAndDataKeysOfOneChannel() {
    // Position 0 prunes partitions (tuples), position 1 filters a data column (values).
    DynamicKeys keys = DynamicKeys.collect(List.of(new Object[] {"2026-01-01", 5}, new Object[] {"2026-01-01", 6}),
        new boolean[] {false, false}, 1, 100);
    assertEquals(1, keys.size());
    assertTrue(keys.contains(new Object[] {"2026-01-01"}));
    assertEquals(2, keys.values(1).size());
  }
}
