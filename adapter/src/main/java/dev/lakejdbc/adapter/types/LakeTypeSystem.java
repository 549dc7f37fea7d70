package dev.lakejdbc.adapter.types;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's default type system caps DECIMAL at 19 digits; Parquet, Spark and DuckDB go to 38, and
 * {@code SUM(DECIMAL(12,2))} would otherwise lose its headroom.
 */
public final class LakeTypeSystem extends RelDataTypeSystemImpl {
  public static final LakeTypeSystem INSTANCE = new LakeTypeSystem();

  @Override public int getMaxPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? ColumnType.MAX_DECIMAL_PRECISION : super.getMaxPrecision(typeName);
  }

  @Override public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? ColumnType.MAX_DECIMAL_PRECISION : super.getMaxScale(typeName);
  }
}
