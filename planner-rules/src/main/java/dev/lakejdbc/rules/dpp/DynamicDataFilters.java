package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.dpp.DynamicDataFilterSpec;
import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.filter.RexToDataPredicate;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rex.RexNode;

/**
 * The part of dynamic pruning that filters a fact's data columns: a join key that is a data column of
 * the fact (not a partition column) gets the dimension's keys at run time as an IN list or range on
 * that column, which rules out row groups and pages and drops decoded rows that cannot join. It needs
 * what partition pruning needs of the join and the dimension; the keys travel in the same channel,
 * after the partition keys.
 */
final class DynamicDataFilters {
  private DynamicDataFilters() {}

  /** The key pairs of {@code trace} whose fact key is a data column a dynamic filter can filter. */
  static List<Integer> usable(FactKeyTrace trace, LakeOptions options) {
    List<Integer> usable = new ArrayList<>();
    if (!options.dataFilterPushdown()) {
      return usable;
    }
    EnumerableLakeTableScan scan = trace.scan();
    RexToDataPredicate columns = new RexToDataPredicate(scan.getCluster().getRexBuilder(),
        scan.getTable().getRowType(), scan.dataColumns());
    for (int i = 0; i < trace.keysOverTable().size(); i++) {
      if (columns.joinKeyColumn(trace.keysOverTable().get(i)) >= 0) {
        usable.add(i);
      }
    }
    return usable;
  }

  /**
   * {@code scan} filtered by the data keys {@code usable} (pairs of the join), which the channel
   * carries from position {@code firstPosition} on.
   */
  static EnumerableLakeTableScan apply(EnumerableLakeTableScan scan, DynamicFilterChannel channel,
      int firstPosition, List<RexNode> keysOverTable, List<Integer> usable, List<String> dimensionKeys) {
    EnumerableLakeTableScan filtered = scan;
    for (int i = 0; i < usable.size(); i++) {
      filtered = filtered.withDynamicDataFilter(new DynamicDataFilterSpec(channel, firstPosition + i,
          keysOverTable.get(usable.get(i)), dimensionKeys.get(i)));
    }
    return filtered;
  }
}
