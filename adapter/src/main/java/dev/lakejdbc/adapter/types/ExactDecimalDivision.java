package dev.lakejdbc.adapter.types;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.linq4j.tree.Types;

/**
 * Rewrites each division whose type is DECIMAL, just before Calcite's code generator sees it, into a
 * call of {@link DecimalDivision#divide}: exact to the result's scale (or to the scale the 38-digit
 * cap took from it) instead of Calcite's 16 significant digits. Types do not change, so the rewrite applies to any expression of a plan.
 */
public final class ExactDecimalDivision extends RexShuttle {
  private static final SqlOperator DIVIDE = new SqlUserDefinedFunction(
      new SqlIdentifier("LAKE_DECIMAL_DIVIDE", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
      ReturnTypes.ARG0, null, null, ScalarFunctionImpl.create(Types.lookupMethod(DecimalDivision.class,
          "divide", java.math.BigDecimal.class, java.math.BigDecimal.class, int.class, int.class,
          int.class)));

  private final RexBuilder rexBuilder;

  public ExactDecimalDivision(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
  }


  @Override public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    if (!(visited instanceof RexCall c) || c.getType().getSqlTypeName() != SqlTypeName.DECIMAL
        || c.getKind() != SqlKind.DIVIDE && c.getKind() != SqlKind.CHECKED_DIVIDE
        || c.getOperands().size() != 2) {
      return visited;
    }
    RelDataType type = c.getType();
    List<RexNode> operands = new ArrayList<>();
    for (RexNode o : c.getOperands()) {
      if (!SqlTypeUtil.isExactNumeric(o.getType())) {
        return visited;
      }
      operands.add(SqlTypeUtil.isDecimal(o.getType()) ? o
          : rexBuilder.makeCast(rexBuilder.getTypeFactory().createTypeWithNullability(
              rexBuilder.getTypeFactory().decimalOf(o.getType()), o.getType().isNullable()), o));
    }
    // The scale LakeTypeSystem gave before the 38-digit cap took some of it (never less than it gave).
    int fullScale = Math.max(type.getScale(), Math.min(type.getPrecision(),
        LakeTypeSystem.divideScale(operands.get(0).getType(), operands.get(1).getType())));
    for (int argument : new int[] {type.getPrecision(), type.getScale(), fullScale}) {
      operands.add(rexBuilder.makeLiteral(argument,
          rexBuilder.getTypeFactory().createSqlType(SqlTypeName.INTEGER)));
    }
    return rexBuilder.makeCall(type, DIVIDE, operands);
  }
}
