package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.HashJoin;
import dev.lakejdbc.adapter.memory.OperatorInfo;
import java.lang.reflect.Method;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Function2;
import org.apache.calcite.linq4j.function.Predicate2;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.BuiltInMethod;

/**
 * Calcite's hash join (inner, outer, semi, anti), run by {@link HashJoin}: its right input in a hash
 * table within the query's memory, both inputs partitioned to spill files past it.
 */
final class MemoryBoundedHashJoin extends EnumerableHashJoin implements MemoryBounded {
  private static final Method HASH_JOIN = Types.lookupMethod(HashJoin.class, "hashJoin",
      OperatorInfo.class, DataContext.class, Enumerable.class, Enumerable.class, Function1.class,
      Function1.class, Function2.class, EqualityComparer.class, boolean.class, boolean.class,
      Predicate2.class);
  private static final Method SEMI_JOIN = Types.lookupMethod(HashJoin.class, "semiJoin",
      OperatorInfo.class, DataContext.class, Enumerable.class, Enumerable.class, Function1.class,
      Function1.class, EqualityComparer.class, Predicate2.class);
  private static final Method ANTI_JOIN = Types.lookupMethod(HashJoin.class, "antiJoin",
      OperatorInfo.class, DataContext.class, Enumerable.class, Enumerable.class, Function1.class,
      Function1.class, EqualityComparer.class, Predicate2.class);

  private final OperatorInfo operator;

  MemoryBoundedHashJoin(EnumerableHashJoin join, OperatorInfo operator) {
    this(join.getTraitSet(), join.getLeft(), join.getRight(), join.getCondition(), join,
        join.getJoinType(), operator);
  }

  private MemoryBoundedHashJoin(RelTraitSet traits, RelNode left, RelNode right, RexNode condition,
      EnumerableHashJoin original, JoinRelType joinType, OperatorInfo operator) {
    super(left.getCluster(), traits, left, right, condition, original.getVariablesSet(), joinType);
    this.operator = operator;
  }

  /** Whether this class runs joins of this type (all but the mark joins of sub-queries). */
  static boolean runs(JoinRelType joinType) {
    return joinType != JoinRelType.LEFT_MARK && joinType != JoinRelType.ASOF
        && joinType != JoinRelType.LEFT_ASOF;
  }

  @Override public EnumerableHashJoin copy(RelTraitSet traitSet, RexNode condition, RelNode left,
      RelNode right, JoinRelType joinType, boolean semiJoinDone) {
    return new MemoryBoundedHashJoin(traitSet, left, right, condition, this, joinType, operator);
  }

  @Override public OperatorInfo operator() {
    return operator;
  }

  /** EXPLAIN shows Calcite's name: the operator and its plan are Calcite's. */
  @Override public String getRelTypeName() {
    return EnumerableHashJoin.class.getSimpleName();
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result calcite = super.implement(implementor, pref);
    switch (joinType) {
      case SEMI:
        return GeneratedCall.redirect(implementor, calcite, BuiltInMethod.SEMI_JOIN.method, SEMI_JOIN,
            operator);
      case ANTI:
        return GeneratedCall.redirect(implementor, calcite, BuiltInMethod.ANTI_JOIN.method, ANTI_JOIN,
            operator);
      default:
        return GeneratedCall.redirect(implementor, calcite, BuiltInMethod.HASH_JOIN.method, HASH_JOIN,
            operator);
    }
  }
}
