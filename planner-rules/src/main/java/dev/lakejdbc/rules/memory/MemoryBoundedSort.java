package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.ExternalSort;
import dev.lakejdbc.adapter.memory.OperatorInfo;
import java.lang.reflect.Method;
import java.util.Comparator;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.BuiltInMethod;

/** Calcite's ORDER BY, run by {@link ExternalSort}: within the query's memory, spilling past it. */
final class MemoryBoundedSort extends EnumerableSort implements MemoryBounded {
  private static final Method ORDER_BY = Types.lookupMethod(ExternalSort.class, "orderBy",
      OperatorInfo.class, DataContext.class, Enumerable.class, Function1.class, Comparator.class);

  private final OperatorInfo operator;

  MemoryBoundedSort(EnumerableSort sort, OperatorInfo operator) {
    this(sort.getTraitSet(), sort.getInput(), sort.getCollation(), operator);
  }

  private MemoryBoundedSort(RelTraitSet traits, RelNode input, RelCollation collation,
      OperatorInfo operator) {
    super(input.getCluster(), traits, input, collation, null, null);
    this.operator = operator;
  }

  @Override public EnumerableSort copy(RelTraitSet traitSet, RelNode newInput,
      RelCollation newCollation, RexNode offset, RexNode fetch) {
    return new MemoryBoundedSort(traitSet, newInput, newCollation, operator);
  }

  @Override public OperatorInfo operator() {
    return operator;
  }

  /** EXPLAIN shows Calcite's name: the operator and its plan are Calcite's. */
  @Override public String getRelTypeName() {
    return EnumerableSort.class.getSimpleName();
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    return GeneratedCall.redirect(implementor, super.implement(implementor, pref),
        BuiltInMethod.ORDER_BY.method, ORDER_BY, operator);
  }
}
