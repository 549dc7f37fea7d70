package dev.lakejdbc.rules.physical;

import com.google.common.collect.Range;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

/**
 * Rewrites each {@code x IN (many values)} ({@code SEARCH} over a Sarg of points, or its complement:
 * NOT IN) on a VARCHAR, integer or DATE, just before Calcite's code generator sees it, into one hash
 * lookup ({@link PointSet#contains}). Calcite expands a SEARCH into one comparison per value, so TPC-DS
 * q8's 400 zip codes cost 400 string comparisons per row: 2 s over 50,000 rows, where the lookup takes
 * milliseconds. Types and NULL handling do not change; the plan, EXPLAIN and pruning still see the
 * SEARCH.
 */
public final class PointSetMembership extends RexShuttle {
  /** From this many values on, a lookup; below, Calcite's comparisons are as cheap. */
  static final int MIN_POINTS = 8;

  private static final SqlOperator CONTAINS = new SqlUserDefinedFunction(
      new SqlIdentifier("LAKE_IN_POINT_SET", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
      ReturnTypes.BOOLEAN_NULLABLE, null, null, ScalarFunctionImpl.create(Types.lookupMethod(
          PointSet.class, "contains", Object.class, String.class)));

  private final RexBuilder rexBuilder;

  public PointSetMembership(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
  }

  @Override public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    if (!(visited instanceof RexCall c) || c.getKind() != SqlKind.SEARCH
        || !(c.getOperands().get(1) instanceof RexLiteral literal)) {
      return visited;
    }
    Sarg<?> sarg = literal.getValueAs(Sarg.class);
    RexNode value = c.getOperands().get(0);
    PointSet.Kind kind = kind(value.getType().getSqlTypeName());
    if (sarg == null || kind == null) {
      return visited;
    }
    boolean complemented = !sarg.isPoints();
    if (complemented && !sarg.isComplementedPoints()) {
      return visited;
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    var ranges = complemented ? ((Sarg) sarg).rangeSet.complement().asRanges()
        : ((Sarg) sarg).rangeSet.asRanges();
    if (ranges.size() < MIN_POINTS) {
      return visited;
    }
    List<String> points = new ArrayList<>(ranges.size());
    for (Object r : ranges) {
      Object point = ((Range<?>) r).lowerEndpoint();
      String text = point instanceof NlsString s ? s.getValue()
          : point instanceof DateString d ? Integer.toString(d.getDaysSinceEpoch())
          : point instanceof java.math.BigDecimal b && b.scale() <= 0 ? b.toBigIntegerExact().toString()
          : null;
      if (text == null) {
        return visited;
      }
      points.add(text);
    }
    String encoded = PointSet.encode(kind, points);
    try {
      PointSet.decode(encoded);
    } catch (NumberFormatException outOfTheTypesRange) {
      return visited;
    }
    RexNode lookup = rexBuilder.makeCall(CONTAINS, value, rexBuilder.makeLiteral(encoded));
    if (complemented) {
      lookup = rexBuilder.makeCall(SqlStdOperatorTable.NOT, lookup);
    }
    // NULL input: the lookup is NULL (UNKNOWN); Sarg says what the SEARCH makes of it.
    RexNode result = sarg.nullAs == RexUnknownAs.FALSE
        ? rexBuilder.makeCall(SqlStdOperatorTable.IS_TRUE, lookup)
        : sarg.nullAs == RexUnknownAs.TRUE ? rexBuilder.makeCall(SqlStdOperatorTable.IS_NOT_FALSE, lookup)
        : lookup;
    return rexBuilder.makeCast(c.getType(), result, true, false);
  }

  private static PointSet.Kind kind(SqlTypeName type) {
    return switch (type) {
      case VARCHAR -> PointSet.Kind.STRING;
      case TINYINT -> PointSet.Kind.BYTE;
      case SMALLINT -> PointSet.Kind.SHORT;
      case INTEGER, DATE -> PointSet.Kind.INT;
      case BIGINT -> PointSet.Kind.LONG;
      default -> null;
    };
  }
}
