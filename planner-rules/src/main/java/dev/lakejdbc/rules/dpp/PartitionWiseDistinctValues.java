package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.dpp.DynamicPruningSpec;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Distinct values of a partition-wise join's columns ({@link PartitionWiseJoin#distinctRowCount}): of
 * the fact table's own columns as the scan estimates them, of each joined dimension's columns as that
 * dimension (the join's {@link DynamicFilterSource} input) estimates them; for columns of several, the
 * product, never more than the join's rows. The scan alone has no estimate for a dimension's column,
 * so a key that held one (a fact grouped by customer and its date's year, TPC-DS q4) had none at all,
 * and nothing that weighs distinct values (eager aggregation) could use it.
 */
final class PartitionWiseDistinctValues {
  private PartitionWiseDistinctValues() {}

  static @Nullable Double of(PartitionWiseJoin join, RelMetadataQuery mq, ImmutableBitSet groupKey,
      @Nullable RexNode predicate) {
    Double rows = mq.getRowCount(join);
    if (rows == null) {
      return null;
    }
    EnumerableLakeTableScan scan = join.scan();
    int[] fields = scan.fields();
    int tableColumns = scan.getTable().getRowType().getFieldCount();
    ImmutableBitSet.Builder own = ImmutableBitSet.builder();
    for (int key : groupKey) {
      if (fields[key] < tableColumns) {
        own.set(key);
      }
    }
    double values = 1;
    ImmutableBitSet ownKeys = own.build();
    if (!ownKeys.isEmpty()) {
      Double d = mq.getDistinctRowCount(scan, ownKeys, null);
      if (d == null) {
        return null;
      }
      values = d;
    }
    for (DynamicPruningSpec spec : scan.dynamicPruning()) {
      int at = scan.joinedAt(spec);
      if (at < 0) {
        continue;
      }
      int width = spec.joinedColumns().getFieldCount();
      ImmutableBitSet.Builder columns = ImmutableBitSet.builder();
      for (int key : groupKey) {
        if (fields[key] >= at && fields[key] < at + width) {
          columns.set(fields[key] - at);
        }
      }
      if (columns.isEmpty()) {
        continue;
      }
      RelNode dimension = join.dimensions().stream()
          .filter(d -> d instanceof DynamicFilterSource s && s.channel() == spec.channel())
          .findFirst().orElse(null);
      Double d = dimension == null ? null : mq.getDistinctRowCount(dimension, columns.build(), null);
      if (d == null) {
        return null;
      }
      values *= d;
    }
    double selected = predicate == null ? rows : rows * mq.getSelectivity(join, predicate);
    return Math.max(1, Math.min(values, selected));
  }
}
