package dev.lakejdbc.rules.cost;

import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/** Distinct values of a node that estimates its own ({@link EstimatesItsDistinctValues}). */
public final class OwnDistinctValues implements MetadataHandler<BuiltInMetadata.DistinctRowCount> {
  @Override public MetadataDef<BuiltInMetadata.DistinctRowCount> getDef() {
    return BuiltInMetadata.DistinctRowCount.DEF;
  }

  public @Nullable Double getDistinctRowCount(EstimatesItsDistinctValues rel, RelMetadataQuery mq,
      ImmutableBitSet groupKey, @Nullable RexNode predicate) {
    return rel.distinctRowCount(mq, groupKey, predicate);
  }
}
