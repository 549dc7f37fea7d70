package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.columnindex.RowRanges;

/**
 * The rows of one row group whose requested columns are all flat, decoded a batch at a time and column
 * by column ({@link FlatColumnReader}) instead of record by record through parquet-java's record
 * assembly. With row filters, the columns they read are decoded first; the other columns are then not
 * decoded for the rows a filter drops, and those rows' arrays are reused.
 *
 * <p>A row group whose pages a column index narrowed holds, for each column, only the pages that
 * overlap the selected row ranges, and the columns' pages break at different rows: each column then
 * moves to the start of each run of selected rows ({@link FlatColumnReader#seek}), passing over the
 * values of rows outside the runs without decoding them.
 */
final class FlatRowGroup {
  /** Rows decoded at a time: enough to keep each column's loop hot, few enough to stay in cache. */
  static final int BATCH = 1024;

  private final Object[] template;
  private final RowFilters rowFilters;
  private final FlatColumnReader[] keyColumns;
  private final FlatColumnReader[] otherColumns;
  private final Object[][] rows = new Object[BATCH][];
  private final boolean[] rejected = new boolean[BATCH];
  private long rowsLeft;
  private int size;
  private int index;
  private long rowsDroppedByKeys;
  private long rowsDroppedByFilter;
  /**
   * The runs of selected rows (first row of the row group, length) of a row group narrowed by a
   * column index, in order; null when every row is read.
   */
  private final long[] runStarts;
  private final int[] runLengths;
  private int run;
  private int readInRun;
  /** The current batch's pieces of runs: the run's row of each, and where each starts in the batch. */
  private final long[] pieceRows;
  private final int[] pieceStarts;
  private int pieces;

  /**
   * @param narrowedTo the row ranges a column index narrowed the pages to, or null for all rows
   * @param columns the requested columns, in the order of {@code positions}, {@code fileTypes} and
   *     {@code tableTypes}
   */
  FlatRowGroup(PageReadStore pages, RowRanges narrowedTo, List<ColumnDescriptor> columns,
      int[] positions, ColumnType[] fileTypes, ColumnType[] tableTypes, Object[] template,
      RowFilters rowFilters) {
    this.template = template;
    this.rowFilters = rowFilters;
    this.rowsLeft = pages.getRowCount();
    List<FlatColumnReader> keys = new ArrayList<>();
    List<FlatColumnReader> others = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      FlatColumnReader reader = new FlatColumnReader(columns.get(i),
          pages.getPageReader(columns.get(i)), positions[i], fileTypes[i], tableTypes[i]);
      (isKey(positions[i]) ? keys : others).add(reader);
    }
    this.keyColumns = keys.toArray(FlatColumnReader[]::new);
    this.otherColumns = others.toArray(FlatColumnReader[]::new);
    if (narrowedTo == null) {
      this.runStarts = null;
      this.runLengths = null;
      this.pieceRows = null;
      this.pieceStarts = null;
      return;
    }
    this.pieceRows = new long[BATCH];
    this.pieceStarts = new int[BATCH + 1];
    List<RowRanges.Range> ranges = narrowedTo.getRanges();
    this.runStarts = new long[ranges.size()];
    this.runLengths = new int[ranges.size()];
    for (int i = 0; i < ranges.size(); i++) {
      runStarts[i] = ranges.get(i).from;
      // A row group has fewer than 2^31 rows.
      runLengths[i] = Math.toIntExact(ranges.get(i).to - ranges.get(i).from + 1);
    }
  }

  private boolean isKey(int position) {
    return rowFilters.reads(position);
  }

  /** The next row every row filter accepts, or null at the end of the row group. */
  Object[] next() {
    while (true) {
      while (index < size) {
        int i = index++;
        if (!rejected[i]) {
          Object[] row = rows[i];
          // Handed out for good: the caller may keep it.
          rows[i] = null;
          return row;
        }
      }
      if (rowsLeft == 0) {
        return null;
      }
      decodeBatch();
    }
  }

  /** Rows of this row group dropped so far because their key cannot join. */
  long rowsDroppedByKeys() {
    return rowsDroppedByKeys;
  }

  /** Rows of this row group dropped so far by a row filter of the plan's conjuncts. */
  long rowsDroppedByFilter() {
    return rowsDroppedByFilter;
  }

  private void decodeBatch() {
    size = (int) Math.min(BATCH, rowsLeft);
    rowsLeft -= size;
    index = 0;
    for (int i = 0; i < size; i++) {
      if (rows[i] == null) {
        rows[i] = template.clone();
      } else {
        // A rejected row's array, not handed out: reused.
        System.arraycopy(template, 0, rows[i], 0, template.length);
      }
    }
    if (runStarts != null) {
      splitIntoRuns();
    }
    for (FlatColumnReader c : keyColumns) {
      read(c, null);
    }
    boolean[] skip = null;
    if (!rowFilters.isEmpty()) {
      skip = rejected;
      for (int i = 0; i < size; i++) {
        int judged = rowFilters.judge(rows[i]);
        rejected[i] = judged != RowFilters.ACCEPTED;
        if (judged == RowFilters.BY_KEYS) {
          rowsDroppedByKeys++;
        } else if (judged == RowFilters.BY_FILTER) {
          rowsDroppedByFilter++;
        }
      }
    }
    for (FlatColumnReader c : otherColumns) {
      read(c, skip);
    }
  }

  /** The batch's rows as pieces of the runs of selected rows, the runs' position moved past them. */
  private void splitIntoRuns() {
    pieces = 0;
    int filled = 0;
    while (filled < size) {
      int take = Math.min(size - filled, runLengths[run] - readInRun);
      pieceRows[pieces] = runStarts[run] + readInRun;
      pieceStarts[pieces++] = filled;
      filled += take;
      readInRun += take;
      if (readInRun == runLengths[run]) {
        run++;
        readInRun = 0;
      }
    }
    pieceStarts[pieces] = size;
  }

  /** Decodes a column's values of the batch's rows: at once, or piece by piece of the runs. */
  private void read(FlatColumnReader column, boolean[] skip) {
    if (runStarts == null) {
      column.read(rows, size, skip);
      return;
    }
    for (int p = 0; p < pieces; p++) {
      column.seek(pieceRows[p]);
      column.read(rows, pieceStarts[p], pieceStarts[p + 1], skip);
    }
  }

}
