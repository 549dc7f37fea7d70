package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.CalciteGroupingSets;
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
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.InvalidRelException;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.util.BuiltInMethod;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A grouping-sets aggregate with the empty set that stays Calcite's (it is not memory-bounded), run by
 * {@link CalciteGroupingSets} so that an empty input still has its grand-total row.
 */
final class GrandTotalAggregate extends EnumerableAggregate {
  private static final Method GROUP_BY_MULTIPLE = Types.lookupMethod(CalciteGroupingSets.class,
      "groupByMultiple", OperatorInfo.class, DataContext.class, Enumerable.class, List.class,
      Function0.class, Function2.class, Function2.class, EqualityComparer.class, int.class);

  private GrandTotalAggregate(RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
      List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) throws InvalidRelException {
    super(input.getCluster(), traits, input, groupSet, groupSets, aggCalls);
  }

  /** Whether {@code aggregate} has grouping sets, one of them empty. */
  static boolean needed(EnumerableAggregate aggregate) {
    return aggregate.getGroupType() != Group.SIMPLE
        && aggregate.getGroupSets().contains(ImmutableBitSet.of());
  }

  static GrandTotalAggregate of(EnumerableAggregate aggregate) {
    return create(aggregate.getTraitSet(), aggregate.getInput(), aggregate.getGroupSet(),
        aggregate.getGroupSets(), aggregate.getAggCallList());
  }

  private static GrandTotalAggregate create(RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
      List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
    try {
      return new GrandTotalAggregate(traits, input, groupSet, groupSets, aggCalls);
    } catch (InvalidRelException e) {
      throw new IllegalStateException("an aggregate Calcite made valid is invalid again", e);
    }
  }

  @Override public EnumerableAggregate copy(RelTraitSet traitSet, RelNode input,
      ImmutableBitSet groupSet, List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
    return create(traitSet, input, groupSet, groupSets, aggCalls);
  }

  /** EXPLAIN shows Calcite's name: the operator and its plan are Calcite's. */
  @Override public String getRelTypeName() {
    return EnumerableAggregate.class.getSimpleName();
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    return GeneratedCall.redirect(implementor, super.implement(implementor, pref),
        BuiltInMethod.GROUP_BY_MULTIPLE.method, GROUP_BY_MULTIPLE,
        OperatorInfo.spillable("GROUP BY GROUPING SETS"),
        Expressions.constant(getGroupSets().indexOf(ImmutableBitSet.of())));
  }
}
