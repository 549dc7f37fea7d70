package dev.lakejdbc.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS inside the test JVM — one NameNode and one DataNode on 127.0.0.1 and ephemeral ports,
 * storing their data under a local directory — and copies of locally generated lakes in it.
 */
public final class MiniHdfs implements LakeStore, AutoCloseable {
  private static final int UPLOAD_THREADS = 8;

  private final MiniDFSCluster cluster;
  private final FileSystem fs;
  private final String uri;
  private final Map<Path, String> copies = new ConcurrentHashMap<>();
  private final AtomicInteger nextCopy = new AtomicInteger();

  public MiniHdfs(Path baseDir) throws IOException {
    Configuration conf = new Configuration();
    conf.set("hadoop.tmp.dir", baseDir.resolve("tmp").toString());
    // Closing a file waits for the DataNode to report its block; the client first retries after
    // 400 ms, which made copying a lake of a few hundred small files take minutes.
    conf.set("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "5");
    // The delay doubles per retry; 5 retries (155 ms in all) were too few on a loaded machine ("last
    // block does not have enough number of replicas"). 12 wait up to 20 s before giving up.
    conf.set("dfs.client.block.write.locateFollowingBlock.retries", "12");
    // No REST gateway: nothing here uses it.
    conf.setBoolean("dfs.webhdfs.enabled", false);
    cluster = new MiniDFSCluster.Builder(conf, baseDir.resolve("dfs").toFile())
        .numDataNodes(1)
        .storagesPerDatanode(1)
        .build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
    // MiniDFSCluster's own URI says localhost; the driver is given the address it listens on.
    uri = "hdfs://127.0.0.1:" + cluster.getNameNodePort();
  }

  /** {@code hdfs://127.0.0.1:<port>}, the file system's root. */
  public String uri() {
    return uri;
  }

  /** A client of this HDFS, for tests that look at it directly. */
  public FileSystem fileSystem() {
    return fs;
  }

  /**
   * The location of a copy of the local directory {@code lake} in HDFS, made on the first call for
   * that directory: every file and directory byte for byte, hidden and ignored ones included, under a
   * directory of its own name ({@code hdfs://127.0.0.1:<port>/copy-<n>/<name>}).
   */
  @Override public String location(Path lake) {
    return copies.computeIfAbsent(lake.toAbsolutePath().normalize(), local -> {
      String target = "/copy-" + nextCopy.incrementAndGet() + "/" + local.getFileName();
      upload(local, new org.apache.hadoop.fs.Path(target));
      return uri + target;
    });
  }

  private void upload(Path local, org.apache.hadoop.fs.Path target) {
    ExecutorService pool = Executors.newFixedThreadPool(UPLOAD_THREADS);
    try (Stream<Path> walk = Files.walk(local)) {
      List<Future<?>> writes = new ArrayList<>();
      // Files.walk lists a directory before its contents: every parent exists before its files.
      for (Path p : (Iterable<Path>) walk::iterator) {
        org.apache.hadoop.fs.Path dst = p.equals(local) ? target
            : new org.apache.hadoop.fs.Path(target, local.relativize(p).toString());
        if (Files.isDirectory(p)) {
          fs.mkdirs(dst);
        } else {
          writes.add(pool.submit(() -> {
            try (OutputStream out = fs.create(dst, false)) {
              Files.copy(p, out);
            }
            return null;
          }));
        }
      }
      for (Future<?> w : writes) {
        w.get();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException | ExecutionException e) {
      throw new IllegalStateException("Cannot copy " + local + " to " + target, e);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Every file and directory under {@code location}: its path, length and modification time — to show
   * that reading a lake changed nothing in it.
   */
  public List<String> tree(String location) throws IOException {
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(location);
    List<String> lines = new ArrayList<>();
    FileStatus top = fs.getFileStatus(root);
    lines.add(describe(top));
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
    while (files.hasNext()) {
      lines.add(describe(files.next()));
    }
    addDirectories(root, lines);
    lines.sort(null);
    return lines;
  }

  private void addDirectories(org.apache.hadoop.fs.Path dir, List<String> lines) throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      if (s.isDirectory()) {
        lines.add(describe(s));
        addDirectories(s.getPath(), lines);
      }
    }
  }

  private static String describe(FileStatus s) {
    return s.getPath().toUri().getPath() + (s.isDirectory() ? " d " : " f ") + s.getLen() + " "
        + s.getModificationTime();
  }

  /** The locations of the copies made so far. */
  public List<String> copies() {
    return List.copyOf(copies.values());
  }

  @Override public void close() {
    cluster.shutdown();
  }
}
