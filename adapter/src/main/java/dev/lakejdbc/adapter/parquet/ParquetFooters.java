package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.DirectoryListings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads Parquet footers and keeps them, so that a file's footer is read once: at discovery for the
 * schema, then reused when the file is scanned, and by later connections. A file rewritten in place
 * (other length or modification time) is read again.
 */
public final class ParquetFooters {
  private record Key(String path, long length, long modificationTime) {}

  private static final int FOOTER_THREADS = 8;

  private final FileSystem fs;
  private final Configuration conf;
  /** Options for reading footers only: these never decompress, so one instance serves all threads. */
  private final ParquetReadOptions footerOptions;
  /**
   * Shared by all connections of the JVM: a file's footer does not change while its length and
   * modification time do not, and a BI tool opens many connections to one lake.
   */
  private static final Map<Key, ParquetMetadata> CACHE = new ConcurrentHashMap<>();
  /** A bound on the shared cache (a footer of a few columns is a few kilobytes). */
  private static final int MAX_CACHED = 100_000;

  public ParquetFooters(FileSystem fs, Configuration conf) {
    this.fs = fs;
    this.conf = conf;
    this.footerOptions = HadoopReadOptions.builder(conf).build();
  }

  /**
   * Read options for one file reader. Never shared between readers: the options hold the codec
   * factory, whose cached decompressors are not safe across threads.
   */
  ParquetReadOptions options() {
    return HadoopReadOptions.builder(conf)
        .withCodecFactory(new PageDecompressors(HadoopCodecs.newFactory(conf, 0))).build();
  }

  /** {@code file} as Parquet's InputFile, read through the lake's file system. */
  LakeInputFile inputFile(DataFile file) {
    return new LakeInputFile(fs, file);
  }

  /** {@code file} as it is now: see {@link DirectoryListings#asNow}. */
  public DataFile asNow(DataFile file) {
    return DirectoryListings.asNow(fs, file);
  }

  /** A file's footer, or why it could not be read. */
  public record Result(DataFile file, ParquetMetadata footer, LakeException error) {}

  /** A batch of footers to read in the background: see {@link Batch}. */
  public Batch batch() {
    return new Batch();
  }

  /**
   * Footers read on several threads while the caller goes on (discovery keeps listing directories):
   * reading footers is latency-bound (one open and two reads per file), on a remote file system most of
   * all. Closing the batch abandons what is still unread.
   */
  public final class Batch implements AutoCloseable {
    private final ExecutorService pool = Executors.newFixedThreadPool(FOOTER_THREADS, r -> {
      Thread t = new Thread(r, "lake-footers");
      t.setDaemon(true);
      return t;
    });
    private final List<Future<Result>> pending = new ArrayList<>();

    private Batch() {}

    /** Starts reading the footers of {@code files}. */
    public void submit(List<DataFile> files) {
      for (DataFile file : files) {
        pending.add(pool.submit(() -> tryFooter(file)));
      }
    }

    /** The footers of all files submitted, in the order they were submitted. */
    public List<Result> results() {
      try {
        List<Result> results = new ArrayList<>(pending.size());
        for (Future<Result> f : pending) {
          results.add(f.get());
        }
        return results;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LakeException(LakeException.IO_ERROR, "Interrupted while reading Parquet footers", e);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
      }
    }

    @Override public void close() {
      pool.shutdownNow();
    }
  }

  private Result tryFooter(DataFile file) {
    try {
      return new Result(file, footer(file), null);
    } catch (LakeException e) {
      return new Result(file, null, e);
    }
  }

  /** The footer of {@code file}, read now or earlier. */
  public ParquetMetadata footer(DataFile file) {
    Key key = new Key(file.path().toString(), file.length(), file.status().getModificationTime());
    ParquetMetadata footer = CACHE.get(key);
    if (footer == null) {
      footer = read(file);
      if (CACHE.size() >= MAX_CACHED) {
        CACHE.clear();
      }
      CACHE.put(key, footer);
    }
    return footer;
  }

  private ParquetMetadata read(DataFile file) {
    LakeInputFile input = inputFile(file);
    try (SeekableInputStream in = input.newStream()) {
      return ParquetFileReader.readFooter(input, footerOptions, in);
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot read the Parquet footer of", file.path(), e);
    }
  }
}
