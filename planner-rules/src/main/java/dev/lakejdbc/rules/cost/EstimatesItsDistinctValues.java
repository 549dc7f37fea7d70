package dev.lakejdbc.rules.cost;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A node that estimates its distinct values itself (a partition-wise join: its fact scan's columns
 * from the scan, its dimensions' columns from them), asked through {@link OwnDistinctValues}.
 */
public interface EstimatesItsDistinctValues extends RelNode {
  /** As {@code RelMetadataQuery.getDistinctRowCount}; null where unknown. */
  @Nullable Double distinctRowCount(RelMetadataQuery mq, ImmutableBitSet groupKey,
      @Nullable RexNode predicate);
}
