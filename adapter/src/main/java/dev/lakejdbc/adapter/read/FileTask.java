package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import java.util.List;

/**
 * One data file a scan reads: its partition, the rows every record starts from (the partition values
 * in place; more than one when a partition-wise join gives the partition several dimension rows, and
 * then each record is returned once per template), and the error, if any, that evaluating the
 * partition filter on this partition raised. {@code fresh} says that {@code file} was already checked
 * against the file system ({@code ParquetFooters.asNow}), so that its reader need not look again.
 */
record FileTask(PartitionDirectory partition, DataFile file, List<Object[]> templates,
    RuntimeException doubt, boolean fresh) {
  FileTask(PartitionDirectory partition, DataFile file, List<Object[]> templates, RuntimeException doubt) {
    this(partition, file, templates, doubt, false);
  }

  /** This task with {@code now}, the file as the file system has it now. */
  FileTask withFreshFile(DataFile now) {
    return new FileTask(partition, now, templates, doubt, true);
  }

  /** The first template: the only one unless a partition-wise join fans the rows out. */
  Object[] template() {
    return templates.get(0);
  }
}
