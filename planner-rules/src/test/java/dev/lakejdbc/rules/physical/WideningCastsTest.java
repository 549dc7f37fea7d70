package dev.lakejdbc.rules.physical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Which casts become plain Java conversions, and that these convert as Calcite's checked ones do. */
class WideningCastsTest {
  private final JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
  private final RexBuilder rex = new RexBuilder(types);

  private RexNode cast(SqlTypeName from, SqlTypeName to, boolean nullable) {
    RelDataType f = types.createTypeWithNullability(types.createSqlType(from), nullable);
    RelDataType t = types.createTypeWithNullability(types.createSqlType(to), nullable);
    return rex.makeCast(t, rex.makeInputRef(f, 0));
  }

  @Test void wideningCastsOfIntegersBecomeConversionsOfTheSameType() {
    SqlTypeName[][] widening = {
        {SqlTypeName.INTEGER, SqlTypeName.DOUBLE}, {SqlTypeName.BIGINT, SqlTypeName.DOUBLE},
        {SqlTypeName.INTEGER, SqlTypeName.REAL}, {SqlTypeName.BIGINT, SqlTypeName.REAL},
        {SqlTypeName.INTEGER, SqlTypeName.BIGINT}, {SqlTypeName.INTEGER, SqlTypeName.FLOAT}};
    for (SqlTypeName[] w : widening) {
      for (boolean nullable : new boolean[] {true, false}) {
        RexNode cast = cast(w[0], w[1], nullable);
        RexNode rewritten = new WideningCasts(rex).apply(cast);
        assertTrue(rewritten.toString().startsWith("LAKE_"), rewritten.toString());
        assertEquals(cast.getType(), rewritten.getType());
      }
    }
  }

  @Test void narrowingAndOtherCastsStay() {
    for (SqlTypeName[] c : new SqlTypeName[][] {
        {SqlTypeName.BIGINT, SqlTypeName.INTEGER}, {SqlTypeName.DOUBLE, SqlTypeName.BIGINT},
        {SqlTypeName.INTEGER, SqlTypeName.DECIMAL}, {SqlTypeName.SMALLINT, SqlTypeName.INTEGER},
        {SqlTypeName.INTEGER, SqlTypeName.VARCHAR}}) {
      RexNode cast = cast(c[0], c[1], true);
      assertSame(cast, new WideningCasts(rex).apply(cast), cast.toString());
    }
  }

  @Test void theConversionsAreJavasWideningOnes() {
    assertEquals((double) Long.MAX_VALUE, WideningCasts.Conversions.longToDouble(Long.MAX_VALUE));
    assertEquals(9007199254740993L + 0.0, WideningCasts.Conversions.longToDouble(9007199254740993L));
    assertEquals((float) Integer.MAX_VALUE, WideningCasts.Conversions.intToReal(Integer.MAX_VALUE));
    assertEquals(-2147483648L, WideningCasts.Conversions.intToBigint(Integer.MIN_VALUE));
    assertEquals(Long.valueOf(Long.MAX_VALUE).doubleValue(), WideningCasts.Conversions.longToDouble(Long.MAX_VALUE));
  }
}
