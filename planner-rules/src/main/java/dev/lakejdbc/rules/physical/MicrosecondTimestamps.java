package dev.lakejdbc.rules.physical;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.time.Micros;
import dev.lakejdbc.adapter.time.MicrosRewrite;
import dev.lakejdbc.adapter.types.RunTimeSemantics;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Uncollect;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimestampString;

/**
 * The physical plan as it is implemented: every expression rewritten for microsecond TIMESTAMPs
 * ({@link MicrosRewrite}), its divisions of decimals made exact, integer arithmetic checked and CHAR
 * padding dropped as text ({@link RunTimeSemantics}), its
 * long IN lists hash lookups ({@link PointSetMembership}), its comparisons of decimals free of casts
 * that change nothing ({@link LosslessComparisonCasts}) and its widening casts of integers plain Java
 * conversions ({@link WideningCasts}); and an UNNEST's NULL arrays read as empty
 * ({@link NullArraysUnnestEmpty}). It runs after the whole program, on the plan handed to the code generator,
 * so that EXPLAIN, the rules and the plan cache see ordinary SQL expressions. Lake scans rewrite their
 * own pushed expressions when they compile them. Where a plan node would read TIMESTAMP values as
 * milliseconds and cannot be rewritten, the statement fails with SQLState 0A000 rather than answer
 * differently: a window RANGE with an offset over a TIMESTAMP, and aggregates other than MIN, MAX,
 * COUNT and their kind that collect or compute TIMESTAMP values.
 */
public final class MicrosecondTimestamps {
  /** Aggregates that only compare, count or pass TIMESTAMP values through. */
  private static final Set<SqlKind> UNIT_FREE_AGGREGATES = EnumSet.of(SqlKind.MIN, SqlKind.MAX, SqlKind.COUNT,
      SqlKind.ANY_VALUE, SqlKind.SINGLE_VALUE, SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE, SqlKind.ARG_MAX,
      SqlKind.ARG_MIN, SqlKind.LAG, SqlKind.LEAD, SqlKind.NTH_VALUE, SqlKind.ROW_NUMBER, SqlKind.RANK,
      SqlKind.DENSE_RANK, SqlKind.GROUPING, SqlKind.GROUP_ID, SqlKind.GROUPING_ID);

  private MicrosecondTimestamps() {}

  /** {@code plan} with every expression rewritten; nodes without TIMESTAMP expressions unchanged. */
  public static RelNode rewrite(RelNode plan) {
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode input : plan.getInputs()) {
      RelNode r = rewrite(input);
      changed |= r != input;
      inputs.add(r);
    }
    RelNode node = changed ? plan.copy(plan.getTraitSet(), inputs) : plan;
    RexBuilder rexBuilder = node.getCluster().getRexBuilder();
    if (node instanceof Calc calc) {
      RexProgram p = calc.getProgram();
      List<RexNode> projects = implementable(rexBuilder, p.expandList(p.getProjectList()));
      RexNode condition = p.getCondition() == null ? null
          : implementable(rexBuilder, List.of(p.expandLocalRef(p.getCondition()))).get(0);
      RexProgram program = RexProgram.create(p.getInputRowType(), projects, condition, p.getOutputRowType(),
          rexBuilder);
      return calc.copy(calc.getTraitSet(), calc.getInput(), program);
    }
    if (node instanceof Filter || node instanceof Project || node instanceof Join) {
      return node.accept(new LosslessComparisonCasts()).accept(new RunTimeSemantics(rexBuilder))
          .accept(new PointSetMembership(rexBuilder)).accept(new MicrosRewrite(rexBuilder))
          .accept(new WideningCasts(rexBuilder));
    }
    if (node instanceof Values values) {
      return values(values);
    }
    if (node instanceof Uncollect uncollect) {
      return NullArraysUnnestEmpty.rewrite(uncollect);
    }
    if (node instanceof Window window) {
      check(window);
    }
    if (node instanceof Aggregate aggregate) {
      for (AggregateCall call : aggregate.getAggCallList()) {
        checkAggregate(call.getAggregation().getKind(), call.getAggregation().getName(), call.getArgList(),
            aggregate.getInput().getRowType(), call.getType());
      }
    }
    return node;
  }

  /** {@code es} as the code generator must see them; the same rewrites, in the same order, as above. */
  private static List<RexNode> implementable(RexBuilder rexBuilder, List<RexNode> es) {
    return new WideningCasts(rexBuilder).apply(new MicrosRewrite(rexBuilder).apply(
        new PointSetMembership(rexBuilder).apply(new RunTimeSemantics(rexBuilder).apply(
            new LosslessComparisonCasts().apply(es)))));
  }

  /** VALUES with TIMESTAMP columns: their microseconds as BIGINTs, reinterpreted above. */
  private static RelNode values(Values values) {
    RelDataType rowType = values.getRowType();
    if (rowType.getFieldList().stream().noneMatch(f -> f.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP)) {
      return values;
    }
    RexBuilder rexBuilder = values.getCluster().getRexBuilder();
    RelDataTypeFactory types = rexBuilder.getTypeFactory();
    RelDataTypeFactory.Builder inner = types.builder();
    for (RelDataTypeField f : rowType.getFieldList()) {
      inner.add(f.getName(), f.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP
          ? types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT), f.getType().isNullable())
          : f.getType());
    }
    RelDataType innerType = inner.build();
    List<List<RexLiteral>> tuples = new ArrayList<>();
    for (List<RexLiteral> tuple : values.getTuples()) {
      List<RexLiteral> t = new ArrayList<>();
      for (int i = 0; i < tuple.size(); i++) {
        RexLiteral l = tuple.get(i);
        RelDataType type = innerType.getFieldList().get(i).getType();
        if (rowType.getFieldList().get(i).getType().getSqlTypeName() != SqlTypeName.TIMESTAMP) {
          t.add(l);
        } else if (l.isNull()) {
          t.add((RexLiteral) rexBuilder.makeNullLiteral(type));
        } else {
          long micros = Micros.parse(l.getValueAs(TimestampString.class).toString());
          t.add((RexLiteral) rexBuilder.makeLiteral(BigDecimal.valueOf(micros), type));
        }
      }
      tuples.add(t);
    }
    EnumerableValues bigints = EnumerableValues.create(values.getCluster(), innerType,
        com.google.common.collect.ImmutableList.copyOf(tuples.stream()
            .map(com.google.common.collect.ImmutableList::copyOf).toList()));
    List<RexNode> projects = new ArrayList<>();
    for (int i = 0; i < rowType.getFieldCount(); i++) {
      RelDataType type = rowType.getFieldList().get(i).getType();
      RexNode ref = rexBuilder.makeInputRef(bigints, i);
      projects.add(type.getSqlTypeName() == SqlTypeName.TIMESTAMP
          ? rexBuilder.makeCall(type, SqlStdOperatorTable.REINTERPRET, List.of(ref)) : ref);
    }
    return EnumerableCalc.create(bigints, RexProgram.create(innerType, projects, null, rowType, rexBuilder));
  }

  private static void check(Window window) {
    for (RexLiteral constant : window.getConstants()) {
      if (constant.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP) {
        throw unsupported("a TIMESTAMP constant in a window");
      }
    }
    RelDataType input = window.getInput().getRowType();
    for (Window.Group group : window.groups) {
      boolean offsets = !group.isRows && (!group.lowerBound.isUnbounded() && !group.lowerBound.isCurrentRow()
          || !group.upperBound.isUnbounded() && !group.upperBound.isCurrentRow());
      if (offsets && group.orderKeys.getFieldCollations().stream().anyMatch(c ->
          input.getFieldList().get(c.getFieldIndex()).getType().getSqlTypeName() == SqlTypeName.TIMESTAMP)) {
        throw unsupported("a window RANGE with an offset over a TIMESTAMP");
      }
      for (Window.RexWinAggCall call : group.aggCalls) {
        List<Integer> args = new ArrayList<>();
        for (RexNode o : call.getOperands()) {
          if (o instanceof org.apache.calcite.rex.RexInputRef ref) {
            args.add(ref.getIndex());
          }
        }
        checkAggregate(call.getKind(), call.getOperator().getName(), args, input, call.getType());
      }
    }
  }

  private static void checkAggregate(SqlKind kind, String name, List<Integer> args, RelDataType input,
      RelDataType type) {
    if (UNIT_FREE_AGGREGATES.contains(kind)) {
      return;
    }
    boolean timestamps = MicrosRewrite.holdsTimestamp(type) || type.getSqlTypeName() == SqlTypeName.TIMESTAMP
        || args.stream().anyMatch(i -> i < input.getFieldCount()
            && input.getFieldList().get(i).getType().getSqlTypeName() == SqlTypeName.TIMESTAMP);
    if (timestamps) {
      throw unsupported(name + " of TIMESTAMP values");
    }
  }

  private static LakeException unsupported(String what) {
    return new LakeException(Micros.NOT_SUPPORTED, what + " is not supported: lake-jdbc holds TIMESTAMPs in "
        + "microseconds, which Calcite would read as milliseconds");
  }
}
