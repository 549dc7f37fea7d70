package dev.lakejdbc.rules.physical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

class LosslessComparisonCastsTest {
  private final JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
  private final RexBuilder rex = new RexBuilder(types);
  private final RelDataType price = decimal(7, 2);
  private final RexNode column = rex.makeInputRef(price, 0);

  private RelDataType decimal(int precision, int scale) {
    return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, precision, scale), true);
  }

  private RexNode literal(String value, int precision, int scale) {
    return rex.makeExactLiteral(new BigDecimal(value), decimal(precision, scale));
  }

  private RexNode cast(RexNode node, RelDataType type) {
    return rex.makeAbstractCast(type, node, false);
  }

  @Test void aComparisonOfADecimalWidenedToTheSameScaleComparesTheDecimal() {
    RexNode widened = cast(column, decimal(12, 2));
    RexNode between = rex.makeBetween(widened, literal("122.00", 12, 2), literal("132.00", 12, 2));
    RexNode ge = rex.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, widened, literal("100000.00", 12, 2));

    RexNode search = new LosslessComparisonCasts().apply(rex.makeCall(SqlStdOperatorTable.AND, between, ge));

    assertEquals("AND(SEARCH($0, Sarg[[122.00:DECIMAL(12, 2)..132.00:DECIMAL(12, 2)]]:DECIMAL(12, 2)), "
        + ">=($0, 100000.00:DECIMAL(12, 2)))", search.toString());
  }

  @Test void castsThatChangeTheScaleOrLoseDigitsOrAreNotComparedStay() {
    List<RexNode> kept = List.of(
        rex.makeCall(SqlStdOperatorTable.EQUALS, cast(column, decimal(12, 4)), literal("5.0000", 12, 4)),
        rex.makeCall(SqlStdOperatorTable.LESS_THAN, cast(column, decimal(5, 2)), literal("5.00", 5, 2)),
        rex.makeCall(SqlStdOperatorTable.PLUS, cast(column, decimal(12, 2)), literal("1.00", 12, 2)),
        rex.makeCall(SqlStdOperatorTable.EQUALS,
            cast(rex.makeInputRef(types.createSqlType(SqlTypeName.INTEGER), 1), decimal(12, 2)),
            literal("5.00", 12, 2)));
    for (RexNode e : kept) {
      assertSame(e, new LosslessComparisonCasts().apply(e), e.toString());
    }
  }
}
