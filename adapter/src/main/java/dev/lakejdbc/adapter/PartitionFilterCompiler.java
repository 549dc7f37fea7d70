package dev.lakejdbc.adapter;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Compiles a pushed partition predicate with Calcite's own code generator into the expression of a
 * {@link PartitionFilter}: one {@code Predicate1<Object[]>} per conjunct over a table-width row. The
 * generated code sees the execution's DataContext, so {@code ?} parameters and CURRENT_DATE take the
 * values of each execution.
 */
final class PartitionFilterCompiler {
  /** Pushed conjuncts never reference a correlation variable (the rule keeps those above the scan). */
  private static final Function1<String, RexToLixTranslator.InputGetter> NO_CORRELATION = name -> {
    throw new IllegalStateException("correlation variable " + name + " in a partition filter");
  };

  private PartitionFilterCompiler() {}

  static Expression compile(EnumerableRelImplementor implementor, RelDataType tableRowType,
      ImmutableBitSet partitionColumns, RexNode predicate, String text) {
    RexBuilder rexBuilder = new RexBuilder(implementor.getTypeFactory());
    PhysType rowType = PhysTypeImpl.of(implementor.getTypeFactory(), tableRowType, JavaRowFormat.ARRAY, false);
    int firstPartition = partitionColumns.isEmpty() ? 0 : partitionColumns.nth(0);
    List<Expression> conjuncts = new ArrayList<>();
    List<Integer> levels = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(predicate)) {
      ParameterExpression row = Expressions.parameter(Object[].class, "partitionRow");
      RexProgramBuilder program = new RexProgramBuilder(tableRowType, rexBuilder);
      program.addCondition(conjunct);
      BlockBuilder body = new BlockBuilder();
      Expression condition = RexToLixTranslator.translateCondition(program.getProgram(),
          implementor.getTypeFactory(), body, new RexToLixTranslator.InputGetterImpl(row, rowType),
          NO_CORRELATION, implementor.getConformance());
      body.add(Expressions.return_(null, condition));
      conjuncts.add(Expressions.lambda(Predicate1.class, body.toBlock(), row));
      ImmutableBitSet used = RelOptUtil.InputFinder.bits(conjunct);
      levels.add(used.isEmpty() ? 0 : used.length() - firstPartition);
    }
    return Expressions.call(
        Types.lookupMethod(PartitionFilter.class, "of", String.class, int[].class, Predicate1[].class),
        Expressions.constant(text),
        Expressions.constant(levels.stream().mapToInt(Integer::intValue).toArray()),
        Expressions.newArrayInit(Predicate1.class, conjuncts));
  }
}
