package dev.lakejdbc.adapter.stats;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The scans of a connection's most recent statements. A statement execution is recognized by its
 * DataContext (Calcite makes one per execution), which gets the next statement id at its first scan.
 */
public final class ScanLog {
  /** How many statements' scans are kept. */
  public static final int STATEMENTS_KEPT = 200;

  private final Map<Object, Long> statementIds = new WeakHashMap<>();
  private final Deque<ScanStatistics> scans = new ArrayDeque<>();
  private long lastStatementId;

  /** Starts recording a scan of {@code table} for the execution {@code executionContext}. */
  public synchronized ScanStatistics start(Object executionContext, String table, int partitionsTotal,
      String staticFilter) {
    long id = statementId(executionContext);
    ScanStatistics s = new ScanStatistics(id, table, partitionsTotal, staticFilter);
    scans.addLast(s);
    while (scans.peekFirst().statementId() <= lastStatementId - STATEMENTS_KEPT) {
      scans.removeFirst();
    }
    return s;
  }

  /**
   * The id of the execution {@code executionContext}, given now if it has none: also for what else
   * reports per statement (sys.queries), so that ids agree.
   */
  public synchronized long statementId(Object executionContext) {
    return statementIds.computeIfAbsent(executionContext, k -> ++lastStatementId);
  }

  /** The id given last, or 0. */
  public synchronized long lastStatementId() {
    return lastStatementId;
  }

  public synchronized List<ScanStatistics> all() {
    return new ArrayList<>(scans);
  }

  /** The scans of one statement execution, in the order they started. */
  public synchronized List<ScanStatistics> ofStatement(long statementId) {
    return scans.stream().filter(s -> s.statementId() == statementId).toList();
  }

  /** The id of the execution {@code executionContext}, or -1 if it has not scanned a lake table. */
  public synchronized long statementIdOf(Object executionContext) {
    return statementIds.getOrDefault(executionContext, -1L);
  }
}
