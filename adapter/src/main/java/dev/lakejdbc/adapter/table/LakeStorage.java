package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.LakeOptions;

import dev.lakejdbc.adapter.hive.DirectoryListings;
import dev.lakejdbc.adapter.hive.HiveLayoutLister;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import dev.lakejdbc.adapter.stats.ScanLog;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * What every table of one lake connection shares: its file system, directory listings and footers
 * (both cached), interpretation options and the log of its scans.
 */
public record LakeStorage(FileSystem fs, DirectoryListings listings, ParquetFooters footers,
    LakeOptions options, ScanLog scanLog) {
  public LakeStorage(FileSystem fs, Configuration conf, LakeOptions options) {
    this(fs, new DirectoryListings(fs, options.listingCacheMillis()), new ParquetFooters(fs, conf),
        options, new ScanLog());
  }

  public HiveLayoutLister lister() {
    return new HiveLayoutLister(listings);
  }
}
