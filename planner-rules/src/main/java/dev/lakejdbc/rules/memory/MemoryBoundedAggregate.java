package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.HashAggregation;
import dev.lakejdbc.adapter.memory.OperatorInfo;
import java.lang.reflect.Method;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.linq4j.function.Function0;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Function2;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.GotoStatement;
import org.apache.calcite.linq4j.tree.MethodCallExpression;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.InvalidRelException;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.util.BuiltInMethod;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Calcite's hash aggregation (GROUP BY, grouping sets, SELECT DISTINCT), run by
 * {@link HashAggregation}: its groups within the query's memory, the rows of further groups
 * partitioned to spill files past it.
 */
final class MemoryBoundedAggregate extends EnumerableAggregate implements MemoryBounded {
  private static final Method GROUP_BY = Types.lookupMethod(HashAggregation.class, "groupBy",
      OperatorInfo.class, DataContext.class, Enumerable.class, Function1.class, Function0.class,
      Function2.class, Function2.class, EqualityComparer.class);
  private static final Method GROUP_BY_MULTIPLE = Types.lookupMethod(HashAggregation.class,
      "groupByMultiple", OperatorInfo.class, DataContext.class, Enumerable.class, List.class,
      Function0.class, Function2.class, Function2.class, EqualityComparer.class, int.class, int[].class);
  private static final Method DISTINCT = Types.lookupMethod(HashAggregation.class, "distinct",
      OperatorInfo.class, DataContext.class, Enumerable.class, EqualityComparer.class);

  private final OperatorInfo operator;

  private MemoryBoundedAggregate(RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
      List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls, OperatorInfo operator)
      throws InvalidRelException {
    super(input.getCluster(), traits, input, groupSet, groupSets, aggCalls);
    this.operator = operator;
  }

  static MemoryBoundedAggregate of(EnumerableAggregate aggregate, OperatorInfo operator) {
    try {
      return new MemoryBoundedAggregate(aggregate.getTraitSet(), aggregate.getInput(),
          aggregate.getGroupSet(), aggregate.getGroupSets(), aggregate.getAggCallList(), operator);
    } catch (InvalidRelException e) {
      throw new IllegalStateException("an aggregate Calcite made valid is invalid again", e);
    }
  }

  @Override public EnumerableAggregate copy(RelTraitSet traitSet, RelNode input,
      ImmutableBitSet groupSet, List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
    try {
      return new MemoryBoundedAggregate(traitSet, input, groupSet, groupSets, aggCalls, operator);
    } catch (InvalidRelException e) {
      throw new IllegalStateException("an aggregate Calcite made valid is invalid again", e);
    }
  }

  @Override public OperatorInfo operator() {
    return operator;
  }

  /** EXPLAIN shows Calcite's name: the operator and its plan are Calcite's. */
  @Override public String getRelTypeName() {
    return EnumerableAggregate.class.getSimpleName();
  }

  /** Where grouping sets are summed up from larger ones, EXPLAIN says which from which. */
  @Override public RelWriter explainTerms(RelWriter pw) {
    int[] parents = GroupingSetParents.of(this);
    return super.explainTerms(pw).itemIf("summedUp", parents == null ? "" : summedUp(parents), parents != null);
  }

  private String summedUp(int[] parents) {
    List<String> lines = new java.util.ArrayList<>();
    for (int s = 0; s < parents.length; s++) {
      if (parents[s] >= 0) {
        lines.add(getGroupSets().get(s) + " from " + getGroupSets().get(parents[s]));
      }
    }
    return String.join(", ", lines);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result calcite = super.implement(implementor, pref);
    // Calcite ends with groupBy, groupByMultiple or distinct, by the shape of the aggregate.
    String method = calcite.block.statements.get(calcite.block.statements.size() - 1)
        instanceof GotoStatement ret && ret.expression instanceof MethodCallExpression call
        ? call.method.getName() : "";
    switch (method) {
      case "groupByMultiple":
        // The key selectors follow the grouping sets; the empty one's group exists on empty input.
        return GeneratedCall.redirect(implementor, calcite, BuiltInMethod.GROUP_BY_MULTIPLE.method,
            GROUP_BY_MULTIPLE, operator,
            Expressions.constant(getGroupSets().indexOf(ImmutableBitSet.of())),
            Expressions.constant(GroupingSetParents.of(this), int[].class));
      case "distinct":
        return GeneratedCall.redirect(implementor, calcite, BuiltInMethod.DISTINCT.method, DISTINCT,
            operator);
      default:
        return GeneratedCall.redirect(implementor, calcite, BuiltInMethod.GROUP_BY2.method, GROUP_BY,
            operator);
    }
  }
}
