package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.table.FileReconciliation;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import dev.lakejdbc.adapter.parquet.ParquetFileRows;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import dev.lakejdbc.adapter.parquet.ReadFilter;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Opens a scan's file tasks, counting what is opened, and reads their rows; safe across threads. */
final class FileTaskReader {
  private final ParquetFooters footers;
  private final List<ParquetFileRows.Request> requests;
  private final ScanStatistics stats;
  private final String filterText;
  private final int[] filePositions;
  private final ReadFilter readFilter;
  private final Set<PartitionDirectory> partitionsOpened = ConcurrentHashMap.newKeySet();
  /** Each file's footer against the table's schema; null to trust every file (unit tests). */
  private final FileReconciliation reconciliation;

  FileTaskReader(ParquetFooters footers, List<ParquetFileRows.Request> requests, ScanStatistics stats,
      String filterText) {
    this(footers, requests, stats, filterText, ReadFilter.NONE, null);
  }

  FileTaskReader(ParquetFooters footers, List<ParquetFileRows.Request> requests, ScanStatistics stats,
      String filterText, ReadFilter readFilter, FileReconciliation reconciliation) {
    this.reconciliation = reconciliation;
    this.readFilter = readFilter;
    this.footers = footers;
    this.requests = requests;
    this.stats = stats;
    this.filterText = filterText;
    this.filePositions = requests.stream().mapToInt(ParquetFileRows.Request::position).toArray();
  }

  /**
   * The rows of a task's file. A file whose footer rules out all its row groups for the data filters
   * is not opened, and counts as neither a file nor a partition read.
   */
  RowStream open(FileTask task) {
    ParquetFileRows rows;
    try {
      DataFile file = task.fresh() ? task.file() : footers.asNow(task.file());
      reconcile(file, requests);
      rows = new ParquetFileRows(footers, file, requests, task.template(), stats::bytesRead, readFilter);
    } catch (RuntimeException e) {
      counted(task);
      throw e;
    }
    if (rows.opened()) {
      counted(task);
    }
    if (task.templates().size() > 1) {
      return new FanOutRows(rows, task.templates(), filePositions);
    }
    return new RowStream() {
      @Override public boolean next() {
        return rows.next();
      }

      @Override public Object[] current() {
        return rows.current();
      }

      @Override public void close() {
        rows.close();
      }
    };
  }

  private void counted(FileTask task) {
    if (partitionsOpened.add(task.partition())) {
      stats.partitionOpened();
    }
    stats.fileOpened();
  }

  /**
   * Reads (or finds cached) the footer of {@code file}, counting a read in the scan's statistics, and
   * reconciles it with the table's schema for {@code columns}: see {@link FileReconciliation}.
   */
  void reconcile(DataFile file, List<ParquetFileRows.Request> columns) {
    ParquetMetadata footer = footers.footer(file, stats);
    if (reconciliation != null) {
      reconciliation.check(file, footer, columns, stats);
    }
  }

  /** The file's row count, from its footer; the file counts as read, though no page is. */
  long rowCount(FileTask task) {
    if (partitionsOpened.add(task.partition())) {
      stats.partitionOpened();
    }
    stats.fileOpened();
    DataFile file = footers.asNow(task.file());
    reconcile(file, List.of());
    return footers.footer(file).getBlocks().stream()
        .mapToLong(org.apache.parquet.hadoop.metadata.BlockMetaData::getRowCount).sum();
  }

  /**
   * Called for a row of {@code task}: a partition kept only because its filter could not be evaluated
   * raises that error now that it yields a row, as the unpruned filter would have.
   */
  void checkRow(FileTask task) {
    if (task.doubt() != null) {
      throw new IllegalStateException("Cannot evaluate the partition filter [" + filterText + "] on "
          + task.partition().path() + ": " + task.doubt().getMessage(), task.doubt());
    }
  }
}
