package dev.lakejdbc.driver.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** This JVM's open file descriptors, from /proc/self/fd (Linux). */
final class OpenFiles {
  /** Descriptors other threads of the JVM may open or close meanwhile (class loading, logging). */
  static final int SLACK = 8;

  private OpenFiles() {}

  static int count() {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return (int) fds.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Waits up to two seconds for the count to fall to {@code max} (readers on other threads close their
   * files when they next look), and fails naming what leaked if it does not.
   */
  static void awaitAtMost(int max, String when) throws InterruptedException {
    long deadline = System.nanoTime() + 2_000_000_000L;
    int now = count();
    while (now > max && System.nanoTime() < deadline) {
      Thread.sleep(20);
      now = count();
    }
    if (now > max) {
      throw new AssertionError(when + ": " + now + " open file descriptors, at most " + max
          + " expected; open .parquet files: " + openParquetFiles());
    }
  }

  static java.util.List<String> openParquetFiles() {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.map(fd -> {
        try {
          return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
          return "";
        }
      }).filter(target -> target.endsWith(".parquet")).limit(20).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
