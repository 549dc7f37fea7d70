package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory benchmark end to end on 20,000 rows, one run: checks that the answers agree, never times. */
class MemoryBenchmarkSmokeTest {
  @TempDir Path dir;

  @Test void answersAgreeWithDuckDb() throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    MemoryBenchmark.Options options = MemoryBenchmark.Options.parse(new String[] {
        "--lake", dir.resolve("lake").toString(), "--rows", "20000", "--runs", "1",
        "--doc", dir.resolve("MEMORY.md").toString()});
    boolean agreed = MemoryBenchmark.run(options, new PrintStream(log, true, StandardCharsets.UTF_8));
    String out = log.toString(StandardCharsets.UTF_8);
    System.out.print(out);
    assertTrue(agreed, out);
    assertTrue(out.contains("| self-join on k, GROUP BY s |") && out.contains("| equal |"), out);
  }
}
