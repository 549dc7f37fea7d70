package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;

/**
 * The rows of one row group whose requested columns are all flat, decoded a batch at a time and column
 * by column ({@link FlatColumnReader}) instead of record by record through parquet-java's record
 * assembly. With row filters, the columns they read are decoded first; the other columns are then not
 * decoded for the rows a filter drops, and those rows' arrays are reused.
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
   * @param columns the requested columns, in the order of {@code positions}, {@code fileTypes} and
   *     {@code tableTypes}
   */
  FlatRowGroup(PageReadStore pages, List<ColumnDescriptor> columns, int[] positions,
      ColumnType[] fileTypes, ColumnType[] tableTypes, Object[] template, RowFilters rowFilters) {
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
    for (FlatColumnReader c : keyColumns) {
      c.read(rows, size, null);
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
      c.read(rows, size, skip);
    }
  }

}
