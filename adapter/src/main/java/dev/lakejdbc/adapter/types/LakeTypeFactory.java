package dev.lakejdbc.adapter.types;

import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeMappingRule;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's type factory over the {@link LakeTypeSystem}, except for the common type of decimals whose
 * digits do not fit 38: Calcite keeps the integer digits and drops the scale, so DECIMAL(5, 2) and
 * DECIMAL(38, 0) meet as DECIMAL(38, 0), and {@code x IN (-7.28, 206.18, CAST(NULL AS DECIMAL))} compared
 * x rounded to a whole number (-7.50 matched). Here the scale is kept and the integer digits give way:
 * DECIMAL(38, 2). A value with more integer digits than that is then out of range for the comparison,
 * an error instead of a wrong answer.
 */
public final class LakeTypeFactory extends JavaTypeFactoryImpl {
  public LakeTypeFactory() {
    super(LakeTypeSystem.INSTANCE);
  }

  @Override public @Nullable RelDataType leastRestrictive(List<RelDataType> types,
      SqlTypeMappingRule mappingRule) {
    RelDataType common = super.leastRestrictive(types, mappingRule);
    if (common == null || common.getSqlTypeName() != SqlTypeName.DECIMAL) {
      return common;
    }
    int scale = types.stream().filter(SqlTypeUtil::isExactNumeric)
        .mapToInt(t -> t.getSqlTypeName() == SqlTypeName.DECIMAL ? t.getScale() : 0).max().orElse(0);
    scale = Math.min(scale, getTypeSystem().getMaxNumericScale());
    if (common.getScale() >= scale) {
      return common;
    }
    RelDataType keepingScale =
        createSqlType(SqlTypeName.DECIMAL, getTypeSystem().getMaxNumericPrecision(), scale);
    return createTypeWithNullability(keepingScale, common.isNullable());
  }
}
