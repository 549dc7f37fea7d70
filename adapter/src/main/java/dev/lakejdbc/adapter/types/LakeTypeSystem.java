package dev.lakejdbc.adapter.types;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The result types of arithmetic and aggregates, as Spark SQL gives them where the SQL standard leaves
 * a choice (our users compare with Spark, and BI tools with both):
 *
 * <ul>
 * <li>DECIMAL up to 38 digits (Calcite's default caps it at 19); TIMESTAMP up to 6 fractional digits
 *     (Calcite's caps it at 3), which the run time keeps (package {@code adapter.time});
 * <li>character strings of different lengths meet as VARCHAR, never blank-padded CHAR;
 * <li>{@code SUM} of an integer is BIGINT, of DECIMAL(p,s) DECIMAL(38, s) (Spark: p+10 digits, but
 *     Calcite merges SUM(SUM(x)) into SUM(x), which needs SUM's type to be its own SUM's), of REAL or
 *     DOUBLE DOUBLE;
 * <li>{@code AVG} of an integer or a floating-point number is DOUBLE; of DECIMAL(p,s) DECIMAL(38, s+4).
 *     Spark's precision is p+4, but Calcite computes AVG as {@code CAST(SUM(x) AS <AVG's type>) /
 *     COUNT(x)}, so the type must hold the sum: with p+4 digits {@code AVG} of a DECIMAL(7,2) column
 *     overflowed once its sum passed 99,999.999999. {@code STDDEV_*} and {@code VAR_*} take the same type
 *     (Calcite derives them together; Spark gives them DOUBLE);
 * <li>{@code /} of two integers is DOUBLE (Spark's fractional division; Calcite truncates); of decimals
 *     Spark's rule: scale max(6, s1 + p2 + 1), precision p1 - s1 + s2 + scale;
 * <li>{@code *} of decimals p1 + p2 + 1 digits, s1 + s2 scale; {@code +} and {@code -} max(s1, s2)
 *     scale, max(p1 - s1, p2 - s2) + scale + 1 digits;
 * <li>a CAST to a DECIMAL of smaller scale rounds half up, as Spark and DuckDB do (Calcite's default
 *     cuts: {@code CAST(1.6666669 AS DECIMAL(10,6))} was 1.666666), and so does AVG's last digit; a
 *     division of decimals is exact to its scale ({@link ExactDecimalDivision});
 * <li>a decimal result past 38 digits keeps its integer digits and gives up scale, but never below 6
 *     (Spark's {@code spark.sql.decimalOperations.allowPrecisionLoss}, on by default).
 * </ul>
 */
public final class LakeTypeSystem extends RelDataTypeSystemImpl {
  public static final LakeTypeSystem INSTANCE = new LakeTypeSystem();

  private static final int MAX = ColumnType.MAX_DECIMAL_PRECISION;
  /** The least scale a decimal result gives up to make room for integer digits (Spark's). */
  private static final int MINIMUM_ADJUSTED_SCALE = 6;
  /** Digits of scale AVG adds to a decimal's (Spark's). */
  private static final int AVG_EXTRA_SCALE = 4;

  @Override public int getMaxPrecision(SqlTypeName typeName) {
    switch (typeName) {
      case DECIMAL: return MAX;
      // Microseconds, held as such at run time (adapter.time); Calcite's own maximum is 3.
      case TIMESTAMP: return ColumnType.TIMESTAMP_PRECISION;
      default: return super.getMaxPrecision(typeName);
    }
  }

  @Override public java.math.RoundingMode roundingMode() {
    return java.math.RoundingMode.HALF_UP;
  }

  @Override public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX : super.getMaxScale(typeName);
  }

  /**
   * {@code 'store'} and {@code 'catalog'} in the branches of a UNION or a CASE meet as VARCHAR, not as
   * CHAR(7), which blank-padded 'store' to 'store  ' (TPC-DS q49, q76, q77, q80): Spark's string
   * literals have no length, and DuckDB's neither.
   */
  @Override public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  @Override public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    SqlTypeName name = argumentType.getSqlTypeName();
    RelDataType type;
    if (SqlTypeName.INT_TYPES.contains(name)) {
      type = typeFactory.createSqlType(SqlTypeName.BIGINT);
    } else if (name == SqlTypeName.DECIMAL) {
      // Spark gives p+10 digits; but Calcite's rules merge SUM(SUM(x)) into SUM(x) (TPC-DS q24) and
      // then the types differ unless SUM's type is the same for its own result: 38 digits.
      type = typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX, argumentType.getScale());
    } else if (SqlTypeName.APPROX_TYPES.contains(name)) {
      type = typeFactory.createSqlType(SqlTypeName.DOUBLE);
    } else {
      return super.deriveSumType(typeFactory, argumentType);
    }
    return typeFactory.createTypeWithNullability(type, argumentType.isNullable());
  }

  @Override public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory,
      RelDataType argumentType) {
    SqlTypeName name = argumentType.getSqlTypeName();
    RelDataType type;
    if (SqlTypeName.INT_TYPES.contains(name) || SqlTypeName.APPROX_TYPES.contains(name)) {
      type = typeFactory.createSqlType(SqlTypeName.DOUBLE);
    } else if (name == SqlTypeName.DECIMAL) {
      type = typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX,
          Math.min(MAX, argumentType.getScale() + AVG_EXTRA_SCALE));
    } else {
      return super.deriveAvgAggType(typeFactory, argumentType);
    }
    return typeFactory.createTypeWithNullability(type, argumentType.isNullable());
  }

  @Override public @Nullable RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory,
      RelDataType type1, RelDataType type2) {
    if (!SqlTypeUtil.isExactNumeric(type1) || !SqlTypeUtil.isExactNumeric(type2)) {
      return null;
    }
    if (!SqlTypeUtil.isDecimal(type1) && !SqlTypeUtil.isDecimal(type2)) {
      // Integers divide as fractions; the convertlet table casts the operands so that the generated
      // code divides doubles too.
      return typeFactory.createSqlType(SqlTypeName.DOUBLE);
    }
    RelDataType a = asDecimal(typeFactory, type1);
    RelDataType b = asDecimal(typeFactory, type2);
    int scale = divideScale(a, b);
    int precision = a.getPrecision() - a.getScale() + b.getScale() + scale;
    return adjusted(typeFactory, precision, scale);
  }

  /** The scale of decimal {@code a / b} before the 38-digit cap takes some of it (Spark's). */
  static int divideScale(RelDataType a, RelDataType b) {
    return Math.max(MINIMUM_ADJUSTED_SCALE, a.getScale() + b.getPrecision() + 1);
  }

  @Override public @Nullable RelDataType deriveDecimalMultiplyType(RelDataTypeFactory typeFactory,
      RelDataType type1, RelDataType type2) {
    if (!isDecimalArithmetic(type1, type2)) {
      return null;
    }
    RelDataType a = asDecimal(typeFactory, type1);
    RelDataType b = asDecimal(typeFactory, type2);
    return adjusted(typeFactory, a.getPrecision() + b.getPrecision() + 1, a.getScale() + b.getScale());
  }

  @Override public @Nullable RelDataType deriveDecimalPlusType(RelDataTypeFactory typeFactory,
      RelDataType type1, RelDataType type2) {
    if (!isDecimalArithmetic(type1, type2)) {
      return null;
    }
    RelDataType a = asDecimal(typeFactory, type1);
    RelDataType b = asDecimal(typeFactory, type2);
    int scale = Math.max(a.getScale(), b.getScale());
    int precision = Math.max(a.getPrecision() - a.getScale(), b.getPrecision() - b.getScale()) + scale + 1;
    return adjusted(typeFactory, precision, scale);
  }

  private static boolean isDecimalArithmetic(RelDataType type1, RelDataType type2) {
    return SqlTypeUtil.isExactNumeric(type1) && SqlTypeUtil.isExactNumeric(type2)
        && (SqlTypeUtil.isDecimal(type1) || SqlTypeUtil.isDecimal(type2));
  }

  /**
   * An exact type as the decimal that holds all its values, as Spark widens it: INTEGER is
   * DECIMAL(10, 0), BIGINT DECIMAL(20, 0) (Calcite's decimalOf would make it DECIMAL(38, 0) here).
   */
  private static RelDataType asDecimal(RelDataTypeFactory typeFactory, RelDataType type) {
    switch (type.getSqlTypeName()) {
      case TINYINT: return typeFactory.createSqlType(SqlTypeName.DECIMAL, 3, 0);
      case SMALLINT: return typeFactory.createSqlType(SqlTypeName.DECIMAL, 5, 0);
      case INTEGER: return typeFactory.createSqlType(SqlTypeName.DECIMAL, 10, 0);
      case BIGINT: return typeFactory.createSqlType(SqlTypeName.DECIMAL, 20, 0);
      default:
        return RelDataTypeFactoryImpl.isJavaType(type) ? typeFactory.decimalOf(type) : type;
    }
  }

  /**
   * DECIMAL(precision, scale), or past 38 digits DECIMAL(38, s) with the integer digits kept and the
   * scale s reduced to make room, but not below min(scale, 6).
   */
  private static RelDataType adjusted(RelDataTypeFactory typeFactory, int precision, int scale) {
    if (precision <= MAX) {
      return typeFactory.createSqlType(SqlTypeName.DECIMAL, precision, scale);
    }
    int integerDigits = precision - scale;
    int minimumScale = Math.min(scale, MINIMUM_ADJUSTED_SCALE);
    return typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX,
        Math.max(MAX - integerDigits, minimumScale));
  }
}
