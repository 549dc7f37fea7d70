package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.OperatorInfo;
import dev.lakejdbc.adapter.memory.SharedRows;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
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
 * One use of a sub-plan that the plan uses more than once ({@link SharedSubPlans}): its rows come
 * from {@link SharedRows}, computed by the first use in an execution and kept for the others. Each
 * use keeps its own copy of the sub-plan's code, run only where the rows are not kept.
 */
final class SharedSubPlan extends SingleRel implements EnumerableRel {
  private final int id;
  private final int uses;

  SharedSubPlan(RelNode input, int id, int uses) {
    super(input.getCluster(), input.getTraitSet(), input);
    this.id = id;
    this.uses = uses;
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new SharedSubPlan(inputs.get(0), id, uses);
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("subPlan", id).item("uses", uses);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    // Every use reads the rows of whichever use ran first: all of them as arrays.
    Result child = implementor.visitChild(this, 0, (EnumerableRel) input, Prefer.ARRAY);
    BlockBuilder builder = new BlockBuilder();
    Expression rows = builder.append("rows", child.block);
    PhysType arrays = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY, false);
    Expression asArrays = child.physType.getFormat() == JavaRowFormat.ARRAY ? rows
        : builder.append("arrays", child.physType.convertTo(rows, JavaRowFormat.ARRAY));
    OperatorInfo operator = OperatorInfo.spillable("shared sub-plan " + id + " (" + uses + " uses)");
    builder.add(Expressions.return_(null, Expressions.call(
        Types.lookupMethod(SharedRows.class, "of", DataContext.class, OperatorInfo.class, int.class,
            Enumerable.class),
        implementor.getRootExpression(), implementor.stash(operator, OperatorInfo.class),
        Expressions.constant(id), asArrays)));
    return implementor.result(arrays, builder.toBlock());
  }
}
