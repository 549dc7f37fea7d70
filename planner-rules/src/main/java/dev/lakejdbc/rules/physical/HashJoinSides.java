package dev.lakejdbc.rules.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.mapping.Mappings;

/**
 * The two sides of a hash join: Calcite's {@code EnumerableHashJoin} hashes its right input into
 * memory (the build side) and streams its left one (the probe side). Here: how big a side is
 * estimated to be, and the join with its sides exchanged.
 */
public final class HashJoinSides {
  private HashJoinSides() {}

  /**
   * Estimated rows times estimated row width, as Spark estimates a broadcast side. Calcite sizes an
   * unbounded VARCHAR as negative, so a row counts at least 8 bytes a column.
   */
  public static double estimatedBytes(RelNode node) {
    RelMetadataQuery mq = node.getCluster().getMetadataQuery();
    Double rows = mq.getRowCount(node);
    Double width = mq.getAverageRowSize(node);
    double minimum = 8.0 * node.getRowType().getFieldCount();
    return (rows == null ? 0 : rows) * (width == null ? minimum : Math.max(width, minimum));
  }

  /** Whether the join's sides can be exchanged: every join but a semi or anti join. */
  public static boolean canSwap(EnumerableHashJoin join) {
    return switch (join.getJoinType()) {
      case INNER, LEFT, RIGHT, FULL -> true;
      default -> false;
    };
  }

  /**
   * {@code join} with {@code newLeft} (which stands for its right input) as the probe side and
   * {@code newRight} (for its left input) as the build side: a LEFT join becomes a RIGHT join and the
   * other way round; a Calc restores the columns' order.
   */
  public static RelNode swapped(EnumerableHashJoin join, RelNode newLeft, RelNode newRight) {
    return swapped((Join) join, newLeft, newRight);
  }

  /** A nested loop join with its sides exchanged: its outer input becomes the inner one. */
  public static RelNode swapped(EnumerableNestedLoopJoin join) {
    return swapped(join, join.getRight(), join.getLeft());
  }

  private static RelNode swapped(Join join, RelNode newLeft, RelNode newRight) {
    int oldLeftCount = newRight.getRowType().getFieldCount();
    int oldRightCount = newLeft.getRowType().getFieldCount();
    int total = oldLeftCount + oldRightCount;
    // Old field i (left fields first) is new field swap.getTarget(i) (new left = old right).
    Mappings.TargetMapping swap = Mappings.createShiftMapping(total,
        oldRightCount, 0, oldLeftCount, 0, oldLeftCount, oldRightCount);
    RexNode condition = RexUtil.apply(swap, join.getCondition());
    Join swapped = join instanceof EnumerableNestedLoopJoin
        ? EnumerableNestedLoopJoin.create(newLeft, newRight, condition, join.getVariablesSet(),
            swappedType(join.getJoinType()))
        : EnumerableHashJoin.create(newLeft, newRight, condition, join.getVariablesSet(),
            swappedType(join.getJoinType()));
    RexBuilder rexBuilder = join.getCluster().getRexBuilder();
    List<RexNode> restore = new ArrayList<>();
    for (int i = 0; i < total; i++) {
      restore.add(RexInputRef.of(swap.getTarget(i), swapped.getRowType()));
    }
    RexProgram program = RexProgram.create(swapped.getRowType(), restore, null,
        join.getRowType(), rexBuilder);
    return EnumerableCalc.create(swapped, program);
  }

  private static JoinRelType swappedType(JoinRelType type) {
    return switch (type) {
      case LEFT -> JoinRelType.RIGHT;
      case RIGHT -> JoinRelType.LEFT;
      case INNER, FULL -> type;
      default -> throw new IllegalArgumentException("a " + type + " join cannot be swapped");
    };
  }
}
