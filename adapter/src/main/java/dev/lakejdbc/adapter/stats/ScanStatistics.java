package dev.lakejdbc.adapter.stats;

/**
 * What one execution of one lake-table scan did: how much of the table it listed and opened, and the
 * filters that decided it. Counted by the scan as it runs; read by {@code sys.scans} and EXPLAIN ANALYZE.
 */
public final class ScanStatistics {
  private final long statementId;
  private final String table;
  private final int partitionsTotal;
  private final String staticFilter;
  private volatile String dynamicFilter;
  private volatile String notes;
  private int directoriesListed;
  private int partitionsRead;
  private int filesRead;
  /** The files that survived pruning, once the scan has listed them; -1 before. */
  private int filesToRead = -1;
  private long bytesRead;
  private long rowsRead;
  private long startNanos;
  private long elapsedNanos;

  public ScanStatistics(long statementId, String table, int partitionsTotal, String staticFilter) {
    this.statementId = statementId;
    this.table = table;
    this.partitionsTotal = partitionsTotal;
    this.staticFilter = staticFilter;
  }

  public synchronized void directoryListed() {
    directoriesListed++;
  }

  public synchronized void partitionOpened() {
    partitionsRead++;
  }

  public synchronized void fileOpened() {
    filesRead++;
  }

  public synchronized void bytesRead(long n) {
    bytesRead += n;
  }

  public synchronized void rowsRead(long n) {
    rowsRead += n;
  }

  public synchronized void started() {
    if (startNanos == 0) {
      startNanos = System.nanoTime();
      RunningScans.started(this);
    }
  }

  public void finished() {
    synchronized (this) {
      if (startNanos == 0 || elapsedNanos != 0) {
        return;
      }
      elapsedNanos = System.nanoTime() - startNanos;
    }
    // Outside the lock: RunningScans' listeners read other scans' statistics.
    RunningScans.finished(this);
  }

  /** Records how many files the scan will read: those of the partitions that survived pruning. */
  public synchronized void filesToRead(int n) {
    filesToRead = n;
  }

  public void dynamicFilter(String text) {
    this.dynamicFilter = text;
  }

  /** Adds a one-line remark, e.g. why a filter was not applied. */
  public synchronized void note(String text) {
    notes = notes == null ? text : notes + "; " + text;
  }

  public long statementId() {
    return statementId;
  }

  public String table() {
    return table;
  }

  public int partitionsTotal() {
    return partitionsTotal;
  }

  public String staticFilter() {
    return staticFilter;
  }

  public String dynamicFilter() {
    return dynamicFilter;
  }

  public synchronized String notes() {
    return notes;
  }

  public synchronized int directoriesListed() {
    return directoriesListed;
  }

  public synchronized int partitionsRead() {
    return partitionsRead;
  }

  public synchronized int filesRead() {
    return filesRead;
  }

  /** The files the scan will read, or -1 while it has not listed them yet. */
  public synchronized int filesToRead() {
    return filesToRead;
  }

  /** True from the scan's first row request until it ends or is closed. */
  public synchronized boolean running() {
    return startNanos != 0 && elapsedNanos == 0;
  }

  public synchronized long bytesRead() {
    return bytesRead;
  }

  public synchronized long rowsRead() {
    return rowsRead;
  }

  /** Wall-clock time from the scan's first row request to its end, in milliseconds. */
  public synchronized double elapsedMillis() {
    return (elapsedNanos != 0 ? elapsedNanos : startNanos == 0 ? 0 : System.nanoTime() - startNanos) / 1e6;
  }
}
