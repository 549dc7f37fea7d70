package dev.lakejdbc.rules.physical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

class PointSetMembershipTest {
  private final JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
  private final RexBuilder rex = new RexBuilder(types);

  private RexNode in(SqlTypeName type, int points) {
    RelDataType t = types.createTypeWithNullability(types.createSqlType(type), true);
    List<RexNode> values = new ArrayList<>();
    for (int i = 0; i < points; i++) {
      values.add(type == SqlTypeName.VARCHAR ? rex.makeLiteral("v" + i)
          : rex.makeExactLiteral(BigDecimal.valueOf(i * 7L), types.createSqlType(type)));
    }
    return rex.makeIn(rex.makeInputRef(t, 0), values);
  }

  @Test void aLongInListBecomesOneLookupOfTheSameType() {
    for (SqlTypeName type : List.of(SqlTypeName.VARCHAR, SqlTypeName.INTEGER, SqlTypeName.BIGINT)) {
      RexNode search = in(type, PointSetMembership.MIN_POINTS);
      assertEquals(SqlKind.SEARCH, search.getKind());
      RexNode rewritten = new PointSetMembership(rex).apply(search);
      assertTrue(rewritten.toString().contains("LAKE_IN_POINT_SET"), rewritten.toString());
      assertEquals(search.getType(), rewritten.getType());
    }
  }

  @Test void aShortListAndNonPointRangesStayComparisons() {
    RexNode shortList = in(SqlTypeName.INTEGER, PointSetMembership.MIN_POINTS - 1);
    assertSame(shortList, new PointSetMembership(rex).apply(shortList));
    RelDataType t = types.createTypeWithNullability(types.createSqlType(SqlTypeName.INTEGER), true);
    RexNode range = rex.makeBetween(rex.makeInputRef(t, 0), rex.makeExactLiteral(BigDecimal.ONE),
        rex.makeExactLiteral(BigDecimal.TEN));
    assertSame(range, new PointSetMembership(rex).apply(range));
  }

  @Test void theSetHoldsValuesAsTheyAreHeldAtRunTime() {
    String strings = PointSet.encode(PointSet.Kind.STRING, List.of("a", "", "x:y;z", "a "));
    assertTrue(PointSet.contains("x:y;z", strings));
    assertTrue(PointSet.contains("", strings));
    assertTrue(PointSet.contains("a ", strings));
    assertFalse(PointSet.contains("a  ", strings));
    String ints = PointSet.encode(PointSet.Kind.INT, List.of("-5", "7"));
    assertTrue(PointSet.contains(-5, ints));
    assertFalse(PointSet.contains(-5L, ints));
    assertTrue(PointSet.contains(7L, PointSet.encode(PointSet.Kind.LONG, List.of("7"))));
    assertEquals(4, PointSet.decode(strings).size());
  }

  @Test void aValueOutsideTheColumnsTypeLeavesTheListAsItIs() {
    RelDataType t = types.createTypeWithNullability(types.createSqlType(SqlTypeName.INTEGER), true);
    List<RexNode> values = new ArrayList<>();
    for (int i = 0; i < PointSetMembership.MIN_POINTS; i++) {
      values.add(rex.makeExactLiteral(BigDecimal.valueOf(3_000_000_000L + i)));
    }
    RexNode search = rex.makeIn(rex.makeInputRef(t, 0), values);
    assertFalse(new PointSetMembership(rex).apply(search).toString().contains("LAKE_IN_POINT_SET"));
  }
}
