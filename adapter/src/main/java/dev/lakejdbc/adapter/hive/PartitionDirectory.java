package dev.lakejdbc.adapter.hive;

import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * A leaf directory of a table and its data files. {@code values} are the unescaped directory values in
 * partition-column order, null for Hive's default partition; {@code name} is the relative path as
 * written, e.g. {@code dt=2026-07-08/branch_id=MUM001} (empty for an unpartitioned table).
 */
public record PartitionDirectory(List<String> values, String name, Path path, List<DataFile> files) {}
