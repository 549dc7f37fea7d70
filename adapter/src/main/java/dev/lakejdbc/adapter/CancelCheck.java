package dev.lakejdbc.adapter;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;

/**
 * What stops one statement execution early: its cancel flag (set by {@code Statement.cancel}) and its
 * deadline ({@code Statement.setQueryTimeout}, counted from the start of the execution). Calcite puts
 * both in the execution's DataContext but enforces neither on the work of a table or an operator:
 * scans check before each file and every few rows, and operators that hold rows (sorts, joins,
 * aggregations) every few rows they sort, merge or spill.
 */
public final class CancelCheck {
  /** For work outside any statement execution: never stops. */
  public static final CancelCheck NEVER = new CancelCheck(null, 0, 0);

  private final AtomicBoolean flag;
  private final long timeoutMillis;
  private final long deadlineMillis;

  private CancelCheck(AtomicBoolean flag, long timeoutMillis, long deadlineMillis) {
    this.flag = flag;
    this.timeoutMillis = timeoutMillis;
    this.deadlineMillis = deadlineMillis;
  }

  /** The cancel flag and deadline of the execution {@code root}; {@link #NEVER} for a null one. */
  public static CancelCheck of(DataContext root) {
    if (root == null) {
      return NEVER;
    }
    Object flag = root.get(DataContext.Variable.CANCEL_FLAG.camelName);
    Object timeout = root.get(DataContext.Variable.TIMEOUT.camelName);
    long timeoutMillis = timeout instanceof Long t && t > 0 ? t : 0;
    // The execution's start: the time its CURRENT_TIMESTAMP reads.
    Object start = root.get(DataContext.Variable.UTC_TIMESTAMP.camelName);
    long from = start instanceof Long s ? s : System.currentTimeMillis();
    return new CancelCheck(flag instanceof AtomicBoolean b ? b : null, timeoutMillis,
        from + timeoutMillis);
  }

  /**
   * Throws {@link QueryCanceledException} once the statement is canceled or its time is up.
   *
   * @param activity what was under way, for the message: "reading table big", "sorting for ORDER BY k"
   */
  public void check(String activity) {
    if (flag != null && flag.get()) {
      throw new QueryCanceledException("Query canceled (Statement.cancel) while " + activity, false);
    }
    if (timeoutMillis > 0 && System.currentTimeMillis() >= deadlineMillis) {
      throw new QueryCanceledException("Query timeout of " + timeoutMillis / 1000.0
          + " s (Statement.setQueryTimeout) reached while " + activity, true);
    }
  }
}
