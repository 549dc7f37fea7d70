package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.hive.DataFile;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet input file read through the lake's own FileSystem instance. (HadoopInputFile looks the file
 * system up again by scheme, which for {@code file:} is Hadoop's checksummed one: it would verify, and
 * fail on, stale {@code .crc} side files that the lake's raw file system ignores.) A local lake's files
 * are read through java.nio, as its directories are listed.
 */
record LakeInputFile(FileSystem fs, DataFile file) implements InputFile {
  @Override public long getLength() {
    return file.length();
  }

  @Override public SeekableInputStream newStream() throws IOException {
    if (fs instanceof RawLocalFileSystem local) {
      return LocalFileStream.open(local.pathToFile(file.path()).toPath());
    }
    return HadoopStreams.wrap(fs.open(file.path()));
  }

  @Override public String toString() {
    return file.path().toString();
  }
}
