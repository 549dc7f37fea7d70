package dev.lakejdbc.adapter.types;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Rewrites a {@code CAST(x AS CHAR(n))} read as VARCHAR, just before Calcite's code generator sees it,
 * so that its padding is dropped: Calcite keeps the spaces, and compares a CHAR with text through such
 * a cast, so {@code CAST('B001' AS CHAR(10)) = 'B001'} was false where DuckDB, PostgreSQL and Spark
 * say true (PostgreSQL drops a CHAR's trailing spaces whenever it becomes text). The CAST to CHAR
 * still cuts a longer value to n characters. Only explicit CASTs to CHAR are rewritten: a string
 * literal is a CHAR too in Calcite, and its own trailing spaces stay. Types do not change.
 */
public final class PaddingDroppedAsText extends RexShuttle {
  private final RexBuilder rexBuilder;

  public PaddingDroppedAsText(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
  }

  @Override public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    if (!(visited instanceof RexCall c) || c.getKind() != SqlKind.CAST
        || c.getType().getSqlTypeName() != SqlTypeName.VARCHAR
        || !(c.getOperands().get(0) instanceof RexCall padded) || padded.getKind() != SqlKind.CAST
        || padded.getType().getSqlTypeName() != SqlTypeName.CHAR) {
      return visited;
    }
    RelDataType text = rexBuilder.getTypeFactory().createTypeWithNullability(
        rexBuilder.getTypeFactory().createSqlType(SqlTypeName.VARCHAR, padded.getType().getPrecision()),
        padded.getType().isNullable());
    RexNode trimmed = rexBuilder.makeCall(text, SqlStdOperatorTable.TRIM,
        java.util.List.of(rexBuilder.makeFlag(SqlTrimFunction.Flag.TRAILING), rexBuilder.makeLiteral(" "),
            padded));
    return rexBuilder.makeCast(c.getParserPosition(), c.getType(), trimmed);
  }
}
