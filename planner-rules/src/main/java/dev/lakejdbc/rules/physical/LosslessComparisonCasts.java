package dev.lakejdbc.rules.physical;

import dev.lakejdbc.adapter.filter.LosslessCasts;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A comparison of decimals compares a decimal cast to a wider one of the same scale as the decimal
 * itself, just before Calcite's code generator sees it. Calcite's coercion of
 * {@code ss_list_price BETWEEN 122 AND 132} casts the DECIMAL(7, 2) column to DECIMAL(12, 2) on every
 * row, and its cast checks for overflow by stripping trailing zeros: 2 % of the CPU of the whole TPC-DS
 * suite, for a cast that keeps every value ({@link LosslessCasts}). With the scale kept, the values are
 * equal with and without it, so comparisons, also by {@code equals}, answer alike. The plan and EXPLAIN
 * still show the cast.
 */
public final class LosslessComparisonCasts extends RexShuttle {
  private static final Set<SqlKind> COMPARISONS = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS,
      SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN,
      SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.SEARCH);

  @Override public RexNode visitCall(RexCall call) {
    RexNode visited = super.visitCall(call);
    if (!(visited instanceof RexCall c) || !COMPARISONS.contains(c.getKind())
        || !c.getOperands().stream().allMatch(o -> isDecimal(o.getType()))) {
      return visited;
    }
    List<RexNode> operands = new ArrayList<>();
    boolean changed = false;
    for (RexNode o : c.getOperands()) {
      RexNode u = withoutLosslessCast(o);
      changed |= u != o;
      operands.add(u);
    }
    return changed ? c.clone(c.getType(), operands) : c;
  }

  private static RexNode withoutLosslessCast(RexNode node) {
    if (node.getKind() == SqlKind.CAST && node instanceof RexCall cast) {
      RexNode inner = cast.getOperands().get(0);
      RelDataType from = inner.getType();
      RelDataType to = cast.getType();
      if (isDecimal(from) && from.getScale() == to.getScale() && LosslessCasts.isLossless(from, to)) {
        return inner;
      }
    }
    return node;
  }

  private static boolean isDecimal(RelDataType type) {
    return type.getSqlTypeName() == SqlTypeName.DECIMAL;
  }
}
