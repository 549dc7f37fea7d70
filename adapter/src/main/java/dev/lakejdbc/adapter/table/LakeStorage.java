package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.LakeOptions;

import dev.lakejdbc.adapter.StorageCalls;
import dev.lakejdbc.adapter.hive.DirectoryListings;
import dev.lakejdbc.adapter.hive.HiveLayoutLister;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import dev.lakejdbc.adapter.stats.ScanLog;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * What every table of one lake connection shares: its file system (null for a local lake, read through
 * java.nio; Hadoop settings null too when none were given), directory listings and footers
 * (both cached, shared with the connections of the same {@code scope}: see {@link DirectoryListings}),
 * the calls that a statement's cancel or timeout can end, interpretation options and the log of its
 * scans. Closing it ends its helper threads; the file system is its owner's to close.
 */
public record LakeStorage(FileSystem fs, Object scope, StorageCalls calls, DirectoryListings listings,
    ParquetFooters footers, LakeOptions options, ScanLog scanLog) implements AutoCloseable {
  /** Storage whose caches only this file system instance shares. */
  public LakeStorage(FileSystem fs, Configuration conf, LakeOptions options) {
    this(fs, fs, conf, options);
  }

  /**
   * Storage whose caches are shared with every connection of an equal {@code scope}: it must name
   * everything that decides what the caller may see (file system, endpoint, credentials, settings).
   */
  public LakeStorage(FileSystem fs, Object scope, Configuration conf, LakeOptions options) {
    this(fs, scope, DirectoryListings.isLocal(fs) ? StorageCalls.DIRECT : StorageCalls.remote(),
        conf, options);
  }

  /** Storage as above whose remote calls go through {@code calls} (closed with it). */
  public LakeStorage(FileSystem fs, Object scope, StorageCalls calls, Configuration conf,
      LakeOptions options) {
    this(fs, scope, calls, new DirectoryListings(fs, scope, calls, options.listingCacheMillis()),
        new ParquetFooters(fs, scope, calls, conf), options, new ScanLog());
  }

  public HiveLayoutLister lister() {
    return new HiveLayoutLister(listings);
  }

  @Override public void close() {
    calls.close();
  }
}
