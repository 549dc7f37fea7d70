package dev.lakejdbc.adapter.memory;

import org.apache.calcite.DataContext;

/**
 * What buffers handed between threads hold — the batches of rows a scan's reader threads decode
 * ahead — counted against the execution's budget. Thread-safe. The buffers are bounded by their
 * queue, so they are always granted: they count toward the limit and leave that much less to the
 * operators that can spill.
 */
public final class BufferMemory {
  private final QueryMemory query;
  private final OperatorStats stats;
  private long held;

  private BufferMemory(QueryMemory query, OperatorStats stats) {
    this.query = query;
    this.stats = stats;
  }

  /** The buffers of one scan of the execution {@code root}, named for sys.queries. */
  public static BufferMemory of(DataContext root, String description) {
    QueryMemory query = QueryMemory.of(root);
    return new BufferMemory(query, query.stats(description));
  }

  /** The estimated bytes of a batch of rows: its first row's size times their number. */
  public static long ofBatch(Object[][] rows) {
    return rows.length == 0 ? 0
        : RowSizes.align(RowSizes.ARRAY_HEADER + (long) RowSizes.REFERENCE * rows.length)
            + rows.length * RowSizes.of(rows[0]);
  }

  public synchronized void hold(long bytes) {
    held += bytes;
    query.forceGrant(bytes);
    stats.held(held);
  }

  public synchronized void free(long bytes) {
    long n = Math.min(bytes, held);
    held -= n;
    query.release(n);
  }

  public synchronized void freeAll() {
    free(held);
  }
}
