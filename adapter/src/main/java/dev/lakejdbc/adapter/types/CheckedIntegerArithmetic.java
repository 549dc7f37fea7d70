package dev.lakejdbc.adapter.types;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Rewrites integer {@code +}, {@code -}, {@code *}, {@code /} and negation, just before Calcite's code
 * generator sees them, into Calcite's checked operators: {@code 2147483647 + 1} fails (SQLState 22003)
 * instead of wrapping to -2147483648, as in DuckDB and in Spark's ANSI mode. Planning keeps the plain
 * operators, which Calcite's estimates and rules know; a constant that overflows is left to run time
 * by the planner's folding, which applies this rewrite too. Types do not change, so the rewrite
 * applies to any expression of a plan.
 */
public final class CheckedIntegerArithmetic extends RexShuttle {
  private static final Set<SqlTypeName> INTEGERS = EnumSet.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT,
      SqlTypeName.INTEGER, SqlTypeName.BIGINT);
  private static final Map<SqlKind, SqlOperator> CHECKED = Map.of(
      SqlKind.PLUS, SqlStdOperatorTable.CHECKED_PLUS,
      SqlKind.MINUS, SqlStdOperatorTable.CHECKED_MINUS,
      SqlKind.TIMES, SqlStdOperatorTable.CHECKED_MULTIPLY,
      SqlKind.DIVIDE, SqlStdOperatorTable.CHECKED_DIVIDE,
      SqlKind.MINUS_PREFIX, SqlStdOperatorTable.CHECKED_UNARY_MINUS);

  private final RexBuilder rexBuilder;

  public CheckedIntegerArithmetic(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
  }

  @Override public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    if (!(visited instanceof RexCall c) || !INTEGERS.contains(c.getType().getSqlTypeName())) {
      return visited;
    }
    SqlOperator checked = CHECKED.get(c.getKind());
    // Only the standard operators: a DATE minus a DATE or an interval's arithmetic have other types.
    if (checked == null || c.getOperands().stream().anyMatch(o -> !INTEGERS.contains(o.getType().getSqlTypeName()))) {
      return visited;
    }
    return rexBuilder.makeCall(c.getParserPosition(), c.getType(), checked, c.getOperands());
  }
}
