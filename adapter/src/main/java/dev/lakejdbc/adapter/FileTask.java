package dev.lakejdbc.adapter;

import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.PartitionDirectory;

/**
 * One data file a scan reads: its partition, the row every record starts from (the partition values in
 * place), and the error, if any, that evaluating the partition filter on this partition raised.
 */
record FileTask(PartitionDirectory partition, DataFile file, Object[] template, RuntimeException doubt) {}
