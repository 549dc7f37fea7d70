package dev.lakejdbc.rules.physical;

import dev.lakejdbc.rules.cost.LakeMetadata;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * After the cost-based planner (and dynamic pruning): an aggregate over an inner equi-join whose
 * aggregated columns all come from one side first aggregates that side by its join keys and the
 * grouping columns it holds, when the estimates give it many rows per such key. TPC-DS q22 groups 2.3
 * million inventory rows by four string columns of {@code item}: aggregated by {@code inv_item_sk}
 * first, 18,000 rows reach the join and the string grouping.
 *
 * <p>Exact for SUM, $SUM0, COUNT, MIN and MAX (no DISTINCT, FILTER or grouping sets): every row of
 * the side with one join key meets the same rows of the other side, so its partial result stands for
 * it once per row it joins, as each of its rows did; the partial counts are summed. A NULL key's
 * partial row joins nothing, as its rows did not. Each aggregate is split at the join right
 * below it, and its first aggregation again where that is over a join; the joins' other inputs,
 * their run-time filters and their places in the plan are unchanged.
 */
public final class EagerAggregation extends BottomUpRewrite {
  /** Rows of the aggregated side below which a split does not pay for a second aggregation. */
  static final double MIN_ROWS = 50_000;
  /** The estimated rows per key of the aggregated side from which it is aggregated first. */
  static final double MIN_ROWS_PER_KEY = 8;
  /**
   * The same for a first aggregation split again below a join it sits over: that spares a probe of a
   * join per row, but every row then goes to a table of more groups, which only pays with many rows
   * per group. Estimates do not see dynamic pruning, which often leaves a fifth of a fact's rows:
   * TPC-DS q22 (130 estimated, 26 real rows per inventory item and warehouse) gains, q36 (16
   * estimated, about 3 real per item and store) lost a third of its time.
   */
  static final double MIN_ROWS_PER_KEY_NESTED = 64;

  @Override RelNode rewrite(RelNode node, List<RelNode> inputs) {
    RelNode same = over(node, inputs);
    if (same instanceof EnumerableAggregate aggregate) {
      RelNode split = split(aggregate, MIN_ROWS_PER_KEY);
      if (split != null) {
        return split;
      }
    }
    return same;
  }

  /** The aggregate over its join with one side aggregated first, or null where that does not apply. */
  private static RelNode split(EnumerableAggregate aggregate, double minRowsPerKey) {
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      return null;
    }
    for (AggregateCall call : aggregate.getAggCallList()) {
      if (!splittable(call)) {
        return null;
      }
    }
    // The aggregate's input fields as expressions over the join: through a Calc without a condition.
    RelNode input = aggregate.getInput();
    List<RexNode> overJoin = new ArrayList<>();
    EnumerableHashJoin join;
    if (input instanceof EnumerableCalc calc && calc.getInput() instanceof EnumerableHashJoin j
        && calc.getProgram().getCondition() == null) {
      overJoin.addAll(calc.getProgram().expandList(calc.getProgram().getProjectList()));
      join = j;
    } else if (input instanceof EnumerableHashJoin j) {
      overJoin.addAll(j.getCluster().getRexBuilder().identityProjects(j.getRowType()));
      join = j;
    } else {
      return null;
    }
    JoinInfo info = join.analyzeCondition();
    if (join.getJoinType() != JoinRelType.INNER || !info.isEqui() || info.leftKeys.isEmpty()
        || hasNotDistinct(join.getCondition())) {
      return null;
    }
    for (int g : aggregate.getGroupSet()) {
      if (!(overJoin.get(g) instanceof RexInputRef)) {
        return null;
      }
    }
    int leftWidth = join.getLeft().getRowType().getFieldCount();
    ImmutableBitSet argFields = ImmutableBitSet.of();
    for (AggregateCall call : aggregate.getAggCallList()) {
      for (int arg : call.getArgList()) {
        RexNode e = overJoin.get(arg);
        if (!RexUtil.isDeterministic(e)) {
          return null;
        }
        argFields = argFields.union(RelOptUtil.InputFinder.bits(e));
      }
    }
    boolean left;
    RelMetadataQuery mq = LakeMetadata.query();
    if (argFields.isEmpty()) {
      Double l = mq.getRowCount(join.getLeft());
      Double r = mq.getRowCount(join.getRight());
      left = l != null && r != null && l >= r;
    } else if (argFields.nth(argFields.cardinality() - 1) < leftWidth) {
      left = true;
    } else if (argFields.nth(0) >= leftWidth) {
      left = false;
    } else {
      return null; // aggregates of both sides
    }
    RelNode side = left ? join.getLeft() : join.getRight();
    int offset = left ? 0 : leftWidth;
    int sideWidth = side.getRowType().getFieldCount();
    // The side's grouping: its join keys and the aggregate's grouping columns it holds.
    ImmutableBitSet.Builder keys = ImmutableBitSet.builder();
    keys.addAll(left ? info.leftKeys : info.rightKeys);
    for (int g : aggregate.getGroupSet()) {
      int f = ((RexInputRef) overJoin.get(g)).getIndex() - offset;
      if (f >= 0 && f < sideWidth) {
        keys.set(f);
      }
    }
    ImmutableBitSet sideKeys = keys.build();
    if (!pays(mq, side, sideKeys, minRowsPerKey)) {
      return null;
    }
    RexBuilder rex = join.getCluster().getRexBuilder();
    // Arguments that are expressions (a price times a quantity) are computed on the side, after its
    // own fields.
    List<RexNode> computed = new ArrayList<>();
    List<AggregateCall> calls = aggregate.getAggCallList();
    List<List<Integer>> partialArgs = new ArrayList<>();
    for (AggregateCall call : calls) {
      List<Integer> args = new ArrayList<>();
      for (int arg : call.getArgList()) {
        RexNode e = RexUtil.shift(overJoin.get(arg), -offset);
        if (e instanceof RexInputRef ref) {
          args.add(ref.getIndex());
        } else {
          if (!computed.contains(e)) {
            computed.add(e);
          }
          args.add(sideWidth + computed.indexOf(e));
        }
      }
      partialArgs.add(args);
    }
    RelNode sideInput = side;
    if (!computed.isEmpty()) {
      List<RexNode> projects = new ArrayList<>(rex.identityProjects(side.getRowType()));
      projects.addAll(computed);
      sideInput = EnumerableCalc.create(side,
          RexProgram.create(side.getRowType(), projects, null, (List<String>) null, rex));
    }
    // The side aggregated: its keys, then one partial result per call.
    List<AggregateCall> partials = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      AggregateCall call = calls.get(i);
      partials.add(AggregateCall.create(call.getAggregation(), false, false, false, List.of(),
          partialArgs.get(i), -1, null, RelCollations.EMPTY, sideKeys.cardinality(), sideInput,
          call.getType(), call.getName()));
    }
    RelNode preAggregated = aggregate.copy(aggregate.getTraitSet(), sideInput, sideKeys, null, partials);
    // The side may be a join itself, with the arguments all on one of its sides: that side is then
    // aggregated first too (TPC-DS q22: inventory by item and warehouse, below its join with
    // warehouse, instead of every inventory row probing that join).
    RelNode deeper = split((EnumerableAggregate) preAggregated, MIN_ROWS_PER_KEY_NESTED);
    if (deeper != null) {
      preAggregated = deeper;
    }
    // The join over it, on the same keys at their new places.
    List<Integer> sideJoinKeys = new ArrayList<>();
    for (int k : left ? info.leftKeys : info.rightKeys) {
      sideJoinKeys.add(sideKeys.indexOf(k));
    }
    RelNode newLeft = left ? preAggregated : join.getLeft();
    RelNode newRight = left ? join.getRight() : preAggregated;
    RexNode condition = RelOptUtil.createEquiJoinCondition(newLeft,
        left ? sideJoinKeys : info.leftKeys, newRight, left ? info.rightKeys : sideJoinKeys, rex);
    RelNode newJoin = join.copy(join.getTraitSet(), condition, newLeft, newRight, join.getJoinType(),
        join.isSemiJoinDone());
    // A projection of the grouping columns in the aggregate's order, then the partial results.
    int newLeftWidth = newLeft.getRowType().getFieldCount();
    int sideAt = left ? 0 : newLeftWidth;
    List<RexNode> projects = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int g : aggregate.getGroupSet()) {
      int f = ((RexInputRef) overJoin.get(g)).getIndex();
      int at;
      if (f >= offset && f - offset < sideWidth) {
        at = sideAt + sideKeys.indexOf(f - offset);
      } else {
        at = left ? newLeftWidth + (f - leftWidth) : f;
      }
      projects.add(rex.makeInputRef(newJoin, at));
      names.add(input.getRowType().getFieldNames().get(g));
    }
    for (int i = 0; i < partials.size(); i++) {
      projects.add(rex.makeInputRef(newJoin, sideAt + sideKeys.cardinality() + i));
      names.add("$partial" + i);
    }
    RelNode projected = EnumerableCalc.create(newJoin,
        RexProgram.create(newJoin.getRowType(), projects, null, names, rex));
    int groups = aggregate.getGroupCount();
    List<AggregateCall> finals = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      AggregateCall call = calls.get(i);
      SqlAggFunction combine = call.getAggregation().getKind() == SqlKind.COUNT
          ? SqlStdOperatorTable.SUM0 : call.getAggregation();
      finals.add(AggregateCall.create(combine, false, false, false, List.of(), List.of(groups + i), -1,
          null, RelCollations.EMPTY, groups, projected, call.getType(), call.getName()));
    }
    return aggregate.copy(aggregate.getTraitSet(), projected, ImmutableBitSet.range(groups), null, finals);
  }

  /** Whether a call's result over a group is computed from its results over the group's parts. */
  private static boolean splittable(AggregateCall call) {
    SqlKind kind = call.getAggregation().getKind();
    return (kind == SqlKind.SUM || kind == SqlKind.SUM0 || kind == SqlKind.COUNT || kind == SqlKind.MIN
        || kind == SqlKind.MAX) && !call.isDistinct() && !call.isApproximate() && !call.hasFilter()
        && call.getCollation().getFieldCollations().isEmpty() && call.rexList.isEmpty();
  }

  /** Whether the side has enough rows per key, by the planner's estimates, for a first aggregation. */
  private static boolean pays(RelMetadataQuery mq, RelNode side, ImmutableBitSet keys,
      double minRowsPerKey) {
    Double rows = mq.getRowCount(side);
    Double distinct = mq.getDistinctRowCount(side, keys, null);
    return rows != null && distinct != null && rows >= MIN_ROWS && distinct * minRowsPerKey <= rows;
  }

  /** Whether a join condition uses IS NOT DISTINCT FROM, under which NULL keys do join. */
  private static boolean hasNotDistinct(RexNode condition) {
    for (RexNode c : RelOptUtil.conjunctions(condition)) {
      if (c.getKind() == SqlKind.IS_NOT_DISTINCT_FROM) {
        return true;
      }
    }
    return false;
  }
}
