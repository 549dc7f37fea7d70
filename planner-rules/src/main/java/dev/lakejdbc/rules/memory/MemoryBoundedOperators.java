package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.OperatorInfo;
import dev.lakejdbc.rules.physical.OutputOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableLimitSort;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.Program;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The last step of the driver's program: every sort, top-N, hash join and hash aggregation of the
 * physical plan becomes its memory-bounded twin, which runs within the query's memory budget and
 * spills past it; and the plan goes under a {@link QueryMemoryScope}. Each operator is named for
 * messages and {@code sys.queries} by what it does in SQL terms ({@code ORDER BY k DESC},
 * {@code INNER JOIN ON k = k0}, {@code GROUP BY s}).
 *
 * <p>Left to Calcite: aggregates whose accumulators collect values (LISTAGG, ARRAY_AGG, COLLECT,
 * DISTINCT or WITHIN GROUP aggregates), which the budget could not see grow; aggregates without
 * grouping keys, which hold one accumulator; and mark joins of sub-queries. Of those, grouping-set
 * aggregates with the empty set become {@link GrandTotalAggregate}s, which Calcite alone gets wrong on
 * an empty input.
 */
public final class MemoryBoundedOperators implements Program {
  /** Aggregate functions whose accumulator grows with the group's rows. */
  private static final Set<SqlKind> COLLECTING = Set.of(SqlKind.COLLECT, SqlKind.ARRAY_AGG,
      SqlKind.ARRAY_CONCAT_AGG, SqlKind.LISTAGG, SqlKind.STRING_AGG, SqlKind.JSON_ARRAYAGG,
      SqlKind.JSON_OBJECTAGG, SqlKind.MODE, SqlKind.PERCENTILE_CONT, SqlKind.PERCENTILE_DISC,
      SqlKind.FUSION, SqlKind.INTERSECTION);
  /** Why a join whose output order the plan relies on may not spill. */
  static final String ORDER_RELIED_ON = "the plan relies on the order of this join's output, which "
      + "spilling would change, so it cannot spill";

  private final Map<String, Integer> names = new HashMap<>();

  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    names.clear();
    return new QueryMemoryScope(rewrite(rel, OutputOrder.reliedOnAtRoot(rel, requiredOutputTraits)));
  }

  private RelNode rewrite(RelNode node, boolean orderReliedOn) {
    List<RelNode> inputs = new ArrayList<>();
    for (int i = 0; i < node.getInputs().size(); i++) {
      inputs.add(rewrite(node.getInput(i), OutputOrder.reliedOnInput(node, i, orderReliedOn)));
    }
    RelNode copy = inputs.equals(node.getInputs()) ? node : node.copy(node.getTraitSet(), inputs);
    return bounded(copy, orderReliedOn);
  }

  private RelNode bounded(RelNode node, boolean orderReliedOn) {
    if (node instanceof MemoryBounded) {
      return node;
    }
    if (node instanceof EnumerableLimitSort sort) {
      return new MemoryBoundedLimitSort(sort, spillable(orderBy(sort.getCollation(), sort.getInput())
          + limit(sort.offset, sort.fetch)));
    }
    if (node instanceof EnumerableSort sort) {
      return new MemoryBoundedSort(sort, spillable(orderBy(sort.getCollation(), sort.getInput())));
    }
    if (node instanceof EnumerableHashJoin join && MemoryBoundedHashJoin.runs(join.getJoinType())) {
      return new MemoryBoundedHashJoin(join, new OperatorInfo(unique(describe(join)),
          orderReliedOn ? ORDER_RELIED_ON : null));
    }
    if (node instanceof EnumerableAggregate aggregate && aggregate.getGroupCount() > 0
        && aggregate.getAggCallList().stream().noneMatch(MemoryBoundedOperators::collects)) {
      return MemoryBoundedAggregate.of(aggregate, spillable(describe(aggregate)));
    }
    if (node instanceof EnumerableAggregate aggregate && !(node instanceof GrandTotalAggregate)
        && GrandTotalAggregate.needed(aggregate)) {
      return GrandTotalAggregate.of(aggregate);
    }
    return node;
  }

  private static boolean collects(AggregateCall call) {
    return COLLECTING.contains(call.getAggregation().getKind()) || call.isDistinct()
        || !call.getCollation().getFieldCollations().isEmpty();
  }

  private OperatorInfo spillable(String description) {
    return OperatorInfo.spillable(unique(description));
  }

  /** The description, numbered if an earlier operator of the plan has it: {@code ORDER BY k (2)}. */
  private String unique(String description) {
    int n = names.merge(description, 1, Integer::sum);
    return n == 1 ? description : description + " (" + n + ")";
  }

  private static String orderBy(RelCollation collation, RelNode input) {
    List<String> fields = input.getRowType().getFieldNames();
    return "ORDER BY " + collation.getFieldCollations().stream().map(c -> fields.get(c.getFieldIndex())
        + (c.getDirection() == RelFieldCollation.Direction.DESCENDING ? " DESC" : ""))
        .collect(Collectors.joining(", "));
  }

  private static String limit(RexNode offset, RexNode fetch) {
    return (fetch == null ? "" : " LIMIT " + value(fetch)) + (offset == null ? "" : " OFFSET " + value(offset));
  }

  private static String value(RexNode n) {
    return n instanceof RexLiteral l ? String.valueOf(l.getValueAs(Long.class))
        : n instanceof RexDynamicParam ? "?" : n.toString();
  }

  private static String describe(EnumerableHashJoin join) {
    JoinInfo info = join.analyzeCondition();
    List<String> left = join.getLeft().getRowType().getFieldNames();
    List<String> right = join.getRight().getRowType().getFieldNames();
    String on = info.pairs().stream().map(p -> left.get(p.source) + " = " + right.get(p.target))
        .collect(Collectors.joining(" AND "));
    return join.getJoinType() + " JOIN ON " + (on.isEmpty() ? join.getCondition().toString() : on)
        + (info.isEqui() || on.isEmpty() ? "" : " AND ...");
  }

  private static String describe(EnumerableAggregate aggregate) {
    List<String> fields = aggregate.getInput().getRowType().getFieldNames();
    String keys = aggregate.getGroupSet().asList().stream().map(fields::get)
        .collect(Collectors.joining(", "));
    if (aggregate.getAggCallList().isEmpty()
        && aggregate.getGroupSet().equals(ImmutableBitSet.range(fields.size()))) {
      return "SELECT DISTINCT " + keys;
    }
    return aggregate.getGroupType() == org.apache.calcite.rel.core.Aggregate.Group.SIMPLE
        ? "GROUP BY " + keys : "GROUP BY GROUPING SETS of " + keys;
  }
}
