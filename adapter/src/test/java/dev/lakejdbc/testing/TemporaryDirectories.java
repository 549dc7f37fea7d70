package dev.lakejdbc.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Temporary directories that a test JVM shares between test classes (generated lakes) and deletes
 * when it exits, so that a test run leaves nothing in {@code java.io.tmpdir}.
 */
public final class TemporaryDirectories {
  private TemporaryDirectories() {}

  /** A new directory named {@code prefix...} under java.io.tmpdir, deleted with all it holds at exit. */
  public static Path deletedAtExit(String prefix) {
    try {
      Path dir = Files.createTempDirectory(prefix);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir), "delete " + dir));
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // Best effort at exit: nothing else can be done.
    }
  }
}
