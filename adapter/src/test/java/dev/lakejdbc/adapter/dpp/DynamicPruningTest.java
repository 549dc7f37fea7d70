package dev.lakejdbc.adapter.dpp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a dynamic filter's keys read in EXPLAIN ANALYZE and sys.scans. */
class DynamicPruningTest {
  private static final DynamicPruning BY_DATE_KEY = DynamicPruning.of(null, row -> row, 1,
      "#1: ss_sold_date_sk = d_date_sk", new String[] {"INTEGER", "DATE", "VARCHAR"}, -1);

  @Test void keysReadAsTheyAreWritten() {
    // Keys are compared as decimals stripped of trailing zeros: 2452280 is held as 245228E1.
    DynamicKeys keys = DynamicKeys.collect(List.of(new Object[] {2452279, 20_000, "a"},
        new Object[] {2452280, 20_001, "b"}), new boolean[] {false, false, false}, 100);
    assertEquals("2 keys: (2452279, 2024-10-04, 'a'), (2452280, 2024-10-05, 'b')",
        keys.describe(5, BY_DATE_KEY::format));
    assertEquals("2452280", BY_DATE_KEY.format(0, DynamicKeys.normalize(2452280L)));
    assertEquals("NULL", BY_DATE_KEY.format(0, null));
  }
}
