package dev.lakejdbc.adapter.types;

import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * The rewrites that make Calcite's generated code compute what the driver's SQL means, in one shuttle
 * applied to every expression the driver compiles (a plan's, a partition filter's, a constant the
 * planner folds): exact decimal division ({@link ExactDecimalDivision}), checked integer arithmetic
 * ({@link CheckedIntegerArithmetic}), CHAR padding dropped as text ({@link PaddingDroppedAsText}).
 * Types do not change.
 */
public final class RunTimeSemantics extends RexShuttle {
  private final List<RexShuttle> rewrites;

  public RunTimeSemantics(RexBuilder rexBuilder) {
    this.rewrites = List.of(new ExactDecimalDivision(rexBuilder), new CheckedIntegerArithmetic(rexBuilder),
        new PaddingDroppedAsText(rexBuilder));
  }

  /** Each rewrite over the whole expression, in turn (each descends into the operands itself). */
  @Override public RexNode visitCall(RexCall call) {
    RexNode e = call;
    for (RexShuttle rewrite : rewrites) {
      e = e.accept(rewrite);
    }
    return e;
  }
}
