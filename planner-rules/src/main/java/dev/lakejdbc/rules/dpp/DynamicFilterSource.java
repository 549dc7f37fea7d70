package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.prune.RowFunctions;
import dev.lakejdbc.rules.cost.RowsOfItsInput;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * The dimension side of a dynamically pruned join: passes its input's rows through unchanged, and
 * hands the input — with functions that extract a row's join keys and all its columns — to the
 * channel, which evaluates it once for both the fact scan's key filter and the join (a hash join, or
 * the fact scan itself when it joins partition-wise).
 */
public final class DynamicFilterSource extends SingleRel implements EnumerableRel, RowsOfItsInput {
  private final DynamicFilterChannel channel;
  private final int[] keys;

  DynamicFilterSource(RelNode dimension, DynamicFilterChannel channel, int[] keys) {
    super(dimension.getCluster(), dimension.getTraitSet(), dimension);
    this.channel = channel;
    this.keys = keys.clone();
  }

  DynamicFilterChannel channel() {
    return channel;
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new DynamicFilterSource(inputs.get(0), channel, keys);
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    List<String> names = input.getRowType().getFieldNames();
    return super.explainTerms(pw)
        .item("id", "#" + channel.id())
        .item("keys", IntStream.of(keys).mapToObj(names::get).collect(Collectors.joining(", ")));
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result dimension = implementor.visitChild(this, 0, (EnumerableRel) input, pref);
    PhysType physType = dimension.physType;
    BlockBuilder builder = new BlockBuilder();
    Expression rows = builder.append("dimension", dimension.block);
    int[] all = IntStream.range(0, input.getRowType().getFieldCount()).toArray();
    builder.add(Expressions.return_(null, Expressions.call(
        implementor.stash(channel, DynamicFilterChannel.class),
        Types.lookupMethod(DynamicFilterChannel.class, "source", DataContext.class, Enumerable.class,
            Function1.class, Function1.class),
        implementor.getRootExpression(), rows, valuesOf(physType, keys), valuesOf(physType, all))));
    return implementor.result(physType, builder.toBlock());
  }

  /**
   * A {@code Function1<Object, Object[]>}: the values of {@code fields} of a dimension row. Rows that
   * are arrays (or a single value) need no generated class: downstream code converts what it reads
   * from an {@code Object[]} row by itself, as from any other.
   */
  private static Expression valuesOf(PhysType physType, int[] fields) {
    if (physType.getFormat() == JavaRowFormat.ARRAY) {
      return Expressions.call(RowFunctions.class, "fields", Expressions.constant(fields));
    }
    if (physType.getFormat() == JavaRowFormat.SCALAR) {
      return Expressions.call(RowFunctions.class, "scalar");
    }
    ParameterExpression row = Expressions.parameter(Object.class, "dimensionRow");
    Expression typedRow = Expressions.convert_(row, physType.getJavaRowType());
    List<Expression> values = new ArrayList<>();
    for (int field : fields) {
      values.add(Expressions.box(physType.fieldReference(typedRow, field)));
    }
    return Expressions.lambda(Function1.class, Expressions.newArrayInit(Object.class, values), row);
  }
}
