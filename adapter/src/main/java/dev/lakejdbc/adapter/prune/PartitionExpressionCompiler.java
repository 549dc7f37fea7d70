package dev.lakejdbc.adapter.prune;

import dev.lakejdbc.adapter.time.MicrosRewrite;
import dev.lakejdbc.adapter.types.RunTimeSemantics;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Compiles expressions over a table's partition columns with Calcite's own code generator into Java
 * lambdas over a table-width row that holds one partition's typed values: predicates for static
 * pruning, key functions for dynamic pruning. The generated code sees the execution's DataContext, so
 * {@code ?} parameters and CURRENT_DATE take the values of each execution. Expressions are rewritten
 * for microsecond TIMESTAMPs ({@link MicrosRewrite}) and the run time's arithmetic and CHAR
 * semantics ({@link RunTimeSemantics}) first, as every expression the driver compiles.
 */
public final class PartitionExpressionCompiler {
  /** Partition expressions never reference a correlation variable (the rules keep those out). */
  private static final Function1<String, RexToLixTranslator.InputGetter> NO_CORRELATION = name -> {
    throw new IllegalStateException("correlation variable " + name + " in a partition expression");
  };

  private final EnumerableRelImplementor implementor;
  private final RelDataType tableRowType;
  private final PhysType rowType;
  private final int firstPartition;
  private final RexBuilder rexBuilder;

  public PartitionExpressionCompiler(EnumerableRelImplementor implementor, RelDataType tableRowType,
      ImmutableBitSet partitionColumns) {
    this.implementor = implementor;
    this.tableRowType = tableRowType;
    this.rowType = PhysTypeImpl.of(implementor.getTypeFactory(), tableRowType, JavaRowFormat.ARRAY, false);
    this.firstPartition = partitionColumns.isEmpty() ? 0 : partitionColumns.nth(0);
    this.rexBuilder = new RexBuilder(implementor.getTypeFactory());
  }

  /** How many leading partition levels must be known to evaluate {@code expressions}. */
  public int levelsNeeded(List<RexNode> expressions) {
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(expressions, null);
    return used.isEmpty() ? 0 : used.length() - firstPartition;
  }

  /** A {@code Predicate1<Object[]>}: whether the condition is TRUE for a partition's values. */
  public Expression predicate(RexNode condition) {
    ParameterExpression row = Expressions.parameter(Object[].class, "partitionRow");
    RexProgramBuilder program = new RexProgramBuilder(tableRowType, rexBuilder);
    program.addCondition(implementable(condition));
    BlockBuilder body = new BlockBuilder();
    Expression test = RexToLixTranslator.translateCondition(program.getProgram(),
        implementor.getTypeFactory(), body, new RexToLixTranslator.InputGetterImpl(row, rowType),
        NO_CORRELATION, implementor.getConformance());
    body.add(Expressions.return_(null, test));
    return Expressions.lambda(Predicate1.class, body.toBlock(), row);
  }

  /** {@code e} as the run time computes it: microsecond TIMESTAMPs and {@link RunTimeSemantics}. */
  private RexNode implementable(RexNode e) {
    return new MicrosRewrite(rexBuilder).apply(new RunTimeSemantics(rexBuilder).apply(e));
  }

  /**
   * A {@code Function1<Object[], Object[]>}: the values of {@code keys} for a partition's values. Keys
   * that are all columns, or all literals, need no generated class ({@link RowFunctions}): the row's
   * fields hold values of the columns' Java classes already, and a literal's value is what the
   * generated code would compute from it.
   */
  public Expression keyFunction(List<RexNode> keys) {
    List<RexNode> implementable = keys.stream().map(this::implementable).toList();
    if (!implementable.isEmpty() && implementable.stream().allMatch(RexInputRef.class::isInstance)) {
      return Expressions.call(RowFunctions.class, "fields", Expressions.constant(
          implementable.stream().mapToInt(k -> ((RexInputRef) k).getIndex()).toArray()));
    }
    if (implementable.stream().allMatch(RexLiteral.class::isInstance)) {
      return Expressions.call(RowFunctions.class, "constant", Expressions.newArrayInit(Object.class,
          implementable.stream().map(k -> Expressions.box(RexToLixTranslator.translateLiteral(
              (RexLiteral) k, k.getType(), implementor.getTypeFactory(), RexImpTable.NullAs.NULL)))
              .toList()));
    }
    ParameterExpression row = Expressions.parameter(Object[].class, "partitionRow");
    RexProgramBuilder program = new RexProgramBuilder(tableRowType, rexBuilder);
    for (int i = 0; i < implementable.size(); i++) {
      program.addProject(implementable.get(i), "k" + i);
    }
    BlockBuilder body = new BlockBuilder();
    List<Expression> values = RexToLixTranslator.translateProjects(program.getProgram(),
        implementor.getTypeFactory(), implementor.getConformance(), body, null,
        org.apache.calcite.DataContext.ROOT, new RexToLixTranslator.InputGetterImpl(row, rowType),
        NO_CORRELATION);
    body.add(Expressions.return_(null, Expressions.newArrayInit(Object.class,
        values.stream().map(Expressions::box).toList())));
    return Expressions.lambda(Function1.class, body.toBlock(), row);
  }
}
