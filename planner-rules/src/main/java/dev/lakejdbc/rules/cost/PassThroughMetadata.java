package dev.lakejdbc.rules.cost;

import java.util.Set;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/** Distinct values and column origins of a {@link RowsOfItsInput}: its first input's. */
public final class PassThroughMetadata {
  private PassThroughMetadata() {}

  /** Distinct values. */
  public static final class DistinctValues implements MetadataHandler<BuiltInMetadata.DistinctRowCount> {
    @Override public MetadataDef<BuiltInMetadata.DistinctRowCount> getDef() {
      return BuiltInMetadata.DistinctRowCount.DEF;
    }

    public @Nullable Double getDistinctRowCount(RowsOfItsInput rel, RelMetadataQuery mq,
        ImmutableBitSet groupKey, @Nullable RexNode predicate) {
      return mq.getDistinctRowCount(rel.getInput(0), groupKey, predicate);
    }
  }

  /** Column origins. */
  public static final class ColumnOrigins implements MetadataHandler<BuiltInMetadata.ColumnOrigin> {
    @Override public MetadataDef<BuiltInMetadata.ColumnOrigin> getDef() {
      return BuiltInMetadata.ColumnOrigin.DEF;
    }

    public @Nullable Set<RelColumnOrigin> getColumnOrigins(RowsOfItsInput rel, RelMetadataQuery mq,
        int outputColumn) {
      return mq.getColumnOrigins(rel.getInput(0), outputColumn);
    }
  }
}
