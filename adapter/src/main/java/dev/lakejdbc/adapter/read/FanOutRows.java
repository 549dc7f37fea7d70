package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.parquet.ParquetFileRows;
import java.util.List;

/**
 * A file's rows, each returned once per template of its task: a partition-wise join whose partition
 * matches several dimension rows yields every fact row with each of them, as a join would. The file is
 * read once; each further copy takes the template's joined values and the row's file columns.
 */
final class FanOutRows implements RowStream {
  private final ParquetFileRows rows;
  private final List<Object[]> templates;
  private final int[] filePositions;
  private Object[] row;
  private Object[] current;
  private int nextTemplate;

  /** @param filePositions the output positions the file's columns fill */
  FanOutRows(ParquetFileRows rows, List<Object[]> templates, int[] filePositions) {
    this.rows = rows;
    this.templates = templates;
    this.filePositions = filePositions;
  }

  @Override public boolean next() {
    if (row != null && nextTemplate < templates.size()) {
      Object[] copy = templates.get(nextTemplate++).clone();
      for (int p : filePositions) {
        copy[p] = row[p];
      }
      current = copy;
      return true;
    }
    if (!rows.next()) {
      row = null;
      return false;
    }
    row = rows.current();
    current = row;
    nextTemplate = 1;
    return true;
  }

  @Override public Object[] current() {
    return current;
  }

  @Override public void close() {
    rows.close();
  }
}
