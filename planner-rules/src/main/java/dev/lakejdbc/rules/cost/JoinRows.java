package dev.lakejdbc.rules.cost;

import dev.lakejdbc.adapter.catalog.LakeTable;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The rows of an inner or outer equi-join, estimated from the key values each side can hold:
 * |L| x |R| / max(domain of L's keys, domain of R's keys), times Calcite's guess for the rest of the
 * condition. The domain is the distinct values of the key's table column before any filter: each
 * side's rows are spread over its domain, and the smaller domain lies within the larger, so a fact
 * joined to a dimension on its key keeps the fact's rows, and to a dimension filtered to 10% of its
 * rows keeps 10% of them. (Distinct values after the filters would say the fact's rows all match.)
 *
 * <p>Calcite's default guesses 0.15 per equality whatever the keys, so a fact joined to a dimension
 * on its primary key looks like an explosion, and a join of two dimensions on a low-cardinality
 * column (TPC-DS q85: cd1.cd_marital_status = cd2.cd_marital_status) no worse: the join order then
 * put the real explosion first. Where neither side's domain is known, Calcite's estimate stands.
 */
public final class JoinRows implements MetadataHandler<BuiltInMetadata.RowCount> {
  @Override public MetadataDef<BuiltInMetadata.RowCount> getDef() {
    return BuiltInMetadata.RowCount.DEF;
  }

  public @Nullable Double getRowCount(Join join, RelMetadataQuery mq) {
    Double estimate = equiJoinRows(join, mq);
    return estimate != null ? estimate : RelMdUtil.getJoinRowCount(mq, join, join.getCondition());
  }

  private static @Nullable Double equiJoinRows(Join join, RelMetadataQuery mq) {
    switch (join.getJoinType()) {
      case INNER, LEFT, RIGHT, FULL -> { }
      default -> {
        return null;
      }
    }
    JoinInfo info = join.analyzeCondition();
    if (info.leftKeys.isEmpty()) {
      return null;
    }
    Double left = mq.getRowCount(join.getLeft());
    Double right = mq.getRowCount(join.getRight());
    if (left == null || right == null) {
      return null;
    }
    Double leftDomain = domain(join.getLeft(), info.leftKeys, mq);
    Double rightDomain = domain(join.getRight(), info.rightKeys, mq);
    if (leftDomain == null && rightDomain == null) {
      return null;
    }
    double domain = Math.max(1, Math.max(leftDomain == null ? 0 : leftDomain,
        rightDomain == null ? 0 : rightDomain));
    double inner = left * right / domain * RelMdUtil.guessSelectivity(
        RexUtil.composeConjunction(join.getCluster().getRexBuilder(), info.nonEquiConditions));
    // An outer join keeps every row of its preserved side at least once.
    return switch (join.getJoinType()) {
      case LEFT -> Math.max(inner, left);
      case RIGHT -> Math.max(inner, right);
      case FULL -> Math.max(inner, left) + Math.max(inner, right) - inner;
      default -> inner;
    };
  }

  /**
   * The distinct values {@code keys} of {@code input} can take: the product of their lake table
   * columns' estimates where each key is a column of a lake table; else the distinct values of the
   * input itself (a lower bound), or null when even those are unknown.
   */
  private static @Nullable Double domain(RelNode input, List<Integer> keys, RelMetadataQuery mq) {
    double product = 1;
    for (int key : keys) {
      OptionalDouble column = tableColumnDistinctValues(input, key, mq);
      if (column.isEmpty()) {
        return mq.getDistinctRowCount(input, ImmutableBitSet.of(keys), null);
      }
      product *= column.getAsDouble();
    }
    return product;
  }

  private static OptionalDouble tableColumnDistinctValues(RelNode input, int key, RelMetadataQuery mq) {
    RelColumnOrigin origin = mq.getColumnOrigin(input, key);
    if (origin == null || origin.isDerived()) {
      return OptionalDouble.empty();
    }
    LakeTable table = origin.getOriginTable().unwrap(LakeTable.class);
    return table == null ? OptionalDouble.empty()
        : table.source().schema().distinctCount(origin.getOriginColumnOrdinal());
  }
}
