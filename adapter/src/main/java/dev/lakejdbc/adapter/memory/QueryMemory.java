package dev.lakejdbc.adapter.memory;

import dev.lakejdbc.adapter.CancelCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.DataContext;

/**
 * One statement execution's memory budget: its operators draw from it (in chunks, through their
 * {@link OperatorMemory}) what they hold, up to the connection's {@code queryMemoryLimit} and as far
 * as the JVM's {@link MemoryPool} has room. It records the most it held and what its operators
 * spilled, and when the execution ends ({@link #close}) gives back whatever is still held and deletes
 * spill files an operator left behind.
 */
public final class QueryMemory {
  private final QueryMemoryOptions options;
  private final MemoryPool pool;
  private final long statementId;
  private final CancelCheck cancel;
  private final Map<String, OperatorStats> operators = new LinkedHashMap<>();
  private final List<SpillFiles> spills = new ArrayList<>();
  /** The rows of the plan's shared sub-plans, by their number. */
  private final Map<Integer, SharedRows> shared = new java.util.HashMap<>();
  /** What runs when the execution ends, for state kept per execution outside this budget. */
  private List<Runnable> onClose = new ArrayList<>();
  private long reserved;
  private long peak;
  private long spilledBytes;
  private int spillFiles;
  private boolean poolRefused;
  private boolean closed;

  QueryMemory(QueryMemoryOptions options, MemoryPool pool, long statementId, CancelCheck cancel) {
    this.options = options;
    this.pool = pool;
    this.statementId = statementId;
    this.cancel = cancel;
  }

  /** The budget of the execution {@code root}, made on first use. */
  public static QueryMemory of(DataContext root) {
    return QueryMemoryLog.of(root).execution(root);
  }

  public long statementId() {
    return statementId;
  }

  public QueryMemoryOptions options() {
    return options;
  }

  public CancelCheck cancel() {
    return cancel;
  }

  /**
   * A new account for one run of an operator.
   *
   * @param description the operator as messages and sys.queries name it ({@code ORDER BY k DESC})
   * @param notSpillable why this operator cannot spill, or null if it can
   */
  public OperatorMemory operator(String description, String notSpillable) {
    return new OperatorMemory(this, stats(description), notSpillable);
  }

  /** The rows of the shared sub-plan {@code id} in this execution, made on first use. */
  synchronized SharedRows shared(int id, OperatorInfo operator) {
    return shared.computeIfAbsent(id, i -> new SharedRows(operator.memory(this)));
  }

  /** The figures of the operator so described, shared by its runs in this execution. */
  synchronized OperatorStats stats(String description) {
    return operators.computeIfAbsent(description, OperatorStats::new);
  }

  /** The size in which operators draw memory: small enough to matter little against the limit. */
  long chunk() {
    return Math.max(1 << 10, Math.min(1 << 20, options.limitBytes() / 64));
  }

  /** What each operator may hold even past the limit, to make progress: a sixteenth of it. */
  long floor() {
    return Math.max(chunk(), options.limitBytes() / 16);
  }

  /** The buffer of a spill file: 64 KB, less for a small limit. */
  int spillBuffer() {
    return (int) Math.max(4 << 10, Math.min(64 << 10, options.limitBytes() / 64));
  }

  synchronized boolean tryGrant(long bytes) {
    if (reserved + bytes > options.limitBytes()) {
      poolRefused = false;
      return false;
    }
    if (!pool.tryReserve(bytes)) {
      poolRefused = true;
      return false;
    }
    reserved += bytes;
    peak = Math.max(peak, reserved);
    return true;
  }

  synchronized void forceGrant(long bytes) {
    pool.forceReserve(bytes);
    reserved += bytes;
    peak = Math.max(peak, reserved);
  }

  synchronized void release(long bytes) {
    long n = Math.min(bytes, reserved);
    reserved -= n;
    pool.release(n);
  }

  synchronized void spilled(long bytes, int files) {
    spilledBytes += bytes;
    spillFiles += files;
  }

  synchronized void opened(SpillFiles files) {
    spills.add(files);
  }

  synchronized void closed(SpillFiles files) {
    spills.remove(files);
  }

  /**
   * The failure of an operator that needed {@code wanted} more bytes than it may have: names the
   * operator, the limit or the pool, and what to do.
   */
  synchronized MemoryLimitExceededException exceeded(OperatorMemory operator, long wanted) {
    String limit = poolRefused
        ? String.format(java.util.Locale.ROOT, "all lake-jdbc queries of this JVM together may hold "
            + "%s (%.0f%% of the maximum heap), and they hold it now", ByteSizes.text(pool.capacity()),
            MemoryPool.SHARE_OF_HEAP * 100)
        : "this query may hold " + ByteSizes.text(options.limitBytes()) + " (" + options.limitSetting()
            + ")";
    String why;
    if (operator.notSpillable() != null) {
      why = operator.notSpillable();
    } else if (!options.spill()) {
      why = "spilling to disk is off (spill=false)";
    } else {
      why = "spilling is off: " + options.noSpillReason();
    }
    return new MemoryLimitExceededException(String.format(java.util.Locale.ROOT,
        "Query memory limit reached: %s needed %s more while holding %s, but %s; %s. Raise "
            + "queryMemoryLimit%s, or make the query hold less: a filter, a LIMIT, fewer columns",
        operator.description(), ByteSizes.text(wanted), ByteSizes.text(operator.held()), limit, why,
        options.spillAllowed() || operator.notSpillable() != null ? "" : ", allow spilling (spill=true)"));
  }

  /**
   * Runs {@code action} when the execution ends, or now if it has: for state an operator keeps per
   * execution where the plan can reach it (a cached plan outlives its executions).
   */
  public void onClose(Runnable action) {
    synchronized (this) {
      if (!closed) {
        onClose.add(action);
        return;
      }
    }
    action.run();
  }

  /** Ends the execution: gives back what is still held and deletes spill files left behind. */
  public void close() {
    List<SpillFiles> left;
    List<Runnable> actions;
    synchronized (this) {
      if (closed) {
        return;
      }
      // Taken, not kept: the last executions stay listed for sys tables, and must not hold these.
      actions = onClose;
      onClose = List.of();
      closed = true;
      pool.release(reserved);
      reserved = 0;
      left = new ArrayList<>(spills);
      spills.clear();
      shared.values().forEach(SharedRows::release);
      shared.clear();
    }
    left.forEach(SpillFiles::close);
    actions.forEach(Runnable::run);
  }

  public synchronized boolean isClosed() {
    return closed;
  }

  /** The most this execution held at once, in bytes (counted in the chunks operators draw). */
  public synchronized long peakBytes() {
    return peak;
  }

  public synchronized long heldBytes() {
    return reserved;
  }

  public synchronized long spilledBytes() {
    return spilledBytes;
  }

  public synchronized int spillFiles() {
    return spillFiles;
  }

  public synchronized List<OperatorStats> operators() {
    return List.copyOf(operators.values());
  }
}
