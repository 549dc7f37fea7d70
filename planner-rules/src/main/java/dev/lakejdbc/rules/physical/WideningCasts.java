package dev.lakejdbc.rules.physical;

import java.util.List;
import java.util.Map;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.linq4j.tree.Types;
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
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * A CAST of an INTEGER or BIGINT to DOUBLE, REAL, or of an INTEGER to BIGINT, is a plain Java
 * conversion in the generated code, just before Calcite's code generator sees it. Calcite writes every
 * conversion between primitive numbers as a checked one,
 * {@code ((Number) Primitive.of(double.class).numberValueRoundDown(x)).doubleValue()}: a boxing, a
 * hash map lookup and a second boxing per value, for a conversion that cannot overflow (TPC-DS q39's
 * variances square {@code CAST(inv_quantity_on_hand AS DOUBLE)} on every row). The values are the
 * same: Java's widening conversions are the ones that method makes for these types. The plan and
 * EXPLAIN still show the CAST.
 */
public final class WideningCasts extends RexShuttle {
  private static final Map<List<SqlTypeName>, SqlOperator> CONVERSIONS = Map.of(
      List.of(SqlTypeName.INTEGER, SqlTypeName.DOUBLE), conversion("intToDouble", int.class),
      List.of(SqlTypeName.INTEGER, SqlTypeName.FLOAT), conversion("intToDouble", int.class),
      List.of(SqlTypeName.BIGINT, SqlTypeName.DOUBLE), conversion("longToDouble", long.class),
      List.of(SqlTypeName.BIGINT, SqlTypeName.FLOAT), conversion("longToDouble", long.class),
      List.of(SqlTypeName.INTEGER, SqlTypeName.REAL), conversion("intToReal", int.class),
      List.of(SqlTypeName.BIGINT, SqlTypeName.REAL), conversion("longToReal", long.class),
      List.of(SqlTypeName.INTEGER, SqlTypeName.BIGINT), conversion("intToBigint", int.class));

  private final RexBuilder rexBuilder;

  public WideningCasts(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
  }

  @Override public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    if (!(visited instanceof RexCall c) || c.getKind() != SqlKind.CAST || c.getOperands().size() != 1) {
      return visited;
    }
    RexNode operand = c.getOperands().get(0);
    SqlOperator conversion = CONVERSIONS.get(
        List.of(operand.getType().getSqlTypeName(), c.getType().getSqlTypeName()));
    return conversion == null ? visited : rexBuilder.makeCall(c.getType(), conversion, List.of(operand));
  }

  private static SqlOperator conversion(String method, Class<?> from) {
    return new SqlUserDefinedFunction(new SqlIdentifier("LAKE_" + method.toUpperCase(java.util.Locale.ROOT),
        SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0_NULLABLE, null, null,
        ScalarFunctionImpl.create(Types.lookupMethod(Conversions.class, method, from)));
  }

  /** The conversions the generated code calls: Java's own, NULL in, NULL out. */
  @Strict
  public static final class Conversions {
    private Conversions() {}

    public static double intToDouble(int v) {
      return v;
    }

    public static double longToDouble(long v) {
      return v;
    }

    public static float intToReal(int v) {
      return v;
    }

    public static float longToReal(long v) {
      return v;
    }

    public static long intToBigint(int v) {
      return v;
    }
  }
}
