package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.filter.RowKeyFilter;
import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;

/**
 * The rows of one row group whose requested columns are all flat, decoded a batch at a time and column
 * by column ({@link FlatColumnReader}) instead of record by record through parquet-java's record
 * assembly. With row key filters, the key columns of a batch are decoded first; the other columns are
 * then not decoded for the rows whose key cannot join, and those rows' arrays are reused.
 */
final class FlatRowGroup {
  /** Rows decoded at a time: enough to keep each column's loop hot, few enough to stay in cache. */
  static final int BATCH = 1024;

  private final Object[] template;
  private final RowKeyFilter[] keyFilters;
  private final FlatColumnReader[] keyColumns;
  private final FlatColumnReader[] otherColumns;
  private final Object[][] rows = new Object[BATCH][];
  private final boolean[] rejected = new boolean[BATCH];
  private long rowsLeft;
  private int size;
  private int index;
  private long rowsDroppedByKeys;

  /**
   * @param columns the requested columns, in the order of {@code positions}, {@code fileTypes} and
   *     {@code tableTypes}
   */
  FlatRowGroup(PageReadStore pages, List<ColumnDescriptor> columns, int[] positions,
      ColumnType[] fileTypes, ColumnType[] tableTypes, Object[] template, RowKeyFilter[] keyFilters) {
    this.template = template;
    this.keyFilters = keyFilters;
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
    for (RowKeyFilter f : keyFilters) {
      if (f.position() == position) {
        return true;
      }
    }
    return false;
  }

  /** The next row whose key may join, or null at the end of the row group. */
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
    if (keyFilters.length > 0) {
      skip = rejected;
      for (int i = 0; i < size; i++) {
        rejected[i] = !mayJoin(rows[i]);
        if (rejected[i]) {
          rowsDroppedByKeys++;
        }
      }
    }
    for (FlatColumnReader c : otherColumns) {
      c.read(rows, size, skip);
    }
  }

  private boolean mayJoin(Object[] row) {
    for (RowKeyFilter f : keyFilters) {
      if (!f.mayJoin(row)) {
        return false;
      }
    }
    return true;
  }
}
