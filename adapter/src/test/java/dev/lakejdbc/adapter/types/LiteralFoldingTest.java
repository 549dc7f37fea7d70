package dev.lakejdbc.adapter.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContexts;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.api.Test;

/**
 * The constant expressions folded without generated code give the literal Calcite's generated code
 * gives (compared expression by expression with {@code RexExecutorImpl}); those whose value these
 * rules are not sure of are left to it.
 */
class LiteralFoldingTest {
  private final LakeTypeFactory types = new LakeTypeFactory();
  private final RexBuilder rex = new RexBuilder(types);

  private RexNode integer(long v) {
    return rex.makeExactLiteral(BigDecimal.valueOf(v), types.createSqlType(SqlTypeName.INTEGER));
  }

  private RexNode bigint(long v) {
    return rex.makeExactLiteral(BigDecimal.valueOf(v), types.createSqlType(SqlTypeName.BIGINT));
  }

  private RexNode date(String iso) {
    return rex.makeDateLiteral(new DateString(iso));
  }

  private RexNode days(long n) {
    return rex.makeIntervalLiteral(BigDecimal.valueOf(n * 86_400_000L),
        new SqlIntervalQualifier(TimeUnit.DAY, null, SqlParserPos.ZERO));
  }

  private RexNode castTo(RelDataType type, RexNode e) {
    return rex.makeCast(type, e, false, false);
  }

  private RelDataType type(SqlTypeName name) {
    return types.createSqlType(name);
  }

  /** Calcite's own folding, through Janino: the reference. */
  private RexNode calcite(RexNode e) {
    List<RexNode> out = new ArrayList<>();
    new RexExecutorImpl(DataContexts.EMPTY).reduce(rex, List.of(e), out);
    return out.get(0);
  }

  private void assertFoldedAsCalciteDoes(RexNode e) {
    Object value = LiteralFolding.value(e);
    assertNotSame(LiteralFolding.UNKNOWN, value, "not folded: " + e);
    RexNode folded = rex.makeLiteral(value, e.getType(), true);
    RexNode expected = calcite(e);
    assertEquals(expected.toString(), folded.toString(), e.toString());
    assertEquals(expected.getType().getFullTypeString(), folded.getType().getFullTypeString(), e.toString());
  }

  @Test void integerArithmeticDatesAndComparisonsAreFoldedAsCalciteFoldsThem() {
    RelDataType nullDecimal = types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, 38, 2), true);
    List<RexNode> cases = List.of(
        rex.makeCall(SqlStdOperatorTable.PLUS, integer(1999), integer(2)),
        rex.makeCall(SqlStdOperatorTable.MINUS, integer(1999), integer(2001)),
        rex.makeCall(SqlStdOperatorTable.MULTIPLY, integer(-7), integer(6)),
        rex.makeCall(SqlStdOperatorTable.PLUS, bigint(30838), bigint(28800)),
        rex.makeCall(SqlStdOperatorTable.PLUS, integer(1200),
            rex.makeCall(SqlStdOperatorTable.PLUS, integer(10), integer(1))),
        castTo(type(SqlTypeName.DATE), rex.makeLiteral("2000-08-23")),
        castTo(type(SqlTypeName.DATE), rex.makeLiteral("2000-02-29")),
        rex.makeCall(SqlStdOperatorTable.DATETIME_PLUS, date("2000-08-23"), days(30)),
        rex.makeCall(SqlStdOperatorTable.DATETIME_PLUS, date("2000-03-11"), days(-30)),
        rex.makeCall(SqlStdOperatorTable.DATETIME_PLUS,
            castTo(type(SqlTypeName.DATE), rex.makeLiteral("1999-02-01")), days(60)),
        castTo(type(SqlTypeName.DOUBLE), integer(0)),
        castTo(type(SqlTypeName.DOUBLE), integer(-12)),
        castTo(types.createSqlType(SqlTypeName.DECIMAL, 12, 2),
            rex.makeCall(SqlStdOperatorTable.PLUS, integer(64), integer(10))),
        rex.makeCall(SqlStdOperatorTable.GREATER_THAN, rex.makeNullLiteral(nullDecimal),
            rex.makeExactLiteral(new BigDecimal("0.00"), types.createSqlType(SqlTypeName.DECIMAL, 38, 2))),
        rex.makeCall(SqlStdOperatorTable.GREATER_THAN, bigint(0), bigint(0)),
        rex.makeCall(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, integer(3), integer(4)),
        rex.makeCall(SqlStdOperatorTable.EQUALS, date("2000-01-01"), date("2000-01-01")));
    for (RexNode e : cases) {
      assertFoldedAsCalciteDoes(e);
    }
  }

  @Test void valuesTheseRulesAreNotSureOfAreLeftToCalcite() {
    List<RexNode> cases = List.of(
        // Overflow: whatever Calcite does with it (wrap or fail) stays its own.
        rex.makeCall(SqlStdOperatorTable.PLUS, integer(Integer.MAX_VALUE), integer(1)),
        rex.makeCall(SqlStdOperatorTable.MULTIPLY, bigint(Long.MAX_VALUE), bigint(2)),
        // Date texts in another form than yyyy-mm-dd, or not a date.
        castTo(type(SqlTypeName.DATE), rex.makeLiteral(" 2000-08-23")),
        castTo(type(SqlTypeName.DATE), rex.makeLiteral("2000-8-23")),
        castTo(type(SqlTypeName.DATE), rex.makeLiteral("2001-02-29")),
        // A date minus an interval, which Calcite's folding leaves as it is; a fraction of a day.
        rex.makeCall(SqlStdOperatorTable.MINUS, date("2000-03-11"), days(30)),
        rex.makeCall(SqlStdOperatorTable.DATETIME_PLUS, date("2000-08-23"),
            rex.makeIntervalLiteral(BigDecimal.valueOf(3_600_000L),
                new SqlIntervalQualifier(TimeUnit.HOUR, null, SqlParserPos.ZERO))),
        // Decimal arithmetic, strings, doubles: Calcite's.
        rex.makeCall(SqlStdOperatorTable.PLUS, rex.makeExactLiteral(new BigDecimal("1.5")), integer(2)),
        rex.makeCall(SqlStdOperatorTable.GREATER_THAN, rex.makeApproxLiteral(BigDecimal.ZERO),
            rex.makeApproxLiteral(BigDecimal.ONE)),
        rex.makeCall(SqlStdOperatorTable.UPPER, rex.makeLiteral("a")));
    for (RexNode e : cases) {
      assertSame(LiteralFolding.UNKNOWN, LiteralFolding.value(e), e.toString());
    }
  }
}
