package dev.lakejdbc.adapter.filter;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Decides whether a CAST of a column keeps every value and the order between them, so that a
 * comparison of the cast column is a comparison of the column: an integer to a wider integer or to a
 * decimal with room for all its digits, a decimal to one with at least its integer digits and scale,
 * a string to an unbounded string, and any type to itself (a change of nullability).
 */
public final class LosslessCasts {
  private LosslessCasts() {}

  public static boolean isLossless(RelDataType from, RelDataType to) {
    SqlTypeName f = from.getSqlTypeName();
    SqlTypeName t = to.getSqlTypeName();
    if (f == t && f != SqlTypeName.DECIMAL && f != SqlTypeName.CHAR && f != SqlTypeName.VARCHAR) {
      return from.getPrecision() == to.getPrecision() || f == SqlTypeName.TIMESTAMP
          && to.getPrecision() >= from.getPrecision() || integerDigits(f) > 0;
    }
    if (f == SqlTypeName.VARCHAR && t == SqlTypeName.VARCHAR) {
      return to.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
          || to.getPrecision() >= from.getPrecision() && from.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED;
    }
    if (integerDigits(f) > 0 && integerDigits(t) > 0) {
      return integerDigits(t) >= integerDigits(f);
    }
    if (integerDigits(f) > 0 && t == SqlTypeName.DECIMAL) {
      return to.getPrecision() - to.getScale() >= integerDigits(f);
    }
    if (f == SqlTypeName.DECIMAL && t == SqlTypeName.DECIMAL) {
      return to.getScale() >= from.getScale()
          && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale();
    }
    return false;
  }

  /** The decimal digits an integer type needs; 0 for other types. */
  private static int integerDigits(SqlTypeName t) {
    return switch (t) {
      case TINYINT -> 3;
      case SMALLINT -> 5;
      case INTEGER -> 10;
      case BIGINT -> 19;
      default -> 0;
    };
  }
}
