package dev.lakejdbc.adapter.hive;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.StorageCalls;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Directory listings, kept for a short time: a query listing a directory that another query — on this
 * connection or another one in the JVM — listed a moment ago reuses that listing (Spark caches its
 * file index the same way). {@link #clear} forgets them all, for REFRESH; a validity of zero turns the
 * cache off for this connection.
 *
 * <p>Listings are shared only within one scope: the driver gives every connection with the same file
 * system, endpoint, credentials and Hadoop settings the same scope, so that two users with different
 * rights to one bucket are never served each other's listings.
 */
public final class DirectoryListings {
  private record Listing(FileStatus[] children, long listedAt) {}

  /** A directory as seen by one scope of connections. */
  private record Key(Object scope, Path dir) {}

  /** Listings of every connection, by scope and fully qualified directory path. */
  private static final Map<Key, Listing> LISTINGS = new ConcurrentHashMap<>();
  /** A bound on the shared cache, against a JVM that walks lake after lake. */
  private static final int MAX_CACHED = 1_000_000;

  private static final long LOCAL_BLOCK_SIZE = 32L * 1024 * 1024;

  /** Directories of remote file systems listed at once, shared by all connections; idle threads end. */
  private static final ExecutorService REMOTE_LISTERS;

  static {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(16, 16, 30, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), r -> {
          Thread t = new Thread(r, "lake-listing");
          t.setDaemon(true);
          return t;
        });
    pool.allowCoreThreadTimeOut(true);
    REMOTE_LISTERS = pool;
  }

  private final FileSystem fs;
  private final Object scope;
  private final StorageCalls calls;
  private final long validityNanos;

  /**
   * True when {@code fs} stands for the local disk: null (a local lake, for which the driver makes no
   * Hadoop file system: initialising Hadoop's FileSystem and Configuration classes cost a new JVM's
   * first connection 0.1-0.2 s) or Hadoop's raw local file system. Local files are listed, checked and
   * read through java.nio either way.
   */
  public static boolean isLocal(FileSystem fs) {
    return fs == null || fs instanceof RawLocalFileSystem;
  }

  /** Listings of {@code fs} (null: the local disk) that only this instance shares, made directly. */
  public DirectoryListings(FileSystem fs, long validityMillis) {
    this(fs, fs, StorageCalls.DIRECT, validityMillis);
  }

  /**
   * Listings of {@code fs} (null: the local disk), shared with every DirectoryListings of an equal {@code scope}; remote calls
   * through {@code calls}, so that a statement's cancel and timeout end a wait on them.
   */
  public DirectoryListings(FileSystem fs, Object scope, StorageCalls calls, long validityMillis) {
    this.fs = fs;
    this.scope = scope;
    this.calls = calls;
    this.validityNanos = validityMillis * 1_000_000L;
  }

  /** The children of {@code dir}, sorted by name; listed now unless listed within the validity. */
  public FileStatus[] list(Path dir) {
    long now = System.nanoTime();
    Key key = new Key(scope, dir);
    Listing cached = validityNanos > 0 ? LISTINGS.get(key) : null;
    if (cached != null && now - cached.listedAt() < validityNanos) {
      return cached.children();
    }
    FileStatus[] children = listNow(dir);
    if (validityNanos > 0) {
      if (LISTINGS.size() >= MAX_CACHED) {
        LISTINGS.clear();
      }
      LISTINGS.put(key, new Listing(children, now));
    }
    return children;
  }

  /**
   * The listings of {@code dirs}, each handed out when asked for. On the local disk a directory is
   * listed then; on any other file system all of them are listed at once, in parallel — each listing is
   * a round trip to the NameNode or the object store, and a table's directories number in thousands.
   */
  public List<Supplier<FileStatus[]>> listEach(List<Path> dirs) {
    if (isLocal(fs) || dirs.size() < 2) {
      return dirs.stream().<Supplier<FileStatus[]>>map(dir -> () -> list(dir)).toList();
    }
    List<Future<FileStatus[]>> listings = new ArrayList<>(dirs.size());
    for (Path dir : dirs) {
      listings.add(REMOTE_LISTERS.submit(() -> list(dir)));
    }
    return listings.stream().<Supplier<FileStatus[]>>map(f -> () -> awaitListing(f)).toList();
  }

  private static FileStatus[] awaitListing(Future<FileStatus[]> listing) {
    try {
      return StorageCalls.await(listing);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }

  private FileStatus[] listNow(Path dir) {
    try {
      FileStatus[] children = isLocal(fs) ? listLocal(dir)
          : calls.call(() -> fs.listStatus(dir));
      Arrays.sort(children, Comparator.comparing(s -> s.getPath().getName()));
      return children;
    } catch (FileNotFoundException | NoSuchFileException e) {
      throw LakeException.io("Directory vanished or does not exist:", dir, e);
    } catch (IOException e) {
      throw LakeException.io("Cannot list directory", dir, e);
    }
  }

  /**
   * A local directory through java.nio: one stat per child, where Hadoop's raw local file system makes
   * three (length, directory, modification time) — listing is most of a cold query on many partitions.
   */
  private static FileStatus[] listLocal(Path dir) throws IOException {
    java.nio.file.Path local = java.nio.file.Path.of(dir.toUri());
    if (!Files.isDirectory(local)) {
      throw new FileNotFoundException(dir + " is not a directory");
    }
    List<FileStatus> children = new ArrayList<>();
    try (DirectoryStream<java.nio.file.Path> entries = Files.newDirectoryStream(local)) {
      for (java.nio.file.Path entry : entries) {
        FileStatus status = localStatus(entry, ChildPaths.of(dir, entry.getFileName().toString()));
        // Null: a dangling symbolic link (or an entry deleted since the directory was read).
        if (status != null) {
          children.add(status);
        }
      }
    }
    return children.toArray(new FileStatus[0]);
  }

  /**
   * A local file's status through java.nio, or null if it does not exist (or is a dangling link). One
   * stat that does not follow links, which also tells whether the entry is a link; a second only for
   * a link, whose status is its target's.
   */
  private static LocalStatus localStatus(java.nio.file.Path local, Path path) throws IOException {
    BasicFileAttributes a;
    boolean link;
    try {
      a = Files.readAttributes(local, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      link = a.isSymbolicLink();
      if (link) {
        a = Files.readAttributes(local, BasicFileAttributes.class);
      }
    } catch (NoSuchFileException e) {
      return null;
    }
    return new LocalStatus(a.size(), a.isDirectory(), a.lastModifiedTime().toMillis(), path, link);
  }

  /**
   * The status of a local entry as {@link #listLocal} found it: its target's, for a symbolic link,
   * and whether it is one, so that the walk need not ask the disk again (a stat per child).
   */
  public static final class LocalStatus extends FileStatus {
    private static final long serialVersionUID = 1L;
    private final boolean symbolicLink;

    LocalStatus(long length, boolean directory, long modificationTime, Path path,
        boolean symbolicLink) {
      super(length, directory, 1, LOCAL_BLOCK_SIZE, modificationTime, path);
      this.symbolicLink = symbolicLink;
    }

    /** True when the entry is a symbolic link (its status is the target's). */
    public boolean isSymbolicLinkOnDisk() {
      return symbolicLink;
    }
  }

  /**
   * {@code file} as it is now, when the lake is local and the file's length or modification time changed
   * since it was listed (a cached listing is stale for a file rewritten in place); else {@code file}.
   * One stat per file opened; on a remote file system that would be a round trip per file, so there the
   * listing is trusted until the cache expires.
   */
  public static DataFile asNow(FileSystem fs, DataFile file) {
    if (!isLocal(fs)) {
      return file;
    }
    try {
      FileStatus now = localStatus(java.nio.file.Path.of(file.path().toUri()), file.path());
      boolean changed = now != null && (now.getLen() != file.length()
          || now.getModificationTime() != file.status().getModificationTime());
      return changed ? new DataFile(now) : file;
    } catch (IOException e) {
      // Opening the file reports what is wrong with it, with its path.
      return file;
    }
  }

  public void clear() {
    LISTINGS.clear();
  }
}
