package dev.lakejdbc.driver.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.adapter.memory.SpillFiles;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs last in the small-heap execution (its class order is by {@link Order}): once every other test
 * of the JVM has run, no spill file is left — neither in the tests' spill directory nor, made since
 * this JVM started, under the spill files' name in {@code java.io.tmpdir}.
 */
@Order(Integer.MAX_VALUE)
class NoSpillFileLeftTest {
  @Test void noSpillFileIsLeftAfterTheSuite() throws IOException {
    SmallHeap.assumeSmallHeap();
    assertEquals(List.of(), SmallHeap.spillFiles(), "in " + SmallHeap.SPILL_DIRECTORY);
    long started = ManagementFactory.getRuntimeMXBean().getStartTime();
    try (Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertEquals(List.of(), tmp.filter(p -> p.getFileName().toString().startsWith(SpillFiles.PREFIX))
          .filter(p -> p.toFile().lastModified() >= started - 1000).toList(), "in java.io.tmpdir");
    }
  }
}
