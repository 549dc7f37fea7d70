package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.ExecutionScope;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * The root of every plan: passes its input's rows through {@link ExecutionScope}, which ends the
 * execution's memory budget when they end, fail or are closed. It does nothing else, and EXPLAIN shows
 * the plan without it.
 */
final class QueryMemoryScope extends SingleRel implements EnumerableRel {
  QueryMemoryScope(RelNode input) {
    super(input.getCluster(), input.getTraitSet(), input);
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new QueryMemoryScope(inputs.get(0));
  }

  /** Invisible in EXPLAIN: the plan is its input's. */
  @Override public void explain(RelWriter pw) {
    input.explain(pw);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result rows = implementor.visitChild(this, 0, (EnumerableRel) input, pref);
    BlockBuilder builder = new BlockBuilder();
    Expression child = builder.append("rows", rows.block);
    builder.add(Expressions.return_(null, Expressions.call(
        Types.lookupMethod(ExecutionScope.class, "of", DataContext.class, Enumerable.class),
        implementor.getRootExpression(), child)));
    return implementor.result(rows.physType, builder.toBlock());
  }
}
