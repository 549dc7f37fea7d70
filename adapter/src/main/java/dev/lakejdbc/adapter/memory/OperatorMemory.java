package dev.lakejdbc.adapter.memory;

import dev.lakejdbc.adapter.CancelCheck;

/**
 * What one run of an operator holds, accounted against its execution's {@link QueryMemory}: the
 * operator reports each row it keeps ({@link #tryReserve}) and each it lets go; the account draws
 * from the execution in chunks, so that the common case costs an addition. The buffers of its spill
 * files count too, apart. Not thread-safe: one operator, one thread.
 *
 * <p>Every operator may hold a working set ({@link QueryMemory#floor}) even past the limit: spilling
 * less than that would only write more, smaller files.
 *
 * <p>An operator that can spill calls {@link #tryReserve} and spills when it returns false; one
 * that cannot calls {@link #reserve}, which fails past the limit. Either way, past the limit with
 * spilling off, the failure is a {@link MemoryLimitExceededException} naming the operator.
 */
public final class OperatorMemory implements AutoCloseable {
  private final QueryMemory query;
  private final OperatorStats stats;
  private final String notSpillable;
  private final long chunk;
  /** What the operator may hold even past the limit. */
  private final long floor;
  private long granted;
  private long used;
  private long buffers;
  private long peak;

  OperatorMemory(QueryMemory query, OperatorStats stats, String notSpillable) {
    this.query = query;
    this.stats = stats;
    this.notSpillable = notSpillable;
    this.chunk = query.chunk();
    this.floor = query.floor();
  }

  public String description() {
    return stats.description();
  }

  /** Why this operator cannot spill, or null. */
  String notSpillable() {
    return notSpillable;
  }

  /** Whether this operator may spill past the limit: it can, and the connection lets it. */
  public boolean maySpill() {
    return notSpillable == null && query.options().spillAllowed();
  }

  public CancelCheck cancel() {
    return query.cancel();
  }

  /** What the whole execution may hold, in bytes. */
  public long queryLimit() {
    return query.options().limitBytes();
  }

  /** The bytes held now. */
  public long held() {
    return used;
  }

  /** The most bytes held at once. */
  public long peak() {
    return peak;
  }

  /**
   * Accounts {@code bytes} more. Returns false when the budget cannot grant them and this operator
   * may spill (it should then spill and release); throws when it may not.
   *
   * @throws MemoryLimitExceededException past the limit, for an operator that may not spill
   */
  public boolean tryReserve(long bytes) {
    if (tryHold(bytes)) {
      return true;
    }
    if (used + bytes <= floor) {
      forceReserve(bytes);
      return true;
    }
    if (!maySpill()) {
      throw query.exceeded(this, bytes);
    }
    return false;
  }

  /**
   * Accounts {@code bytes} more if the budget grants them, and returns false (holding nothing more)
   * if not, whether or not this operator may spill: for what is only worth holding, never needed.
   */
  public boolean tryHold(long bytes) {
    used += bytes;
    if (used + buffers <= granted || grant(used + buffers - granted)) {
      if (used > peak) {
        peak = used;
      }
      return true;
    }
    used -= bytes;
    return false;
  }

  /**
   * Accounts {@code bytes} more for what cannot spill.
   *
   * @throws MemoryLimitExceededException past the limit
   */
  public void reserve(long bytes) {
    if (!tryReserve(bytes)) {
      throw query.exceeded(this, bytes);
    }
  }

  /** Accounts {@code bytes} more even past the limit: the least an operator needs to make progress. */
  public void forceReserve(long bytes) {
    used += bytes;
    forceGrant();
    if (used > peak) {
      peak = used;
    }
  }

  private void forceGrant() {
    if (used + buffers > granted) {
      long more = used + buffers - granted;
      query.forceGrant(more);
      granted += more;
      stats.held(used + buffers);
    }
  }

  /** Accounts the buffer of a spill file being written or read: always granted. */
  void holdBuffer(long bytes) {
    buffers += bytes;
    forceGrant();
  }

  void releaseBuffer(long bytes) {
    buffers = Math.max(0, buffers - bytes);
    giveBack();
  }

  /** Draws at least {@code needed} more from the execution: a chunk, or just what is needed. */
  private boolean grant(long needed) {
    long ask = Math.max(needed, chunk);
    if (!query.tryGrant(ask)) {
      if (ask == needed || !query.tryGrant(needed)) {
        return false;
      }
      ask = needed;
    }
    granted += ask;
    stats.held(used + buffers);
    return true;
  }

  /**
   * Corrects what is held by {@code bytes}, either way, even past the limit: for arrays that have
   * grown, the bytes they take now less what was reserved for them.
   */
  void adjust(long bytes) {
    if (bytes > 0) {
      forceReserve(bytes);
    } else {
      release(-bytes);
    }
  }

  /** Lets go of {@code bytes}; what the operator no longer needs goes back to the execution. */
  public void release(long bytes) {
    used = Math.max(0, used - bytes);
    giveBack();
  }

  private void giveBack() {
    long needed = used + buffers;
    if (granted - needed > 2 * chunk) {
      long back = granted - needed - chunk;
      granted -= back;
      query.release(back);
    }
  }

  /** Lets go of everything this operator holds. */
  public void releaseAll() {
    stats.held(peak);
    query.release(granted);
    granted = 0;
    used = 0;
    buffers = 0;
  }

  /**
   * Another account of this operator, with a working set of its own, for a part of it that holds
   * memory while another part does (a grouping set summed up while the set it reads is returned):
   * each can make progress past the limit. The operator's peak in its stats is then its largest
   * part's; the execution's counts them all.
   */
  OperatorMemory sibling() {
    return new OperatorMemory(query, stats, notSpillable);
  }

  /** Temporary files for this operator's spilled rows, deleted by their close (or the execution's end). */
  public SpillFiles spillFiles() {
    SpillFiles files = new SpillFiles(query.options().spillDirectory(), query.spillBuffer(), this);
    query.opened(files);
    return files;
  }

  void spilled(long bytes, long rows, int files) {
    stats.spilled(bytes, rows, files);
    query.spilled(bytes, files);
  }

  void spillFilesClosed(SpillFiles files) {
    query.closed(files);
  }

  @Override public void close() {
    releaseAll();
  }
}
