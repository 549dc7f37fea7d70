package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import dev.lakejdbc.rules.cost.RowsOfItsInput;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableFilter;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.function.Function0;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.SingleRel;

/**
 * The fact side of a dynamically pruned join, built only when the join first reads it. Calcite
 * builds some operators eagerly — an aggregate reads its whole input while the plan's code is still
 * being put together — and the code of a join's left input runs before its right input's. A fact
 * aggregated below the join would then be read before the dimension on the other side registered
 * with the channel, and the scan would find no keys to prune by. Deferred, the fact is read after
 * every input of the join has been built.
 */
final class ReadWhenEnumerated extends SingleRel implements EnumerableRel, RowsOfItsInput {
  /** The operators whose code reads nothing until their rows are asked for. */
  private static final Set<Class<? extends RelNode>> LAZY = Set.of(EnumerableLakeTableScan.class,
      PartitionWiseJoin.class, DynamicFilterSource.class, EnumerableCalc.class,
      EnumerableProject.class, EnumerableFilter.class, EnumerableHashJoin.class);

  /** {@code fact}, deferred if some operator in it reads its input as soon as it is built. */
  static RelNode ifEager(RelNode fact) {
    return isLazy(fact) ? fact : new ReadWhenEnumerated(fact);
  }

  private static boolean isLazy(RelNode node) {
    return LAZY.contains(node.getClass())
        && node.getInputs().stream().allMatch(ReadWhenEnumerated::isLazy);
  }

  private ReadWhenEnumerated(RelNode fact) {
    super(fact.getCluster(), fact.getTraitSet(), fact);
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new ReadWhenEnumerated(inputs.get(0));
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result fact = implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
    BlockBuilder builder = new BlockBuilder();
    builder.add(Expressions.return_(null, Expressions.call(
        Types.lookupMethod(DynamicFilterChannel.class, "whenEnumerated", Function0.class),
        Expressions.lambda(Function0.class, fact.block))));
    return implementor.result(fact.physType, builder.toBlock());
  }
}
