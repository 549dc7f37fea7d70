package dev.lakejdbc.adapter.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The SQL type of a lake column, partition or data, as the driver reports it. Values of the type are
 * held in Calcite's internal representation: DATE as days (Integer), TIME as millis of day (Integer),
 * DECIMAL as BigDecimal; except TIMESTAMP, held as <em>micro</em>seconds since the epoch of the
 * wall-clock time (Long), which Calcite would hold as milliseconds (see {@code adapter.time}).
 *
 * <p>A nested column is a ROW ({@code fieldNames} and {@code children}: one type per field), an ARRAY
 * ({@code children}: the element type) or a MAP ({@code children}: key and value types). Their values
 * are Calcite's Enumerable run-time representation: a ROW is an {@code Object[]} of its fields, an
 * ARRAY a {@code java.util.List}, a MAP a {@code java.util.Map}, each holding its children's values in
 * the internal representation above ({@code SqlFunctions.structAccess}, {@code arrayItem} and
 * {@code mapItem} read exactly these).
 */
public record ColumnType(SqlTypeName name, int precision, int scale, List<String> fieldNames,
    List<ColumnType> children) {
  /** A lake TIMESTAMP keeps microseconds (nanoseconds are rounded down to them). */
  public static final int TIMESTAMP_PRECISION = 6;
  /** A lake TIME is Calcite's: milliseconds. */
  public static final int TIME_PRECISION = 3;
  public static final int MAX_DECIMAL_PRECISION = 38;

  public static final ColumnType BOOLEAN = of(SqlTypeName.BOOLEAN);
  public static final ColumnType TINYINT = of(SqlTypeName.TINYINT);
  public static final ColumnType SMALLINT = of(SqlTypeName.SMALLINT);
  public static final ColumnType INTEGER = of(SqlTypeName.INTEGER);
  public static final ColumnType BIGINT = of(SqlTypeName.BIGINT);
  public static final ColumnType REAL = of(SqlTypeName.REAL);
  public static final ColumnType DOUBLE = of(SqlTypeName.DOUBLE);
  public static final ColumnType DATE = of(SqlTypeName.DATE);
  public static final ColumnType TIME = new ColumnType(SqlTypeName.TIME, TIME_PRECISION, 0);
  public static final ColumnType TIMESTAMP =
      new ColumnType(SqlTypeName.TIMESTAMP, TIMESTAMP_PRECISION, 0);
  public static final ColumnType VARCHAR = of(SqlTypeName.VARCHAR);
  public static final ColumnType VARBINARY = of(SqlTypeName.VARBINARY);

  private static final Pattern DECIMAL_SPEC =
      Pattern.compile("decimal\\s*\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\)");

  public ColumnType {
    fieldNames = List.copyOf(fieldNames);
    children = List.copyOf(children);
  }

  /** A scalar type. */
  public ColumnType(SqlTypeName name, int precision, int scale) {
    this(name, precision, scale, List.of(), List.of());
  }

  /** A ROW of the named fields. */
  public static ColumnType row(List<String> names, List<ColumnType> types) {
    return new ColumnType(SqlTypeName.ROW, RelDataType.PRECISION_NOT_SPECIFIED,
        RelDataType.SCALE_NOT_SPECIFIED, names, types);
  }

  /** An ARRAY of {@code element}. */
  public static ColumnType array(ColumnType element) {
    return new ColumnType(SqlTypeName.ARRAY, RelDataType.PRECISION_NOT_SPECIFIED,
        RelDataType.SCALE_NOT_SPECIFIED, List.of(), List.of(element));
  }

  /** A MAP from {@code key} to {@code value}. */
  public static ColumnType map(ColumnType key, ColumnType value) {
    return new ColumnType(SqlTypeName.MAP, RelDataType.PRECISION_NOT_SPECIFIED,
        RelDataType.SCALE_NOT_SPECIFIED, List.of(), List.of(key, value));
  }

  /** Whether this is a ROW, ARRAY or MAP. */
  public boolean isNested() {
    return name == SqlTypeName.ROW || name == SqlTypeName.ARRAY || name == SqlTypeName.MAP;
  }

  private static ColumnType of(SqlTypeName name) {
    return new ColumnType(name, RelDataType.PRECISION_NOT_SPECIFIED, RelDataType.SCALE_NOT_SPECIFIED);
  }

  public static ColumnType decimal(int precision, int scale) {
    return new ColumnType(SqlTypeName.DECIMAL, precision, scale);
  }

  /** A nullable Calcite type for this column: any file may lack a column, any partition may be NULL. */
  public RelDataType toRelType(RelDataTypeFactory typeFactory) {
    RelDataType type;
    if (name == SqlTypeName.ROW) {
      List<RelDataType> types = new ArrayList<>();
      for (ColumnType child : children) {
        types.add(child.toRelType(typeFactory));
      }
      type = typeFactory.createStructType(types, fieldNames);
    } else if (name == SqlTypeName.ARRAY) {
      type = typeFactory.createArrayType(children.get(0).toRelType(typeFactory), -1);
    } else if (name == SqlTypeName.MAP) {
      type = typeFactory.createMapType(children.get(0).toRelType(typeFactory),
          children.get(1).toRelType(typeFactory));
    } else if (name == SqlTypeName.DECIMAL) {
      type = typeFactory.createSqlType(name, precision, scale);
    } else if (name == SqlTypeName.TIMESTAMP || name == SqlTypeName.TIME) {
      type = typeFactory.createSqlType(name, precision);
    } else {
      type = typeFactory.createSqlType(name);
    }
    return typeFactory.createTypeWithNullability(type, true);
  }

  @Override public String toString() {
    if (name == SqlTypeName.ROW) {
      StringBuilder b = new StringBuilder("ROW(");
      for (int i = 0; i < children.size(); i++) {
        b.append(i == 0 ? "" : ", ").append(fieldNames.get(i)).append(' ').append(children.get(i));
      }
      return b.append(')').toString();
    }
    if (name == SqlTypeName.ARRAY) {
      return children.get(0) + " ARRAY";
    }
    if (name == SqlTypeName.MAP) {
      return "MAP<" + children.get(0) + ", " + children.get(1) + ">";
    }
    return name == SqlTypeName.DECIMAL ? "DECIMAL(" + precision + "," + scale + ")" : name.getName();
  }

  /**
   * Parses a type as written in the {@code partitionTypes} property: {@code int}, {@code bigint},
   * {@code decimal(12,2)}, {@code date}, {@code varchar}, ...
   *
   * @throws IllegalArgumentException naming the spec when it is not a type the lake supports
   */
  public static ColumnType parse(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    Matcher m = DECIMAL_SPEC.matcher(s);
    if (m.matches()) {
      try {
        int p = Integer.parseInt(m.group(1));
        int sc = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
        if (p >= 1 && p <= MAX_DECIMAL_PRECISION && sc <= p) {
          return decimal(p, sc);
        }
      } catch (NumberFormatException e) {
        // The pattern matched only digits: a precision or scale past int range, invalid like 39.
      }
      throw new IllegalArgumentException("invalid decimal type '" + spec + "'");
    }
    switch (s) {
      case "boolean": return BOOLEAN;
      case "tinyint": return TINYINT;
      case "smallint": return SMALLINT;
      case "int": case "integer": return INTEGER;
      case "bigint": case "long": return BIGINT;
      case "real": case "float": return REAL;
      case "double": return DOUBLE;
      case "decimal": return decimal(MAX_DECIMAL_PRECISION, 0);
      case "date": return DATE;
      case "timestamp": return TIMESTAMP;
      case "varchar": case "string": return VARCHAR;
      default:
        throw new IllegalArgumentException("unknown type '" + spec + "' (use boolean, tinyint, "
            + "smallint, int, bigint, real, double, decimal(p,s), date, timestamp or varchar)");
    }
  }

  /**
   * The type both columns can be read as, or null when they conflict. Integers widen to larger
   * integers and decimals, REAL to DOUBLE; everything else must match exactly.
   */
  public static ColumnType widen(ColumnType a, ColumnType b) {
    if (a.equals(b)) {
      return a;
    }
    if (isInteger(a.name) && isInteger(b.name)) {
      return integerRank(a.name) >= integerRank(b.name) ? a : b;
    }
    if (isExactNumeric(a.name) && isExactNumeric(b.name)) {
      ColumnType da = asDecimal(a), db = asDecimal(b);
      int scale = Math.max(da.scale, db.scale);
      int integerDigits = Math.max(da.precision - da.scale, db.precision - db.scale);
      return integerDigits + scale > MAX_DECIMAL_PRECISION ? null : decimal(integerDigits + scale, scale);
    }
    if (isFloating(a.name) && isFloating(b.name)) {
      return DOUBLE;
    }
    return null;
  }

  private static boolean isInteger(SqlTypeName n) {
    return integerRank(n) > 0;
  }

  private static int integerRank(SqlTypeName n) {
    switch (n) {
      case TINYINT: return 1;
      case SMALLINT: return 2;
      case INTEGER: return 3;
      case BIGINT: return 4;
      default: return 0;
    }
  }

  private static boolean isExactNumeric(SqlTypeName n) {
    return isInteger(n) || n == SqlTypeName.DECIMAL;
  }

  private static boolean isFloating(SqlTypeName n) {
    return n == SqlTypeName.REAL || n == SqlTypeName.DOUBLE;
  }

  private static ColumnType asDecimal(ColumnType t) {
    switch (t.name) {
      case TINYINT: return decimal(3, 0);
      case SMALLINT: return decimal(5, 0);
      case INTEGER: return decimal(10, 0);
      case BIGINT: return decimal(19, 0);
      default: return t;
    }
  }

  /**
   * Converts a value held in {@code from}'s internal representation to this type's, for a file whose
   * column type was widened by {@link #widen}.
   */
  public Object coerce(Object value, ColumnType from) {
    if (value == null || from.equals(this)) {
      return value;
    }
    switch (name) {
      case SMALLINT: return ((Number) value).shortValue();
      case INTEGER: return ((Number) value).intValue();
      case BIGINT: return ((Number) value).longValue();
      case DOUBLE: return ((Number) value).doubleValue();
      case DECIMAL:
        BigDecimal d = value instanceof BigDecimal ? (BigDecimal) value
            : new BigDecimal(BigInteger.valueOf(((Number) value).longValue()));
        return d.setScale(scale);
      default:
        return value;
    }
  }
}
