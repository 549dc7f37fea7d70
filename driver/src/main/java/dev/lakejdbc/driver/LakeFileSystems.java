package dev.lakejdbc.driver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The Hadoop file systems of remote lakes, one per {@link Scope}: connections that agree on the file
 * system (scheme and authority) and on every Hadoop setting they were given — endpoint and credentials
 * included — share one instance, which is closed when the last of them closes. Hadoop's own cache
 * ({@code FileSystem.get}) keys on scheme, authority and the JVM's user alone: it handed every later
 * connection the first one's S3 credentials and endpoint, and nothing ever closed it.
 *
 * <p>The scope also keys the driver's listing and footer caches ({@code LakeStorage}), so two users
 * with different rights to one bucket never see each other's listings.
 */
final class LakeFileSystems {
  /**
   * What identifies a caller of a file system: {@code scheme://authority} and a digest of the Hadoop
   * settings (the settings themselves, secrets among them, are not kept in the key).
   */
  record Scope(String fileSystem, String settingsDigest) {
    @Override public String toString() {
      // The local scope's "digest" is a short name, not a hash.
      return fileSystem + "#" + settingsDigest.substring(0, Math.min(12, settingsDigest.length()));
    }
  }

  private static final class Shared {
    final FileSystem fs;
    int users;

    Shared(FileSystem fs) {
      this.fs = fs;
    }
  }

  private static final Map<Scope, Shared> OPEN = new HashMap<>();

  private LakeFileSystems() {}

  /** The scope of a connection to {@code root} with the Hadoop settings {@code hadoop}. */
  static Scope scope(Path root, Map<String, String> hadoop) {
    String fileSystem = (root.toUri().getScheme() + "://"
        + (root.toUri().getAuthority() == null ? "" : root.toUri().getAuthority()))
        .toLowerCase(Locale.ROOT);
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (Map.Entry<String, String> e : new TreeMap<>(hadoop).entrySet()) {
        digest.update(e.getKey().getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(String.valueOf(e.getValue()).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return new Scope(fileSystem, HexFormat.of().formatHex(digest.digest()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The file system of {@code scope}, opened now ({@code FileSystem.newInstance}, never Hadoop's cache)
   * unless a connection of the same scope has it open; {@link #release} it when done.
   */
  static FileSystem acquire(Scope scope, Path root, Configuration conf) throws IOException {
    synchronized (OPEN) {
      Shared shared = OPEN.get(scope);
      if (shared == null) {
        shared = new Shared(FileSystem.newInstance(root.toUri(), conf));
        OPEN.put(scope, shared);
      }
      shared.users++;
      return shared.fs;
    }
  }

  /** Gives back a file system {@link #acquire}d for {@code scope}; the last user's release closes it. */
  static void release(Scope scope, FileSystem fs) {
    FileSystem toClose = null;
    synchronized (OPEN) {
      Shared shared = OPEN.get(scope);
      if (shared != null && shared.fs == fs && --shared.users == 0) {
        OPEN.remove(scope);
        toClose = fs;
      }
    }
    if (toClose != null) {
      try {
        toClose.close();
      } catch (IOException | RuntimeException e) {
        // Closing releases connections and threads; a failure to do so has no one to report to.
      }
    }
  }

  /** How many file systems are open now, for tests. */
  static int openCount() {
    synchronized (OPEN) {
      return OPEN.size();
    }
  }
}
