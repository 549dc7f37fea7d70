package dev.lakejdbc.adapter.stats;

/**
 * What one execution of one lake-table scan did: how much of the table it listed and opened, and the
 * filters that decided it. Counted by the scan as it runs; read by {@code sys.scans} and EXPLAIN ANALYZE.
 */
public final class ScanStatistics {
  /** What ruled a row group out, without its pages being read. */
  public enum Skip {
    STATISTICS("statistics"), DICTIONARY("dictionary"), BLOOM_FILTER("bloom filter"),
    COLUMN_INDEX("column index"),
    /** The filter cannot hold in the file at all (a column it lacks, a value it cannot store). */
    NO_MATCH("no match in file");

    private final String text;

    Skip(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

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
  private volatile String dataFilter;
  private long rowGroupsTotal;
  private long rowGroupsRead;
  private final long[] rowGroupsSkipped = new long[Skip.values().length];
  private long rowsSkipped;
  private long rowsSkippedByPages;
  private long rowsSkippedByKeys;
  private long rowsFilteredOnRows;
  private int footersRead;
  /**
   * Columns of opened files that the table's schema lacks (discovery's sample did not see them), by
   * column: the first file showing it and how many files did.
   */
  private final java.util.Map<String, Object[]> unknownColumns = new java.util.LinkedHashMap<>();
  /** How the table's schema was discovered, for the note on unknown columns. */
  private volatile String schemaOrigin;
  /** Why data filters could not be used, with the number of files each reason applied to. */
  private final java.util.Map<String, Integer> dataFilterNotes = new java.util.LinkedHashMap<>();

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

  /** A footer the scan read from storage (not found in the cache). */
  public synchronized void footerRead() {
    footersRead++;
  }

  public synchronized int footersRead() {
    return footersRead;
  }

  /**
   * A column of {@code file} that the table's schema lacks, discovered from {@code schemaOrigin}: it
   * is not read; the notes say so once per column, with the first such file and their count.
   */
  public synchronized void unknownColumn(String column, String file, String schemaOrigin) {
    this.schemaOrigin = schemaOrigin;
    Object[] seen = unknownColumns.get(column);
    if (seen == null) {
      unknownColumns.put(column, new Object[] {file, 1});
    } else {
      seen[1] = (Integer) seen[1] + 1;
    }
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

  /** Records the row groups of a file the scan considered (after partition pruning). */
  public synchronized void rowGroups(int n) {
    rowGroupsTotal += n;
  }

  /** A row group of {@code rows} rows that a data filter ruled out by {@code by}. */
  public synchronized void rowGroupSkipped(Skip by, long rows) {
    rowGroupsSkipped[by.ordinal()]++;
    rowsSkipped += rows;
  }

  /** A row group whose pages are read, of which the column index ruled out {@code rowsSkipped} rows. */
  public synchronized void rowGroupRead(long rowsSkippedByPages) {
    rowGroupsRead++;
    this.rowsSkipped += rowsSkippedByPages;
    this.rowsSkippedByPages += rowsSkippedByPages;
  }

  /** Rows decoded and dropped because their join key matches no key of a dynamic filter. */
  public synchronized void rowsSkippedByKeys(long n) {
    rowsSkipped += n;
    rowsSkippedByKeys += n;
  }

  /**
   * Rows decoded and dropped by the conjuncts the plan moved into the scan (a row filter): counted as
   * read, as they were when the filter above dropped them.
   */
  public synchronized void rowsFilteredOnRows(long n) {
    rowsRead += n;
    rowsFilteredOnRows += n;
  }

  /** Why a data filter could not be used on a file; counted per file. */
  public synchronized void dataFilterNote(String text) {
    dataFilterNotes.merge(text, 1, Integer::sum);
  }

  /** The data filters (static and dynamic) this scan used, as sys.scans shows them. */
  public void dataFilter(String text) {
    this.dataFilter = text;
  }

  public String dataFilter() {
    return dataFilter;
  }

  public synchronized long rowGroupsTotal() {
    return rowGroupsTotal;
  }

  public synchronized long rowGroupsRead() {
    return rowGroupsRead;
  }

  /** Row groups ruled out by {@code by}. */
  public synchronized long rowGroupsSkipped(Skip by) {
    return rowGroupsSkipped[by.ordinal()];
  }

  /** Rows not returned because a data filter ruled them out: in skipped row groups and pages, or by key. */
  public synchronized long rowsSkipped() {
    return rowsSkipped;
  }

  public synchronized long rowsSkippedByPages() {
    return rowsSkippedByPages;
  }

  public synchronized long rowsSkippedByKeys() {
    return rowsSkippedByKeys;
  }

  /** Rows read that the scan's row filter dropped. */
  public synchronized long rowsFilteredOnRows() {
    return rowsFilteredOnRows;
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
    if (dataFilterNotes.isEmpty() && unknownColumns.isEmpty()) {
      return notes;
    }
    StringBuilder all = new StringBuilder(notes == null ? "" : notes + "; ");
    String sep = "";
    for (java.util.Map.Entry<String, Object[]> e : unknownColumns.entrySet()) {
      int files = (Integer) e.getValue()[1];
      all.append(sep).append("column '").append(e.getKey()).append("' of ").append(e.getValue()[0])
          .append(files == 1 ? "" : " (and " + (files - 1) + (files == 2 ? " other file" : " other files") + ")")
          .append(" is not in the table's schema, discovered from ").append(schemaOrigin)
          .append(": not read; REFRESH if the lake changed since, or connect with discovery=all to "
              + "read every footer");
      sep = "; ";
    }
    for (java.util.Map.Entry<String, Integer> e : dataFilterNotes.entrySet()) {
      all.append(sep).append("data filter: ").append(e.getKey()).append(" (")
          .append(e.getValue()).append(e.getValue() == 1 ? " file)" : " files)");
      sep = "; ";
    }
    return all.toString();
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
