package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.StorageCalls;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.DirectoryListings;
import java.io.File;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.functional.FutureIO;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet input file read through the lake's own FileSystem instance. (HadoopInputFile looks the file
 * system up again by scheme, which for {@code file:} is Hadoop's checksummed one: it would verify, and
 * fail on, stale {@code .crc} side files.) A local lake's files (its file system null, or Hadoop's raw
 * local one) are read through java.nio, as its directories are listed.
 *
 * <p>A remote file is opened with {@code openFile()} and the status its listing gave, so that S3A
 * makes no HEAD request to learn its length, and with the random-access read policy that suits
 * Parquet: each read is one ranged GET of what is asked for (at least S3A's readahead), where the
 * sequential policy would start a GET to the end of the file and abort it at the next seek.
 */
record LakeInputFile(FileSystem fs, DataFile file, StorageCalls calls) implements InputFile {
  /** Hadoop's standard openFile() options (Hadoop 3.3.5+; older file systems ignore them). */
  static final String READ_POLICY = "fs.option.openfile.read.policy";
  static final String LENGTH = "fs.option.openfile.length";

  @Override public long getLength() {
    return file.length();
  }

  @Override public SeekableInputStream newStream() throws IOException {
    if (DirectoryListings.isLocal(fs)) {
      return LocalFileStream.open(new File(file.path().toUri().getPath()).toPath());
    }
    FSDataInputStream in = calls.call(() -> FutureIO.awaitFuture(fs.openFile(file.path())
        .withFileStatus(file.status())
        .opt(READ_POLICY, "parquet, columnar, random")
        .opt(LENGTH, Long.toString(file.length()))
        .build()));
    return new RemoteFileStream(HadoopStreams.wrap(in), calls);
  }

  @Override public String toString() {
    return file.path().toString();
  }
}
