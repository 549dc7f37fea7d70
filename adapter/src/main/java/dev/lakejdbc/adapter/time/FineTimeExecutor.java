package dev.lakejdbc.adapter.time;

import dev.lakejdbc.adapter.types.RunTimeSemantics;
import dev.lakejdbc.adapter.types.LiteralFolding;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimestampString;

/**
 * The planner's constant folding, except for expressions Calcite would fold in milliseconds and so
 * lose microseconds: those holding a TIMESTAMP finer than milliseconds (by type or by a literal's
 * value), a CAST of text to TIMESTAMP (or to TIME, whose text Calcite does not check) or of a
 * TIMESTAMP or TIME to text (whose fraction Calcite's folding drops), or a division of a day-time interval (which truncates to
 * milliseconds). They stay as they are and are computed at run time by
 * {@link MicrosRewrite}'s code (the approach Feldera took for the same Calcite limitation). The
 * commonest constant shapes are folded without Calcite's generated code ({@link LiteralFolding}).
 */
public final class FineTimeExecutor implements RexExecutor {
  private static final Set<SqlTypeName> CLOCK_TYPES = EnumSet.of(SqlTypeName.TIMESTAMP, SqlTypeName.TIME);

  private final RexExecutor delegate;

  private FineTimeExecutor(RexExecutor delegate) {
    this.delegate = delegate;
  }

  /** {@code executor} guarded, or itself when it already is. */
  public static RexExecutor of(RexExecutor executor) {
    return executor == null || executor instanceof FineTimeExecutor ? executor : new FineTimeExecutor(executor);
  }

  @Override public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    // Each expression: kept (fine), folded here (LiteralFolding), or left to Calcite's generated code.
    RexNode[] results = new RexNode[constExps.size()];
    List<RexNode> reducible = new ArrayList<>();
    for (int i = 0; i < constExps.size(); i++) {
      RexNode e = constExps.get(i);
      if (fine(e)) {
        results[i] = e;
        continue;
      }
      Object value = LiteralFolding.value(e);
      if (value != LiteralFolding.UNKNOWN) {
        results[i] = rexBuilder.makeLiteral(value, e.getType(), true);
      } else {
        reducible.add(e);
      }
    }
    List<RexNode> reduced = new ArrayList<>();
    if (!reducible.isEmpty()) {
      // Folded by Calcite's generated code, rewritten as at run time (RunTimeSemantics): a constant
      // that overflows is then left unfolded (Calcite folds none of a batch that fails) and fails
      // when the query runs.
      delegate.reduce(rexBuilder, new RunTimeSemantics(rexBuilder).apply(reducible), reduced);
    }
    int next = 0;
    for (RexNode r : results) {
      reducedValues.add(r != null ? r : reduced.get(next++));
    }
  }

  /**
   * A CAST between text and TIMESTAMP or TIME, which MicrosRewrite's code computes: Calcite would fold
   * text that is no time ('12:99') into one, and write a literal's text at its type's precision
   * (TIMESTAMP '... 10:00:00.5' lost the .5).
   */
  private static boolean castBetweenTextAndClock(RexCall call) {
    if (call.getKind() != SqlKind.CAST) {
      return false;
    }
    SqlTypeName to = call.getType().getSqlTypeName();
    SqlTypeName from = call.getOperands().get(0).getType().getSqlTypeName();
    return from.getFamily() == SqlTypeFamily.CHARACTER && CLOCK_TYPES.contains(to)
        || to.getFamily() == SqlTypeFamily.CHARACTER && CLOCK_TYPES.contains(from);
  }

  /** Whether folding {@code e} in milliseconds could lose microseconds, or fold what MicrosRewrite computes. */
  static boolean fine(RexNode e) {
    Boolean found = e.accept(new RexVisitorImpl<Boolean>(true) {
      @Override public Boolean visitLiteral(RexLiteral literal) {
        if (MicrosRewrite.isTimestamp(literal.getType()) && !literal.isNull()) {
          TimestampString t = literal.getValueAs(TimestampString.class);
          return Math.floorMod(Micros.parse(t.toString()), Micros.PER_MILLI) != 0 ? true : null;
        }
        return null;
      }

      @Override public Boolean visitCall(RexCall call) {
        if ((call.getKind() == SqlKind.DIVIDE || call.getKind() == SqlKind.CHECKED_DIVIDE)
            && SqlTypeName.DAY_INTERVAL_TYPES.contains(call.getType().getSqlTypeName())) {
          // Folded in milliseconds, TIMESTAMPADD(MICROSECOND, 1, ts)'s interval becomes 0.
          return true;
        }
        if (MicrosRewrite.isTimestamp(call.getType()) && call.getType().getPrecision() > 3
            || castBetweenTextAndClock(call)) {
          return true;
        }
        for (RexNode o : call.getOperands()) {
          if (MicrosRewrite.isTimestamp(o.getType()) && o.getType().getPrecision() > 3) {
            return true;
          }
          Boolean r = o.accept(this);
          if (r != null && r) {
            return true;
          }
        }
        return null;
      }
    });
    return found != null && found;
  }
}
