package dev.lakejdbc.adapter;

import dev.lakejdbc.adapter.hive.HiveLayoutLister;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** What every table of one lake shares: its file system, footer cache and interpretation options. */
public record LakeStorage(FileSystem fs, ParquetFooters footers, LakeOptions options) {
  public LakeStorage(FileSystem fs, Configuration conf, LakeOptions options) {
    this(fs, new ParquetFooters(fs, conf), options);
  }

  public HiveLayoutLister lister() {
    return new HiveLayoutLister(fs);
  }
}
