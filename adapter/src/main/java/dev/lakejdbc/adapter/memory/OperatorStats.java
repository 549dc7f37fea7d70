package dev.lakejdbc.adapter.memory;

/**
 * What one operator of a statement execution held and spilled: the most bytes it held at once, the
 * bytes and files it wrote to disk. An operator run several times in one execution (under a
 * correlation) counts once, its figures summed or maxed. Read by {@code sys.queries} and EXPLAIN ANALYZE.
 */
public final class OperatorStats {
  private final String description;
  private long peakBytes;
  private long spilledBytes;
  private int spillFiles;
  private long spilledRows;

  OperatorStats(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  synchronized void held(long bytes) {
    peakBytes = Math.max(peakBytes, bytes);
  }

  synchronized void spilled(long bytes, long rows, int files) {
    spilledBytes += bytes;
    spilledRows += rows;
    spillFiles += files;
  }

  public synchronized long peakBytes() {
    return peakBytes;
  }

  public synchronized long spilledBytes() {
    return spilledBytes;
  }

  public synchronized long spilledRows() {
    return spilledRows;
  }

  public synchronized int spillFiles() {
    return spillFiles;
  }

  /** One line: {@code ORDER BY k DESC: held at most 63.9 MB, spilled 120.3 MB (2,000,000 rows) in 3 files}. */
  public synchronized String summary() {
    String held = description + ": held at most " + ByteSizes.text(peakBytes);
    return spillFiles == 0 ? held : held + String.format(java.util.Locale.ROOT,
        ", spilled %s (%,d rows) in %,d files", ByteSizes.text(spilledBytes), spilledRows, spillFiles);
  }
}
