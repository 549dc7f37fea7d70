package dev.lakejdbc.adapter.time;

import dev.lakejdbc.adapter.LakeException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.util.TimestampString;

/**
 * Rewrites an expression, just before Calcite's code generator sees it, so that its TIMESTAMP values
 * are microseconds (see the package comment). Types do not change: each rewritten node has its
 * original's type, so the rewrite can be applied to any expression of a plan.
 *
 * <ul>
 * <li>a TIMESTAMP literal becomes its microseconds (a BIGINT literal reinterpreted);
 * <li>comparisons, IS [NOT] DISTINCT FROM, CASE, COALESCE, NULLIF, GREATEST, LEAST and CASTs between
 *     TIMESTAMPs need nothing (a {@code long} orders and compares alike in any unit); SEARCH is
 *     expanded into comparisons;
 * <li>CAST to and from VARCHAR and DATE, EXTRACT, FLOOR(... TO unit), a TIMESTAMP plus or minus an
 *     interval are computed on microseconds ({@link Micros});
 * <li>any other operation on a TIMESTAMP gets milliseconds only where the value has nothing finer
 *     ({@link Micros#millisExact}, else SQLState 0A000), and a TIMESTAMP it returns is made
 *     microseconds again.
 * </ul>
 */
public final class MicrosRewrite extends RexShuttle {
  private static final Set<SqlKind> UNIT_FREE = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS,
      SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL,
      SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.IS_DISTINCT_FROM, SqlKind.IS_NOT_DISTINCT_FROM,
      SqlKind.CASE, SqlKind.COALESCE, SqlKind.NULLIF, SqlKind.GREATEST, SqlKind.LEAST, SqlKind.REINTERPRET);
  /** EXTRACT units whose answer depends only on the value's milliseconds, rounded down. */
  private static final Set<TimeUnitRange> FLOOR_SAFE_UNITS = EnumSet.complementOf(
      EnumSet.of(TimeUnitRange.MICROSECOND, TimeUnitRange.NANOSECOND, TimeUnitRange.MILLISECOND));
  private static final Map<String, SqlOperator> FUNCTIONS = new ConcurrentHashMap<>();

  private final RexBuilder rexBuilder;
  private final RelDataTypeFactory typeFactory;

  public MicrosRewrite(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
    this.typeFactory = rexBuilder.getTypeFactory();
  }


  static boolean isTimestamp(RelDataType type) {
    return type.getSqlTypeName() == SqlTypeName.TIMESTAMP;
  }

  /** Whether {@code type} holds TIMESTAMPs inside a row, array, map or multiset. */
  public static boolean holdsTimestamp(RelDataType type) {
    if (type.isStruct()) {
      return type.getFieldList().stream().anyMatch(f -> isTimestamp(f.getType()) || holdsTimestamp(f.getType()));
    }
    RelDataType component = type.getComponentType();
    if (component != null) {
      return isTimestamp(component) || holdsTimestamp(component);
    }
    if (type.getSqlTypeName() == SqlTypeName.MAP) {
      RelDataType k = type.getKeyType(), v = type.getValueType();
      return k != null && (isTimestamp(k) || holdsTimestamp(k)) || v != null && (isTimestamp(v) || holdsTimestamp(v));
    }
    return false;
  }

  @Override public RexNode visitLiteral(RexLiteral literal) {
    if (!isTimestamp(literal.getType()) || literal.isNull()) {
      return literal;
    }
    TimestampString value = literal.getValueAs(TimestampString.class);
    long micros = Micros.parse(value.toString());
    return reinterpret(rexBuilder.makeBigintLiteral(java.math.BigDecimal.valueOf(micros)), literal.getType());
  }

  @Override public RexNode visitCall(RexCall call) {
    if (call.getKind() == SqlKind.SEARCH && isTimestamp(call.getOperands().get(0).getType())) {
      return RexUtil.expandSearch(rexBuilder, null, call).accept(this);
    }
    boolean[] changed = {false};
    List<RexNode> operands = rewriteAll(call.getOperands(), changed);
    boolean timestampIn = operands.stream().anyMatch(o -> isTimestamp(o.getType()));
    boolean timestampOut = isTimestamp(call.getType());
    if (holdsTimestamp(call.getType()) || operands.stream().anyMatch(o -> holdsTimestamp(o.getType()))) {
      throw new LakeException(Micros.NOT_SUPPORTED, call.getOperator().getName()
          + " over TIMESTAMP values inside a row, array or map is not supported (their microseconds "
          + "would be read as milliseconds)");
    }
    if (call.getKind() == SqlKind.CAST && operands.get(0).getType().getSqlTypeName() == SqlTypeName.TIME
        && SqlTypeName.CHAR_TYPES.contains(call.getType().getSqlTypeName())) {
      // Calcite's CAST(TIME AS VARCHAR) drops the milliseconds; DuckDB (and the TIME's value) keep them.
      RelDataType to = call.getType();
      RexNode text = function("timeText", operands.get(0), typeFactory.createSqlType(SqlTypeName.VARCHAR),
          operands.get(0));
      return to.getSqlTypeName() == SqlTypeName.VARCHAR && to.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
          ? retype(text, to) : rexBuilder.makeCast(to, text);
    }
    if (call.getKind() == SqlKind.CAST && call.getType().getSqlTypeName() == SqlTypeName.TIME
        && SqlTypeName.CHAR_TYPES.contains(operands.get(0).getType().getSqlTypeName())) {
      // Calcite's CAST(VARCHAR AS TIME) takes any numbers ('12:99' is 13:39); this one checks them.
      return reinterpret(function("parseTime", operands.get(0), typeFactory.createSqlType(SqlTypeName.INTEGER),
          operands.get(0)), call.getType());
    }
    if ((call.getKind() == SqlKind.DIVIDE || call.getKind() == SqlKind.CHECKED_DIVIDE)
        && SqlTypeName.DAY_INTERVAL_TYPES.contains(call.getType().getSqlTypeName())
        && operands.size() == 2 && SqlTypeName.DAY_INTERVAL_TYPES.contains(operands.get(0).getType().getSqlTypeName())
        && SqlTypeName.NUMERIC_TYPES.contains(operands.get(1).getType().getSqlTypeName())) {
      // A day-time interval is Calcite's milliseconds: dividing one truncates, and TIMESTAMPADD of
      // microseconds is such a division (1 µs = 1 ms / 1000 = 0). Exact or refused.
      RexNode divisor = rexBuilder.makeCast(typeFactory.createTypeWithNullability(
          typeFactory.createSqlType(SqlTypeName.DECIMAL, 38, 10), operands.get(1).getType().isNullable()),
          operands.get(1));
      return reinterpret(function("intervalDivideExact", call, bigint(operands.get(0)), divisor), call.getType());
    }
    if (!timestampIn && !timestampOut) {
      return changed[0] ? call.clone(call.getType(), operands) : call;
    }
    SqlKind kind = call.getKind();
    if (UNIT_FREE.contains(kind) || SqlKind.COMPARISON.contains(kind)) {
      return call.clone(call.getType(), operands);
    }
    switch (kind) {
      case CAST: {
        RexNode rewritten = cast(call, operands.get(0));
        if (rewritten != null) {
          return rewritten;
        }
        break;
      }
      case EXTRACT: {
        RexNode rewritten = extract(call, operands);
        if (rewritten != null) {
          return rewritten;
        }
        break;
      }
      case FLOOR: {
        if (operands.size() == 2 && timestampIn && timestampOut) {
          TimeUnitRange unit = operands.get(1) instanceof RexLiteral l ? l.getValueAs(TimeUnitRange.class) : null;
          if (unit == TimeUnitRange.MICROSECOND || unit == TimeUnitRange.NANOSECOND) {
            return reinterpret(operands.get(0), call.getType());
          }
          if (unit != null) {
            RexNode inMillis = call.clone(call.getType(), List.of(millisFloorTimestamp(operands.get(0)), operands.get(1)));
            return reinterpret(function("fromMillis", bigint(inMillis), bigint(inMillis)), call.getType());
          }
        }
        break;
      }
      case PLUS: case MINUS: {
        RexNode rewritten = plusInterval(call, operands);
        if (rewritten != null) {
          return rewritten;
        }
        break;
      }
      default:
        break;
    }
    return inMillis(call, operands);
  }

  private List<RexNode> rewriteAll(List<RexNode> operands, boolean[] changed) {
    List<RexNode> out = new ArrayList<>(operands.size());
    for (RexNode o : operands) {
      RexNode r = o.accept(this);
      changed[0] |= r != o;
      out.add(r);
    }
    return out;
  }

  /** Calcite's own implementation, on milliseconds that lose nothing. */
  private RexNode inMillis(RexCall call, List<RexNode> operands) {
    String name = call.getOperator().getName();
    List<RexNode> millis = new ArrayList<>(operands.size());
    for (RexNode o : operands) {
      if (isTimestamp(o.getType())) {
        RexNode exact = function("millisExact", o, bigint(o), rexBuilder.makeLiteral(name.isEmpty() ? call.getKind().sql : name));
        millis.add(reinterpret(exact, o.getType()));
      } else {
        millis.add(o);
      }
    }
    RexNode result = call.clone(call.getType(), millis);
    if (!isTimestamp(call.getType())) {
      return result;
    }
    return reinterpret(function("fromMillis", result, bigint(result)), call.getType());
  }

  private RexNode cast(RexCall call, RexNode operand) {
    RelDataType to = call.getType();
    RelDataType from = operand.getType();
    SqlTypeName f = from.getSqlTypeName(), t = to.getSqlTypeName();
    if (t == SqlTypeName.TIMESTAMP) {
      switch (f) {
        case TIMESTAMP: return reinterpret(operand, to);
        case CHAR: case VARCHAR: return reinterpret(function("parse", operand, operand), to);
        case DATE: return reinterpret(function("fromDate", operand, operand), to);
        default: return null;
      }
    }
    if (f == SqlTypeName.TIMESTAMP) {
      switch (t) {
        case CHAR: case VARCHAR: {
          RexNode text = function("toText", operand, typeFactory.createSqlType(SqlTypeName.VARCHAR), bigint(operand));
          return to.getSqlTypeName() == SqlTypeName.VARCHAR && to.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
              ? retype(text, to) : rexBuilder.makeCast(to, text);
        }
        case DATE: return reinterpret(function("toDate", operand, typeFactory.createSqlType(SqlTypeName.INTEGER),
            bigint(operand)), to);
        default: return null;
      }
    }
    return null;
  }

  private RexNode extract(RexCall call, List<RexNode> operands) {
    if (operands.size() != 2 || !isTimestamp(operands.get(1).getType())
        || !(operands.get(0) instanceof RexLiteral unitLiteral)) {
      return null;
    }
    TimeUnitRange unit = unitLiteral.getValueAs(TimeUnitRange.class);
    RexNode ts = operands.get(1);
    if (FLOOR_SAFE_UNITS.contains(unit)) {
      return call.clone(call.getType(), List.of(unitLiteral, millisFloorTimestamp(ts)));
    }
    long numerator = unit == TimeUnitRange.NANOSECOND ? 1_000 : 1;
    long denominator = unit == TimeUnitRange.MILLISECOND ? 1_000 : 1;
    RexNode value = function("extractSubMinute", ts, typeFactory.createSqlType(SqlTypeName.BIGINT),
        bigint(ts), rexBuilder.makeBigintLiteral(java.math.BigDecimal.valueOf(numerator)),
        rexBuilder.makeBigintLiteral(java.math.BigDecimal.valueOf(denominator)));
    return isTimestamp(call.getType()) ? null : rexBuilder.makeCast(call.getType(), value);
  }

  /** A TIMESTAMP plus or minus an interval. */
  private RexNode plusInterval(RexCall call, List<RexNode> operands) {
    if (!isTimestamp(call.getType()) || operands.size() != 2) {
      return null;
    }
    int tsIndex = isTimestamp(operands.get(0).getType()) ? 0 : isTimestamp(operands.get(1).getType()) ? 1 : -1;
    if (tsIndex < 0) {
      return null;
    }
    RexNode ts = operands.get(tsIndex);
    RexNode interval = operands.get(1 - tsIndex);
    SqlTypeName it = interval.getType().getSqlTypeName();
    boolean minus = call.getKind() == SqlKind.MINUS;
    if (minus && tsIndex != 0) {
      return null;
    }
    if (SqlTypeName.DAY_INTERVAL_TYPES.contains(it)) {
      RexNode millis = bigint(interval);
      if (minus) {
        millis = rexBuilder.makeCall(SqlStdOperatorTable.UNARY_MINUS, millis);
      }
      return reinterpret(function("plusMillis", call, bigint(ts), millis), call.getType());
    }
    if (SqlTypeName.YEAR_INTERVAL_TYPES.contains(it)) {
      List<RexNode> inMillis = new ArrayList<>(operands);
      inMillis.set(tsIndex, millisFloorTimestamp(ts));
      RexNode shifted = call.clone(call.getType(), inMillis);
      return reinterpret(function("withMicrosOf", call, bigint(shifted), bigint(ts)), call.getType());
    }
    return null;
  }

  /** The value's milliseconds (rounded down) as a TIMESTAMP Calcite's code can read. */
  private RexNode millisFloorTimestamp(RexNode ts) {
    return reinterpret(function("millisFloor", ts, bigint(ts)), ts.getType());
  }

  private RexNode bigint(RexNode e) {
    RelDataType type = typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BIGINT),
        e.getType().isNullable());
    return reinterpret(e, type);
  }

  private RexNode reinterpret(RexNode e, RelDataType type) {
    RelDataType t = typeFactory.createTypeWithNullability(type, e.getType().isNullable() || type.isNullable());
    if (e.getType().equals(t) && !(e instanceof RexLiteral)) {
      return e;
    }
    return rexBuilder.makeCall(t, SqlStdOperatorTable.REINTERPRET, List.of(e));
  }

  private RexNode retype(RexNode e, RelDataType type) {
    RelDataType t = typeFactory.createTypeWithNullability(type, e.getType().isNullable());
    return e.getType().equals(t) ? e : rexBuilder.makeCast(t, e);
  }

  /** A call of {@link Micros}'s {@code name}, a BIGINT nullable as {@code like}. */
  private RexNode function(String name, RexNode like, RexNode... args) {
    return function(name, like, typeFactory.createSqlType(SqlTypeName.BIGINT), args);
  }

  private RexNode function(String name, RexNode like, RelDataType type, RexNode... args) {
    boolean nullable = like.getType().isNullable();
    for (RexNode a : args) {
      nullable |= a.getType().isNullable();
    }
    return rexBuilder.makeCall(typeFactory.createTypeWithNullability(type, nullable), operator(name), List.of(args));
  }

  private static SqlOperator operator(String name) {
    return FUNCTIONS.computeIfAbsent(name, n -> {
      Method method = null;
      for (Method m : Micros.class.getMethods()) {
        if (m.getName().equals(n) && m.getDeclaringClass() == Micros.class) {
          method = m;
        }
      }
      if (method == null) {
        throw new IllegalArgumentException(n);
      }
      return new SqlUserDefinedFunction(new SqlIdentifier("LAKE_MICROS_" + n.toUpperCase(java.util.Locale.ROOT),
          SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.BIGINT_NULLABLE, null, null,
          ScalarFunctionImpl.create(method));
    });
  }
}
