package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.stats.ScanStatistics;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExplainAnalyzeTest {
  /**
   * A table read twice (TPC-DS q59 reads store_sales once per year): each scan line gets the figures
   * of the scan with its own dynamic filters, whichever of the two ran first. Matched by table alone,
   * the second year's figures went under the first year's scan.
   */
  @Test void eachScanOfATableReadTwiceGetsItsOwnFigures() {
    List<String> plan = List.of(
        "EnumerableHashJoin(condition=[=($0, $2)], joinType=[inner])",
        "  EnumerableLakeTableScan(table=[[lake, store_sales]], fields=[0, 1], "
            + "DynamicPruning=[#3: ss_sold_date_sk = d_date_sk])",
        "  EnumerableLakeTableScan(table=[[lake, store_sales]], fields=[0, 1], "
            + "DynamicPruning=[#2: ss_sold_date_sk = d_date_sk], DynamicDataFilters=[#1: ss_item_sk = i_item_sk])");
    ScanStatistics second = new ScanStatistics(1, "store_sales", 1824, null);
    second.dynamicFilter("#2: ss_sold_date_sk = d_date_sk IN 370 keys");
    second.dataFilter("#1: ss_item_sk IN 12 keys");
    for (int i = 0; i < 370; i++) {
      second.partitionOpened();
    }
    ScanStatistics first = new ScanStatistics(1, "store_sales", 1824, null);
    first.note("dynamic filter #3: ss_sold_date_sk = d_date_sk: 73049 keys exceed dppMaxKeys=10000, "
        + "applied as their range");
    for (int i = 0; i < 1823; i++) {
      first.partitionOpened();
    }
    // The one that ran first is logged first.
    List<String> lines = ExplainAnalyze.annotate(plan, new ArrayList<>(List.of(second, first)), 100, 0);
    assertTrue(lines.get(2).contains("actual: partitions=1823 of 1824"), String.join("\n", lines));
    assertTrue(lines.get(4).contains("actual: partitions=370 of 1824"), String.join("\n", lines));
    assertEquals("Result: 100 rows in 0.0 ms", lines.get(lines.size() - 1));
  }
}
