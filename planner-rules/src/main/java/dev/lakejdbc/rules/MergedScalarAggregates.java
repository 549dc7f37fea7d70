package dev.lakejdbc.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Aggregates without GROUP BY over the same input, each with its own filter, that a statement
 * cross-joins (its scalar sub-queries once Calcite made them joins, or single-row derived tables in
 * FROM) become one aggregate over that input, each aggregate call keeping its rows by a FILTER: the
 * input is read once instead of once per sub-query. TPC-DS's q9 reads store_sales 15 times for 15
 * such sub-queries, q88 joins it to three dimensions 8 times; Spark merges them the same way
 * (MergeScalarSubqueries).
 *
 * <p>Such an aggregate returns exactly one row, whatever its input, so a cross join with it (inner or
 * left) keeps every row of the other side: the aggregates can be computed together and joined once.
 * The merged input is filtered by the OR of the filters (which still prunes partitions and row groups
 * as each filter did), and each call counts the rows of its own filter ({@code IS TRUE}: a NULL
 * condition drops the row, as WHERE does). Calls with DISTINCT, a FILTER of their own or an order
 * (WITHIN GROUP) are left as they are, as are filtered scalar sub-queries that are no aggregate
 * (Calcite's SINGLE_VALUE, which takes no FILTER). Inputs are compared after the projections and filters right
 * under each aggregate are taken off: over one table, sub-queries reading different columns merge;
 * over a join, the SQL conversion has already trimmed each join's inputs to the columns its
 * sub-query reads, and only sub-queries reading the same columns of it merge.
 */
final class MergedScalarAggregates implements Program {
  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    return rewrite(rel);
  }

  private RelNode rewrite(RelNode node) {
    if (node instanceof Join join && joinsOneRow(join)) {
      try {
        return merged(join);
      } catch (RuntimeException unforeseen) {
        // A shape this rewrite did not foresee (Calcite refusing a node it built): the statement is
        // planned without it rather than failed.
        return node;
      }
    }
    List<RelNode> inputs = new ArrayList<>();
    for (RelNode input : node.getInputs()) {
      inputs.add(rewrite(input));
    }
    return inputs.equals(node.getInputs()) ? node : node.copy(node.getTraitSet(), inputs);
  }

  /** A join on TRUE, inner or left, whose right side is an aggregate without GROUP BY: one row. */
  private static boolean joinsOneRow(Join join) {
    return join.getCondition().isAlwaysTrue() && join.getVariablesSet().isEmpty()
        && (join.getJoinType() == JoinRelType.INNER || join.getJoinType() == JoinRelType.LEFT)
        && isGrandTotal(join.getRight());
  }

  private static boolean isGrandTotal(RelNode rel) {
    return rel instanceof Aggregate a && a.getGroupSet().isEmpty()
        && a.getGroupType() == Aggregate.Group.SIMPLE;
  }

  /**
   * One aggregate of the chain: its calls, its input's columns and the conjunction of the filters
   * under it (null: none) as expressions over what lies under those projections and filters, the
   * input it may share with others (the trimming of the SQL's conversion gives each sub-query a
   * projection of its own columns over the table).
   */
  private record Member(Aggregate aggregate, List<RexNode> inputs, RexNode condition, RelNode source) {
    static Member of(RelNode rel, RexBuilder rexBuilder) {
      if (!isGrandTotal(rel)) {
        return null;
      }
      Aggregate aggregate = (Aggregate) rel;
      for (AggregateCall call : aggregate.getAggCallList()) {
        if (call.isDistinct() || call.filterArg >= 0 || !call.collation.getFieldCollations().isEmpty()) {
          return null;
        }
      }
      RelNode under = aggregate.getInput();
      List<RexNode> inputs = new ArrayList<>();
      for (int i = 0; i < under.getRowType().getFieldCount(); i++) {
        inputs.add(rexBuilder.makeInputRef(under, i));
      }
      List<RexNode> conditions = new ArrayList<>();
      while (true) {
        if (under instanceof Project p && !RexOver.containsOver(p.getProjects(), null)) {
          inputs = RelOptUtil.pushPastProject(inputs, p);
          conditions = new ArrayList<>(RelOptUtil.pushPastProject(conditions, p));
          under = p.getInput();
        } else if (under instanceof Filter f && !RexUtil.containsCorrelation(f.getCondition())) {
          conditions.add(f.getCondition());
          under = f.getInput();
        } else {
          break;
        }
      }
      if (!RelOptUtil.getVariablesUsed(under).isEmpty()) {
        // Correlated with something outside: left as Calcite made it.
        return null;
      }
      if (!conditions.isEmpty()
          && !aggregate.getAggCallList().stream().allMatch(c -> c.getAggregation().allowsFilter())) {
        // SINGLE_VALUE (a scalar sub-query that is no aggregate) takes no FILTER.
        return null;
      }
      return new Member(aggregate, inputs,
          conditions.isEmpty() ? null : RexUtil.composeConjunction(rexBuilder, conditions), under);
    }
  }

  /** The chain of one-row joins under {@code top}, with the aggregates over a shared input merged. */
  private RelNode merged(Join top) {
    List<Join> joins = chain(top);
    List<RelNode> sides = new ArrayList<>();
    sides.add(rewrite(joins.get(0).getLeft()));
    for (Join join : joins) {
      sides.add(rewrite(join.getRight()));
    }
    // Sides of one shared input, by the first side of it; the first side (the join's left-most input)
    // is merged only if it is an aggregate too.
    List<Member> members = new ArrayList<>();
    Map<Integer, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = 0; i < sides.size(); i++) {
      Member m = Member.of(sides.get(i), top.getCluster().getRexBuilder());
      members.add(m);
      if (m == null) {
        continue;
      }
      Integer group = null;
      for (Integer first : groups.keySet()) {
        if (members.get(first).source().deepEquals(m.source())) {
          group = first;
          break;
        }
      }
      groups.computeIfAbsent(group != null ? group : i, k -> new ArrayList<>()).add(i);
    }
    groups.values().removeIf(g -> g.size() < 2);
    if (groups.isEmpty()) {
      return rebuilt(joins, sides);
    }
    RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(top.getCluster(), null);
    // Each side's place in the new joins: its unit, and the unit's field of its first column.
    int[] unitOf = new int[sides.size()];
    int[] offsetIn = new int[sides.size()];
    List<RelNode> units = new ArrayList<>();
    Map<Integer, Integer> unitOfGroup = new LinkedHashMap<>();
    Map<Integer, List<Integer>> groupOf = new LinkedHashMap<>();
    for (List<Integer> g : groups.values()) {
      g.forEach(i -> groupOf.put(i, g));
    }
    for (int i = 0; i < sides.size(); i++) {
      List<Integer> group = groupOf.get(i);
      if (group == null) {
        unitOf[i] = units.size();
        offsetIn[i] = 0;
        units.add(sides.get(i));
        continue;
      }
      Integer unit = unitOfGroup.get(group.get(0));
      if (unit == null) {
        unit = units.size();
        unitOfGroup.put(group.get(0), unit);
        units.add(aggregateOf(builder, group, members));
      }
      unitOf[i] = unit;
      int offset = 0;
      for (int j : group) {
        if (j == i) {
          break;
        }
        offset += members.get(j).aggregate().getAggCallList().size();
      }
      offsetIn[i] = offset;
    }
    builder.push(units.get(0));
    for (int u = 1; u < units.size(); u++) {
      builder.push(units.get(u)).join(JoinRelType.INNER, builder.literal(true));
    }
    int[] unitStart = new int[units.size()];
    for (int u = 1; u < units.size(); u++) {
      unitStart[u] = unitStart[u - 1] + units.get(u - 1).getRowType().getFieldCount();
    }
    List<RexNode> fields = new ArrayList<>();
    for (int i = 0; i < sides.size(); i++) {
      for (int f = 0; f < sides.get(i).getRowType().getFieldCount(); f++) {
        fields.add(builder.field(unitStart[unitOf[i]] + offsetIn[i] + f));
      }
    }
    builder.project(fields, top.getRowType().getFieldNames(), true);
    RelNode result = builder.convert(top.getRowType(), false).build();
    // Nullability the left joins gave the aggregates' columns is kept by casts; a type that does
    // not come out the same means a case not foreseen here: the joins are then left as they were.
    return result.getRowType().equals(top.getRowType()) ? result : rebuilt(joins, sides);
  }

  /**
   * One aggregate computing the calls of the members {@code group} (in order) over their shared
   * input: rows of any member's filter, each call counting those of its own.
   */
  private static RelNode aggregateOf(RelBuilder builder, List<Integer> group, List<Member> members) {
    RelNode source = members.get(group.get(0)).source();
    builder.push(source);
    List<RexNode> conditions = new ArrayList<>();
    boolean everyRow = false;
    for (int i : group) {
      RexNode condition = members.get(i).condition();
      if (condition == null) {
        everyRow = true;
      } else {
        conditions.add(condition);
      }
    }
    if (!everyRow) {
      builder.filter(builder.or(conditions));
    }
    List<RexNode> projects = new ArrayList<>();
    List<AggregateCall> calls = new ArrayList<>();
    for (int i : group) {
      Member m = members.get(i);
      int start = projects.size();
      projects.addAll(m.inputs());
      int filter = -1;
      if (m.condition() != null) {
        filter = projects.size();
        projects.add(builder.call(SqlStdOperatorTable.IS_TRUE, m.condition()));
      }
      for (AggregateCall call : m.aggregate().getAggCallList()) {
        List<Integer> args = new ArrayList<>();
        for (int arg : call.getArgList()) {
          args.add(start + arg);
        }
        calls.add(call.withArgList(args).withFilter(filter));
      }
    }
    builder.project(projects);
    RelNode input = builder.build();
    return LogicalAggregate.create(input, List.of(), ImmutableBitSet.of(), null, calls);
  }

  /** The one-row joins from {@code top} down its left inputs, lowest first. */
  private static List<Join> chain(Join top) {
    List<Join> joins = new ArrayList<>();
    RelNode left = top;
    while (left instanceof Join join && joinsOneRow(join)) {
      joins.add(0, join);
      left = join.getLeft();
    }
    return joins;
  }

  /** The chain of joins as it was, over its sides (rewritten inside). */
  private static RelNode rebuilt(List<Join> joins, List<RelNode> sides) {
    RelNode rel = sides.get(0);
    for (int i = 0; i < joins.size(); i++) {
      Join join = joins.get(i);
      List<RelNode> inputs = List.of(rel, sides.get(i + 1));
      rel = inputs.equals(join.getInputs()) ? join : join.copy(join.getTraitSet(), inputs);
    }
    return rel;
  }
}
