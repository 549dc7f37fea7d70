package dev.lakejdbc.rules.dpp;

import java.util.List;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexShuttle;

/**
 * A dimension joined to the fact above another inner join of the fact, moved down to join the fact
 * first where the fact scan can then answer it partition-wise: {@code (A ⋈ X) ⋈ D} becomes {@code (A ⋈
 * D) ⋈ X}, the columns put back in their order above. The join order chosen before pruning often
 * joins the fact to a small dimension first (TPC-DS q22: inventory to warehouse, then item, then the
 * filtered date), so the date join, which pruning turns into a lookup per partition, would otherwise
 * still hash and probe every fact row. Inner joins commute, and both joins still see the same rows.
 *
 * <p>Only when the upper join is an inner equi-join whose keys on the lower join's side all come from
 * its fact side {@code A}, the lower join is inner, and pruning {@code A ⋈ D} gives a partition-wise
 * join; otherwise the plan is left as it is.
 */
final class DimensionJoinPushdown {
  private DimensionJoinPushdown() {}

  /**
   * {@code join} with its right input {@code D} joined below its left input's inner join, as {@code
   * partitionWise} prunes the new lower join; null when that does not apply or gives no partition-wise
   * join ({@code partitionWise} returns null then).
   */
  static RelNode attempt(Join join, Function<Join, RelNode> partitionWise) {
    if (join.getJoinType() != JoinRelType.INNER || !(join instanceof EnumerableHashJoin)) {
      return null;
    }
    // The lower join, under a Calc that only picks its columns if there is one.
    RelNode left = join.getLeft();
    List<RexNode> picked = null;
    if (left instanceof EnumerableCalc calc && calc.getProgram().getCondition() == null) {
      picked = ScanFields.expandedProjects(calc.getProgram());
      left = calc.getInput();
    }
    if (!(left instanceof EnumerableHashJoin below) || below.getJoinType() != JoinRelType.INNER) {
      return null;
    }
    int c = join.getLeft().getRowType().getFieldCount();
    int[] belowField = new int[c];
    for (int i = 0; i < c; i++) {
      if (picked == null) {
        belowField[i] = i;
      } else if (picked.get(i) instanceof RexInputRef ref) {
        belowField[i] = ref.getIndex();
      } else {
        return null;
      }
    }
    int a = below.getLeft().getRowType().getFieldCount();
    int d = join.getRight().getRowType().getFieldCount();
    JoinInfo info = join.analyzeCondition();
    if (!info.isEqui() || info.leftKeys.isEmpty()
        || info.leftKeys.stream().anyMatch(k -> belowField[k] >= a)) {
      return null;
    }
    Join lower = join.copy(join.getTraitSet(),
        remap(join.getCondition(), i -> i < c ? belowField[i] : a + (i - c)),
        below.getLeft(), join.getRight(), JoinRelType.INNER, join.isSemiJoinDone());
    RelNode answered = partitionWise.apply(lower);
    if (answered == null) {
      return null;
    }
    Join upper = below.copy(below.getTraitSet(), remap(below.getCondition(), i -> i < a ? i : i + d),
        answered, below.getRight(), JoinRelType.INNER, below.isSemiJoinDone());
    // The join's columns, (picked columns of A and X, D), from the new order (A, D, X).
    RexProgramBuilder program = new RexProgramBuilder(upper.getRowType(),
        join.getCluster().getRexBuilder());
    for (int i = 0; i < c + d; i++) {
      int from = i >= c ? a + (i - c) : belowField[i] < a ? belowField[i] : belowField[i] + d;
      program.addProject(RexInputRef.of(from, upper.getRowType()),
          join.getRowType().getFieldNames().get(i));
    }
    return EnumerableCalc.create(upper, program.getProgram());
  }

  /**
   * {@code calc}, merged with a Calc right below it that only picks columns (as the one put above a
   * moved join does): one row built per row instead of two.
   */
  static RelNode mergedWithPickedColumns(EnumerableCalc calc) {
    if (!(calc.getInput() instanceof EnumerableCalc below) || below.getProgram().getCondition() != null
        || !ScanFields.expandedProjects(below.getProgram()).stream()
            .allMatch(p -> p instanceof RexInputRef)) {
      return calc;
    }
    RexProgram merged = RexProgramBuilder.mergePrograms(calc.getProgram(), below.getProgram(),
        calc.getCluster().getRexBuilder());
    return EnumerableCalc.create(below.getInput(), merged);
  }

  private static RexNode remap(RexNode condition, IntUnaryOperator index) {
    return condition.accept(new RexShuttle() {
      @Override public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(index.applyAsInt(ref.getIndex()), ref.getType());
      }
    });
  }
}
