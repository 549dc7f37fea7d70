package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.StorageCalls;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.DirectoryListings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads Parquet footers and keeps them, so that a file's footer is read once: at discovery for the
 * schema, then reused when the file is scanned, and by later connections. A file rewritten in place
 * (other length or modification time) is read again. Footers are shared only within one scope (see
 * {@link DirectoryListings}): connections with other credentials or endpoints read their own.
 *
 * <p>On a remote file system a footer is read in one ranged request: the last
 * {@value #TAIL_BYTES} bytes of the file (or the whole of a smaller file), which hold the footer and its
 * length unless the footer is larger; parquet-java's own reader makes two (the length, then the footer).
 */
public final class ParquetFooters {
  private record Key(Object scope, String path, long length, long modificationTime) {}

  /** How much of a remote file's end is read at once for its footer. */
  static final int TAIL_BYTES = 64 * 1024;
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private static final int FOOTER_THREADS = 8;

  private final FileSystem fs;
  private final Object scope;
  private final StorageCalls calls;
  private final Configuration conf;
  /** Options for reading footers only: these never decompress, so one instance serves all threads. */
  private final ParquetReadOptions footerOptions;
  /**
   * Shared by all connections of the JVM: a file's footer does not change while its length and
   * modification time do not, and a BI tool opens many connections to one lake.
   */
  private static final Map<Key, ParquetMetadata> CACHE = new ConcurrentHashMap<>();
  /** A bound on the shared cache's footers. */
  private static final int MAX_CACHED = 100_000;
  /**
   * A bound on what the cached footers take ({@link CompactFooters#estimatedBytes}), a tenth of the
   * heap: the driver lives in its host's JVM, and 100,000 footers of 25 columns would take 800 MB.
   * Tests lower it.
   */
  static volatile long cacheBudgetBytes = Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 10);
  private static final AtomicLong CACHED_BYTES = new AtomicLong();
  /** Footers this instance read from storage (not found in the cache). */
  private final AtomicLong footersRead = new AtomicLong();

  /** Footers of {@code fs} that only this file system instance shares, read directly. */
  public ParquetFooters(FileSystem fs, Configuration conf) {
    this(fs, fs, StorageCalls.DIRECT, conf);
  }

  /**
   * Footers of {@code fs}, shared with every ParquetFooters of an equal {@code scope}. A null
   * {@code conf} (a local lake) reads them with parquet-java's plain configuration: no Hadoop
   * Configuration is made.
   */
  public ParquetFooters(FileSystem fs, Object scope, StorageCalls calls, Configuration conf) {
    this.fs = fs;
    this.scope = scope;
    this.calls = calls;
    this.conf = conf;
    this.footerOptions = readOptions().build();
  }

  private ParquetReadOptions.Builder readOptions() {
    return conf == null ? ParquetReadOptions.builder(new PlainParquetConfiguration())
        : HadoopReadOptions.builder(conf);
  }

  /**
   * Read options for one file reader. Never shared between readers: the options hold the codec
   * factory, whose cached decompressors are not safe across threads.
   */
  ParquetReadOptions options() {
    return readOptions().withCodecFactory(new PageDecompressors(conf == null
        ? HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0)
        : HadoopCodecs.newFactory(conf, 0))).build();
  }

  /** {@code file} as Parquet's InputFile, read through the lake's file system. */
  LakeInputFile inputFile(DataFile file) {
    return new LakeInputFile(fs, file, calls);
  }

  /** {@code file} as it is now: see {@link DirectoryListings#asNow}. */
  public DataFile asNow(DataFile file) {
    return DirectoryListings.asNow(fs, file);
  }

  /** What the footers cached in this JVM take, estimated: never more than the cache's budget. */
  static long cachedBytes() {
    return CACHED_BYTES.get();
  }

  /** How many footers this instance has read from storage (cache misses), for tests and benchmarks. */
  public long footersRead() {
    return footersRead.get();
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
          results.add(StorageCalls.await(f));
        }
        return results;
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
      }
    }

    @Override public void close() {
      pool.shutdownNow();
    }
  }

  /**
   * Reads, on several threads, the footers of {@code files} that are not cached yet, counting each in
   * {@code stats}: a scan about to decide its files by their footers (data filters, COUNT(*) from
   * footers) reads those discovery's sample did not, at the pace of the footer threads rather than one
   * round trip after the other. A footer that cannot be read is left for the caller to read again,
   * which then fails naming the file.
   */
  public void prefetch(List<DataFile> files, ScanStatistics stats) {
    List<DataFile> missing = new ArrayList<>();
    for (DataFile f : files) {
      if (!CACHE.containsKey(key(f))) {
        missing.add(f);
      }
    }
    if (missing.size() < 2) {
      return;
    }
    try (Batch batch = batch()) {
      for (DataFile f : missing) {
        batch.pending.add(batch.pool.submit(() -> {
          try {
            return new Result(f, footer(f, stats), null);
          } catch (LakeException e) {
            return new Result(f, null, e);
          }
        }));
      }
      batch.results();
    }
  }

  private Key key(DataFile file) {
    return new Key(scope, file.path().toString(), file.length(), file.status().getModificationTime());
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
    return footer(file, null);
  }

  /**
   * The footer of {@code file}, read now or earlier; a footer read now (not found in the cache) is
   * counted in {@code stats}, if given, as one the scan read.
   */
  public ParquetMetadata footer(DataFile file, ScanStatistics stats) {
    Key key = key(file);
    ParquetMetadata footer = CACHE.get(key);
    if (footer == null) {
      footer = CompactFooters.of(read(file));
      footersRead.incrementAndGet();
      if (stats != null) {
        stats.footerRead();
      }
      long bytes = CompactFooters.estimatedBytes(footer);
      if (CACHE.size() >= MAX_CACHED || CACHED_BYTES.get() + bytes > cacheBudgetBytes) {
        CACHE.clear();
        CACHED_BYTES.set(0);
      }
      if (CACHE.put(key, footer) == null) {
        CACHED_BYTES.addAndGet(bytes);
      }
    }
    return footer;
  }

  private ParquetMetadata read(DataFile file) {
    LakeInputFile input = inputFile(file);
    try (SeekableInputStream in = input.newStream()) {
      if (calls.isRemote()) {
        ParquetMetadata footer = readFromTail(file, in);
        if (footer != null) {
          return footer;
        }
      }
      return ParquetFileReader.readFooter(input, footerOptions, in);
    } catch (LakeException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot read the Parquet footer of", file.path(), e);
    }
  }

  /**
   * The footer from one read of the file's tail (a second one only for a footer larger than the tail),
   * or null where parquet-java's own reader must decide: a file too short to be Parquet, an encrypted
   * footer ({@code PARE}), anything else unexpected — it reports those with its own messages.
   */
  private ParquetMetadata readFromTail(DataFile file, SeekableInputStream in) throws IOException {
    long length = file.length();
    if (length < 12) {
      return null;
    }
    int tail = (int) Math.min(length, TAIL_BYTES);
    byte[] bytes = new byte[tail];
    in.seek(length - tail);
    in.readFully(bytes);
    if (!Arrays.equals(bytes, tail - 4, tail, MAGIC, 0, 4)) {
      return null;
    }
    long footerLength = ByteBuffer.wrap(bytes, tail - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt()
        & 0xFFFFFFFFL;
    long footerStart = length - 8 - footerLength;
    if (footerStart < 4) {
      return null;
    }
    byte[] footer;
    if (footerLength + 8 <= tail) {
      footer = Arrays.copyOfRange(bytes, (int) (tail - 8 - footerLength), tail - 8);
    } else {
      footer = new byte[Math.toIntExact(footerLength)];
      int missing = (int) (footerLength + 8 - tail);
      in.seek(footerStart);
      in.readFully(footer, 0, missing);
      System.arraycopy(bytes, 0, footer, missing, tail - 8);
    }
    return new ParquetMetadataConverter(footerOptions).readParquetMetadata(
        new ByteArrayInputStream(footer), footerOptions.getMetadataFilter());
  }
}
