package dev.lakejdbc.rules.physical;

import dev.lakejdbc.adapter.memory.RankLimit;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Below a window whose rank is filtered ({@code rank() <= k}): only the rows of each partition that
 * can rank within the limit reach the window ({@link RankLimit}). See {@link WindowGroupLimits}.
 */
public final class WindowGroupLimit extends SingleRel implements EnumerableRel {
  private final ImmutableBitSet partition;
  private final RelCollation order;
  private final boolean dense;
  private final int limit;

  WindowGroupLimit(RelNode input, ImmutableBitSet partition, RelCollation order, boolean dense, int limit) {
    this(input.getCluster().traitSetOf(EnumerableConvention.INSTANCE), input, partition, order, dense,
        limit);
  }

  private WindowGroupLimit(RelTraitSet traits, RelNode input, ImmutableBitSet partition,
      RelCollation order, boolean dense, int limit) {
    super(input.getCluster(), traits, input);
    this.partition = partition;
    this.order = order;
    this.dense = dense;
    this.limit = limit;
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new WindowGroupLimit(traitSet, inputs.get(0), partition, order, dense, limit);
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("partition", partition)
        .item("order", order.getFieldCollations().stream().map(Object::toString)
            .collect(Collectors.joining(", ")))
        .item("rank", dense ? "DENSE_RANK" : "RANK").item("limit", limit);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    BlockBuilder builder = new BlockBuilder();
    Result input = implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), input.format);
    Expression rows = builder.append("rows", input.block);
    builder.add(Expressions.return_(null, Expressions.call(
        Types.lookupMethod(RankLimit.class, "limit", Enumerable.class, Function1.class,
            Comparator.class, boolean.class, int.class),
        rows,
        physType.generateAccessor(partition.asList()),
        physType.generateComparator(order),
        Expressions.constant(dense),
        Expressions.constant(limit))));
    return implementor.result(physType, builder.toBlock());
  }
}
