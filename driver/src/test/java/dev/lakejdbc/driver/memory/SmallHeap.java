package dev.lakejdbc.driver.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The spill directory of the small-heap tests ({@code lake.memory.spillDirectory}, under
 * {@code target/}), where every test's spill files go, and what is in it.
 */
final class SmallHeap {
  static final Path SPILL_DIRECTORY = Path.of(System.getProperty("lake.memory.spillDirectory",
      System.getProperty("java.io.tmpdir") + "/lake-jdbc-memory-tests-spill"));
  /** The URL properties that put spill files there. */
  static final String SPILL = ";spillDirectory=" + SPILL_DIRECTORY;

  private SmallHeap() {}

  /**
   * Skips the calling test class unless it runs in the small-heap execution: a test selected with
   * {@code -Dtest} also runs in the default execution, whose 2 GB heap would hold what must spill here.
   */
  static void assumeSmallHeap() {
    Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() <= 300L << 20,
        "runs in the small-heap execution only (max heap " + Runtime.getRuntime().maxMemory() + ")");
  }

  /** The spill directories (of running or leaked operators) there now. */
  static List<Path> spillFiles() {
    if (!Files.isDirectory(SPILL_DIRECTORY)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(SPILL_DIRECTORY)) {
      return files.toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
