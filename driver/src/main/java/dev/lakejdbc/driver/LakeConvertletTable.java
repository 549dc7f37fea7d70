package dev.lakejdbc.driver;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's conversion of SQL to row expressions, except that in {@code CASE WHEN x IS NOT NULL THEN x}
 * the branch stays plain {@code x} (or {@code CAST(x AS T)}) instead of {@code CAST(x AS T NOT NULL)}.
 *
 * <p>Why: Calcite 1.42 converts {@code COALESCE(x, 7)} (and the same CASE written out) to {@code
 * CASE(IS NOT NULL(x), CAST(x):INTEGER NOT NULL, 7)}. A comparison pushed into it gives {@code IS NOT
 * NULL(x) AND CAST(x):INTEGER NOT NULL <= 6}; the simplifier drops the IS NOT NULL as implied by the
 * strict comparison, and the generated code, trusting the NOT NULL type, reads a NULL x as 0 — so {@code
 * COALESCE(x, 7) <= 6} kept the rows where x is NULL. The guarded branch needs no cast: the CASE keeps
 * its NOT NULL type, which its guard makes true, and a comparison pushed into it is on plain x.
 *
 * <p>And {@code /} of two integers divides as fractions: the type system gives it DOUBLE (Spark's
 * rule), but Calcite's generated code divides the operands in their own Java types, so 7 / 2 would be
 * 3 cast to 3.0. The operands are cast to DOUBLE here.
 */
final class LakeConvertletTable implements SqlRexConvertletTable {
  static final LakeConvertletTable INSTANCE = new LakeConvertletTable();

  private LakeConvertletTable() {}

  @Override public SqlRexConvertlet get(SqlCall call) {
    SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
    if (standard == null) {
      return null;
    }
    switch (call.getKind()) {
      case CASE:
        return (cx, sqlCase) ->
            withoutGuardedNotNullCasts(cx.getRexBuilder(), standard.convertCall(cx, sqlCase));
      case DIVIDE:
        return (cx, divide) -> fractionalDivision(cx.getRexBuilder(), standard.convertCall(cx, divide));
      default:
        return standard;
    }
  }

  /** DIVIDE(a, b):DOUBLE of integers a, b -> DIVIDE(CAST(a AS DOUBLE), CAST(b AS DOUBLE)). */
  static RexNode fractionalDivision(RexBuilder rexBuilder, RexNode converted) {
    if (!(converted instanceof RexCall divide) || divide.getKind() != SqlKind.DIVIDE
        || !SqlTypeUtil.isApproximateNumeric(divide.getType())
        || divide.getOperands().stream().noneMatch(o -> SqlTypeUtil.isExactNumeric(o.getType()))) {
      return converted;
    }
    RelDataTypeFactory types = rexBuilder.getTypeFactory();
    List<RexNode> operands = new ArrayList<>();
    for (RexNode operand : divide.getOperands()) {
      RelDataType asDouble = types.createTypeWithNullability(
          types.createSqlType(SqlTypeName.DOUBLE), operand.getType().isNullable());
      operands.add(SqlTypeUtil.isExactNumeric(operand.getType())
          ? rexBuilder.makeCast(asDouble, operand) : operand);
    }
    return divide.clone(divide.getType(), operands);
  }

  /** CASE(..., IS NOT NULL(x), CAST(x):T NOT NULL, ...) -> CASE(..., IS NOT NULL(x), x, ...). */
  static RexNode withoutGuardedNotNullCasts(RexBuilder rexBuilder, RexNode converted) {
    if (!(converted instanceof RexCall caseCall) || caseCall.getKind() != SqlKind.CASE) {
      return converted;
    }
    List<RexNode> operands = new ArrayList<>(caseCall.getOperands());
    boolean changed = false;
    // Operands: when, then, when, then, ..., else.
    for (int i = 0; i + 1 < operands.size(); i += 2) {
      RexNode guarded = guardedValue(rexBuilder, operands.get(i), operands.get(i + 1));
      if (guarded != null) {
        operands.set(i + 1, guarded);
        changed = true;
      }
    }
    return changed ? caseCall.clone(caseCall.getType(), operands) : converted;
  }

  /**
   * If {@code when} is IS NOT NULL(x) and {@code then} casts a nullable x (in one or more steps) to a
   * NOT NULL type T: x itself when T is x's type, else x cast to T nullable. Null otherwise.
   */
  private static RexNode guardedValue(RexBuilder rexBuilder, RexNode when, RexNode then) {
    if (when.getKind() != SqlKind.IS_NOT_NULL || then.getKind() != SqlKind.CAST
        || then.getType().isNullable()) {
      return null;
    }
    RexNode tested = ((RexCall) when).getOperands().get(0);
    // Widening puts a cast over the cast to NOT NULL: CAST(CAST(x):INTEGER NOT NULL):BIGINT NOT NULL.
    RexNode value = then;
    while (value.getKind() == SqlKind.CAST && !value.equals(tested)) {
      value = ((RexCall) value).getOperands().get(0);
    }
    if (!value.equals(tested) || !value.getType().isNullable()) {
      return null;
    }
    RelDataTypeFactory types = rexBuilder.getTypeFactory();
    RelDataType target = types.createTypeWithNullability(then.getType(), true);
    return SqlTypeUtil.equalSansNullability(types, value.getType(), target) ? value
        : rexBuilder.makeCast(target, value);
  }
}
