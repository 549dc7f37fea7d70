package dev.lakejdbc.adapter;

import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.parquet.ParquetFileRows;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.runtime.FlatLists;

/**
 * Streams the rows of a table scan, file after file: lists the table when first asked for a row, then
 * opens one file at a time and closes it before opening the next. Rows hold the scan's fields in order,
 * shaped as Calcite's enumerable code expects them: a bare value for one field, an empty list for none.
 */
final class TableRows implements Enumerator<Object> {
  private record FileTask(DataFile file, Object[] template) {}

  private final LakeTable table;
  private final int[] fields;
  private Iterator<FileTask> tasks;
  private List<ParquetFileRows.Request> requests;
  private ParquetFileRows rows;
  private Object current;

  TableRows(LakeTable table, int[] fields) {
    this.table = table;
    this.fields = fields;
  }

  @Override public Object current() {
    return current;
  }

  @Override public boolean moveNext() {
    if (tasks == null) {
      tasks = plan();
    }
    while (true) {
      if (rows != null && rows.next()) {
        current = shape(rows.current());
        return true;
      }
      closeFile();
      if (!tasks.hasNext()) {
        return false;
      }
      FileTask task = tasks.next();
      rows = new ParquetFileRows(table.storage().footers(), task.file(), requests, task.template());
    }
  }

  private Iterator<FileTask> plan() {
    TableSchema schema = table.schema();
    List<LakeColumn> columns = schema.columns();
    List<LakeColumn> partitionColumns = schema.partitionColumns();
    requests = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      LakeColumn c = columns.get(fields[i]);
      if (!c.isPartition()) {
        requests.add(new ParquetFileRows.Request(c.name(), i, c.type()));
      }
    }
    HiveLayout layout = table.listLayout();
    List<FileTask> tasks = new ArrayList<>();
    for (PartitionDirectory partition : layout.partitions()) {
      Object[] values = PartitionValues.of(partitionColumns, partition);
      Object[] template = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        LakeColumn c = columns.get(fields[i]);
        if (c.isPartition()) {
          template[i] = values[c.partitionIndex()];
        }
      }
      for (DataFile file : partition.files()) {
        tasks.add(new FileTask(file, template));
      }
    }
    return tasks.iterator();
  }

  private Object shape(Object[] row) {
    switch (fields.length) {
      case 0: return FlatLists.COMPARABLE_EMPTY_LIST;
      case 1: return row[0];
      default: return row;
    }
  }

  private void closeFile() {
    if (rows != null) {
      ParquetFileRows r = rows;
      rows = null;
      r.close();
    }
  }

  @Override public void reset() {
    throw new UnsupportedOperationException("a lake scan cannot be reset; open a new one");
  }

  @Override public void close() {
    closeFile();
  }
}
