package dev.lakejdbc.adapter.hive;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/** A data file found by listing: its status is kept so that opening it needs no second stat call. */
public record DataFile(FileStatus status) {
  public Path path() {
    return status.getPath();
  }

  public long length() {
    return status.getLen();
  }
}
