package dev.lakejdbc.adapter.types;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Pattern;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The value of a constant expression of the shapes queries write most — {@code 1999 + 2},
 * {@code CAST('2000-08-23' AS DATE)}, a date plus whole days, a comparison with NULL — computed here
 * as Calcite's generated code would compute it at run time, so that folding it needs no class
 * generated and compiled by Janino (the planner folds two or three per TPC-DS statement, each a new
 * class). Anything else, and any value these rules are not sure of (an overflow, a date text in
 * another form, a fraction of a day), is {@link #UNKNOWN}: Calcite folds it as before.
 *
 * <p>Values are in the form Calcite's run time holds them: {@code Integer} for INTEGER and DATE (days
 * since 1970-01-01), {@code Long} for BIGINT, {@code BigDecimal} for DECIMAL and intervals,
 * {@code Double}, {@code Boolean}, {@code String}; {@code null} for SQL's NULL.
 */
public final class LiteralFolding {
  /** What {@link #value} returns for an expression it leaves to Calcite. */
  public static final Object UNKNOWN = new Object();

  private static final Pattern ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private LiteralFolding() {}

  /** The value of {@code e} at run time, or {@link #UNKNOWN}. */
  public static Object value(RexNode e) {
    if (e instanceof RexLiteral literal) {
      return literalValue(literal);
    }
    if (!(e instanceof RexCall call)) {
      return UNKNOWN;
    }
    SqlKind kind = call.getKind();
    SqlTypeName type = call.getType().getSqlTypeName();
    switch (kind) {
      case PLUS, MINUS, TIMES:
        if (call.getOperands().size() != 2) {
          return UNKNOWN;
        }
        Object left = value(call.getOperands().get(0));
        Object right = value(call.getOperands().get(1));
        if (left == UNKNOWN || right == UNKNOWN || left == null || right == null) {
          return UNKNOWN;
        }
        if (type == SqlTypeName.DATE) {
          // Only PLUS: Calcite's own folding leaves a date MINUS an interval as it is.
          return kind == SqlKind.PLUS ? datePlusDays(call, left, right) : UNKNOWN;
        }
        return integerArithmetic(kind, type, left, right);
      case CAST:
        return cast(call);
      case EQUALS, NOT_EQUALS, GREATER_THAN, GREATER_THAN_OR_EQUAL, LESS_THAN, LESS_THAN_OR_EQUAL:
        return comparison(call);
      default:
        return UNKNOWN;
    }
  }

  private static Object literalValue(RexLiteral literal) {
    if (literal.isNull()) {
      return null;
    }
    return switch (literal.getType().getSqlTypeName()) {
      case INTEGER, DATE -> literal.getValueAs(Integer.class);
      case BIGINT -> literal.getValueAs(Long.class);
      case DECIMAL -> literal.getValueAs(BigDecimal.class);
      case DOUBLE -> literal.getValueAs(Double.class);
      case CHAR, VARCHAR -> literal.getValueAs(String.class);
      case BOOLEAN -> literal.getValueAs(Boolean.class);
      case INTERVAL_DAY -> literal.getValueAs(BigDecimal.class);
      default -> UNKNOWN;
    };
  }

  /** INTEGER or BIGINT arithmetic of two integers, exact: an overflow is Calcite's to handle. */
  private static Object integerArithmetic(SqlKind kind, SqlTypeName type, Object left, Object right) {
    if (!(left instanceof Integer || left instanceof Long) || !(right instanceof Integer || right instanceof Long)) {
      return UNKNOWN;
    }
    long a = ((Number) left).longValue();
    long b = ((Number) right).longValue();
    long r;
    try {
      r = switch (kind) {
        case PLUS -> Math.addExact(a, b);
        case MINUS -> Math.subtractExact(a, b);
        default -> Math.multiplyExact(a, b);
      };
    } catch (ArithmeticException overflow) {
      return UNKNOWN;
    }
    if (type == SqlTypeName.INTEGER) {
      return r == (int) r ? (Object) (int) r : UNKNOWN;
    }
    return type == SqlTypeName.BIGINT ? (Object) r : UNKNOWN;
  }

  /** A date plus a day-time interval of whole days. */
  private static Object datePlusDays(RexCall call, Object date, Object interval) {
    if (call.getOperands().get(0).getType().getSqlTypeName() != SqlTypeName.DATE
        || call.getOperands().get(1).getType().getSqlTypeName() != SqlTypeName.INTERVAL_DAY
        || !(date instanceof Integer days) || !(interval instanceof BigDecimal millis)) {
      return UNKNOWN;
    }
    BigDecimal[] wholeDays = millis.divideAndRemainder(BigDecimal.valueOf(MILLIS_PER_DAY));
    if (wholeDays[1].signum() != 0 || wholeDays[0].abs().compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
      return UNKNOWN;
    }
    return days + wholeDays[0].intValueExact();
  }

  private static Object cast(RexCall call) {
    Object v = value(call.getOperands().get(0));
    if (v == UNKNOWN || v == null) {
      return UNKNOWN;
    }
    SqlTypeName to = call.getType().getSqlTypeName();
    if (to == SqlTypeName.DATE && v instanceof String s) {
      if (!ISO_DATE.matcher(s).matches()) {
        return UNKNOWN;
      }
      try {
        return Math.toIntExact(LocalDate.parse(s).toEpochDay());
      } catch (DateTimeException | ArithmeticException e) {
        return UNKNOWN;
      }
    }
    if (to == SqlTypeName.DOUBLE && (v instanceof Integer || v instanceof Long)) {
      long l = ((Number) v).longValue();
      // Exact in a double below 2^53.
      return Math.abs(l) < (1L << 53) ? (Object) (double) l : UNKNOWN;
    }
    if (to == SqlTypeName.DECIMAL && (v instanceof Integer || v instanceof Long)) {
      int scale = call.getType().getScale();
      BigDecimal d = BigDecimal.valueOf(((Number) v).longValue()).setScale(scale);
      return d.precision() <= call.getType().getPrecision() ? d : UNKNOWN;
    }
    return UNKNOWN;
  }

  /** A comparison with a NULL operand is NULL; of two integers or two decimals, their order. */
  private static Object comparison(RexCall call) {
    if (call.getOperands().size() != 2) {
      return UNKNOWN;
    }
    Object left = value(call.getOperands().get(0));
    Object right = value(call.getOperands().get(1));
    if (left == UNKNOWN || right == UNKNOWN) {
      return UNKNOWN;
    }
    if (left == null || right == null) {
      return call.getType().isNullable() ? null : UNKNOWN;
    }
    BigDecimal a = exact(left);
    BigDecimal b = exact(right);
    if (a == null || b == null) {
      return UNKNOWN;
    }
    int c = a.compareTo(b);
    return switch (call.getKind()) {
      case EQUALS -> c == 0;
      case NOT_EQUALS -> c != 0;
      case GREATER_THAN -> c > 0;
      case GREATER_THAN_OR_EQUAL -> c >= 0;
      case LESS_THAN -> c < 0;
      default -> c <= 0;
    };
  }

  private static BigDecimal exact(Object v) {
    if (v instanceof Integer || v instanceof Long) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    return v instanceof BigDecimal d ? d : null;
  }
}
