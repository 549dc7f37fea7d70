package dev.lakejdbc.adapter.hive;

import dev.lakejdbc.adapter.LakeException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Directory listings of one lake, kept for a short time: a query listing a directory another query
 * listed a moment ago reuses that listing (Spark caches its file index the same way). {@link #clear}
 * forgets them all, for REFRESH; a validity of zero turns the cache off.
 */
public final class DirectoryListings {
  private record Listing(FileStatus[] children, long listedAt) {}

  private final FileSystem fs;
  private final long validityNanos;
  private final Map<Path, Listing> listings = new ConcurrentHashMap<>();

  public DirectoryListings(FileSystem fs, long validityMillis) {
    this.fs = fs;
    this.validityNanos = validityMillis * 1_000_000L;
  }

  /** The children of {@code dir}, sorted by name; listed now unless listed within the validity. */
  public FileStatus[] list(Path dir) {
    long now = System.nanoTime();
    Listing cached = validityNanos > 0 ? listings.get(dir) : null;
    if (cached != null && now - cached.listedAt() < validityNanos) {
      return cached.children();
    }
    FileStatus[] children = listNow(dir);
    if (validityNanos > 0) {
      listings.put(dir, new Listing(children, now));
    }
    return children;
  }

  private FileStatus[] listNow(Path dir) {
    try {
      FileStatus[] children = fs.listStatus(dir);
      Arrays.sort(children, Comparator.comparing(s -> s.getPath().getName()));
      return children;
    } catch (FileNotFoundException e) {
      throw LakeException.io("Directory vanished or does not exist:", dir, e);
    } catch (IOException e) {
      throw LakeException.io("Cannot list directory", dir, e);
    }
  }

  public void clear() {
    listings.clear();
  }
}
