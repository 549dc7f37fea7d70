package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.ExternalSort;
import dev.lakejdbc.adapter.memory.OperatorInfo;
import java.lang.reflect.Method;
import java.util.Comparator;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableLimitSort;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.BuiltInMethod;

/**
 * Calcite's top-N (ORDER BY with OFFSET/FETCH), run by {@link ExternalSort}: it keeps the rows that
 * can still be returned, within the query's memory, spilling past it if even those do not fit.
 */
final class MemoryBoundedLimitSort extends EnumerableLimitSort implements MemoryBounded {
  private static final Method ORDER_BY = Types.lookupMethod(ExternalSort.class, "orderBy",
      OperatorInfo.class, DataContext.class, Enumerable.class, Function1.class, Comparator.class,
      int.class, int.class);

  private final OperatorInfo operator;

  MemoryBoundedLimitSort(EnumerableLimitSort sort, OperatorInfo operator) {
    this(sort.getTraitSet(), sort.getInput(), sort.getCollation(), sort.offset, sort.fetch, operator);
  }

  private MemoryBoundedLimitSort(RelTraitSet traits, RelNode input, RelCollation collation,
      RexNode offset, RexNode fetch, OperatorInfo operator) {
    super(input.getCluster(), traits, input, collation, offset, fetch);
    this.operator = operator;
  }

  @Override public EnumerableLimitSort copy(RelTraitSet traitSet, RelNode newInput,
      RelCollation newCollation, RexNode offset, RexNode fetch) {
    return new MemoryBoundedLimitSort(traitSet, newInput, newCollation, offset, fetch, operator);
  }

  @Override public OperatorInfo operator() {
    return operator;
  }

  /** EXPLAIN shows Calcite's name: the operator and its plan are Calcite's. */
  @Override public String getRelTypeName() {
    return EnumerableLimitSort.class.getSimpleName();
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    return GeneratedCall.redirect(implementor, super.implement(implementor, pref),
        BuiltInMethod.ORDER_BY_WITH_FETCH_AND_OFFSET.method, ORDER_BY, operator);
  }
}
