package dev.lakejdbc.adapter.hive;

import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.fs.Path;

/**
 * The path of an entry a listing found in a directory: equal to Hadoop's {@code new Path(dir, name)},
 * built with one URI instead of its five. Hadoop's constructor parses the name as a path of its own
 * (a URI), rebuilds the parent's URI with a slash, resolves one against the other, and then builds and
 * normalizes the result, matching a regular expression compiled anew on every call: in a new JVM
 * that was 170 ms of listing the 7,665 directories of a 7,300-file table, a sixth of the first query.
 */
public final class ChildPaths {
  private ChildPaths() {}

  /**
   * {@code dir}'s child {@code name}: a single path segment as a listing gives it (no '/', not "." or
   * ".."), whatever characters it holds otherwise.
   */
  public static Path of(Path dir, String name) {
    URI parent = dir.toUri();
    String parentPath = parent.getPath();
    String path = parentPath.isEmpty() || parentPath.endsWith("/") ? parentPath + name
        : parentPath + "/" + name;
    try {
      return new Path(new URI(parent.getScheme(), parent.getAuthority(), path, null, null));
    } catch (URISyntaxException e) {
      // Only what Hadoop's constructor also refuses (a relative child of a path with a scheme).
      return new Path(dir, name);
    }
  }
}
