package dev.lakejdbc.driver;

import java.sql.Types;

/**
 * Column sizes as JDBC defines them, for {@code getColumns} (COLUMN_SIZE) and ResultSetMetaData
 * ({@code getPrecision}, {@code getColumnDisplaySize}): the display size is the length of the longest
 * text of a value (a TIMESTAMP(3) is {@code 2026-07-08 12:34:56.789}, 23 characters). A lake VARCHAR
 * or VARBINARY has no declared length, so its size is {@link #UNBOUNDED}, a bound for tools that size
 * a grid or a buffer by it, not a limit: longer values are returned whole.
 */
final class ColumnSizes {
  /** The size reported for VARCHAR and VARBINARY columns, which declare no length. */
  static final int UNBOUNDED = 65535;

  private ColumnSizes() {}

  /** The precision (COLUMN_SIZE) of a column of JDBC type {@code type} whose declared precision is given. */
  static int precision(int type, int declared) {
    switch (type) {
      case Types.VARCHAR: case Types.CHAR: case Types.VARBINARY: case Types.BINARY:
        return declared <= 0 || declared > UNBOUNDED ? UNBOUNDED : declared;
      default:
        return declared;
    }
  }

  /** The number of characters of the longest value's text. */
  static int displaySize(int type, int precision, int scale) {
    switch (type) {
      case Types.BOOLEAN: case Types.BIT: return 5;
      case Types.TINYINT: return 4;
      case Types.SMALLINT: return 6;
      case Types.INTEGER: return 11;
      case Types.BIGINT: return 20;
      case Types.REAL: return 15;
      case Types.FLOAT: case Types.DOUBLE: return 24;
      case Types.DECIMAL: case Types.NUMERIC:
        // Sign, digits, and the point when there is a fraction.
        return precision + 1 + (scale > 0 ? 1 : 0);
      case Types.DATE: return 10;
      case Types.TIME: return 8 + fraction(precision);
      case Types.TIMESTAMP: return 19 + fraction(precision);
      case Types.VARBINARY: case Types.BINARY:
        // Two hexadecimal digits a byte.
        return (int) Math.min(Integer.MAX_VALUE, 2L * precision(type, precision));
      default:
        return precision(type, precision);
    }
  }

  /** A TIME or TIMESTAMP of precision p shows p fractional digits after a point. */
  private static int fraction(int precision) {
    return precision > 0 ? precision + 1 : 0;
  }
}
