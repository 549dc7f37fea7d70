package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.ParquetFiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that stops reading early (LIMIT, or closing after one row of a many-file scan) leaves no
 * Parquet file open; and a scan of far more rows than the heap holds streams through a small heap.
 */
class ResourcesTest {
  /** Early-closed queries; 10,000 in the long run. */
  static final int QUERIES = LongRun.on() ? 10_000 : 2_000;

  static Path lake;

  @BeforeAll static void lake() {
    lake = BigLake.root();
  }

  /**
   * A connection the application lets go of — closed, or abandoned with a result set open — is
   * garbage: nothing static (a plan cache, the memory log) keeps it, its lake's caches or an
   * execution's DataContext.
   */
  @Test void aConnectionLetGoOfIsGarbage() throws Exception {
    List<java.lang.ref.WeakReference<Object>> connections = new ArrayList<>();
    for (boolean close : new boolean[] {true, false}) {
      Connection c = DriverManager.getConnection("jdbc:lake:" + lake);
      Statement s = c.createStatement();
      ResultSet rs = s.executeQuery("SELECT id, s FROM big WHERE p = 1 ORDER BY s");
      assertTrue(rs.next());
      connections.add(new java.lang.ref.WeakReference<>(
          c.unwrap(org.apache.calcite.jdbc.CalciteConnection.class)));
      if (close) {
        c.close();
      }
    }
    for (int i = 0; i < 50 && connections.stream().anyMatch(r -> r.get() != null); i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertEquals(List.of(false, false), connections.stream().map(r -> r.get() != null).toList(),
        "still reachable (closed, abandoned)");
  }

  @Test void resultSetsClosedEarlyCloseTheirFiles(@TempDir Path dir) throws Exception {
    // The big lake's shape with 200 files of 2,000 rows: many files per scan, quick to plan.
    int files = 200;
    Path small = BigLake.write(dir.resolve("lake"), files, 2_000);
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + small);
        Statement s = c.createStatement();
        PreparedStatement many = c.prepareStatement("SELECT id, x, s FROM big WHERE p BETWEEN ? AND ?");
        PreparedStatement one = c.prepareStatement("SELECT s FROM big WHERE p = ? AND x >= 0")) {
      // Warm up: discovery, the plans, the reader threads.
      readFirstRows(s.executeQuery("SELECT id FROM big LIMIT 1"), 1);
      int before = OpenFiles.count();
      for (int q = 0; q < QUERIES; q++) {
        int p = (q * 37) % (files - 100);
        switch (q % 5) {
          case 0:
            // Many files, on several reader threads: closed after one row.
            many.setInt(1, p);
            many.setInt(2, p + 99);
            readFirstRows(many.executeQuery(), 1);
            break;
          case 1:
            // One file, read on the calling thread: closed after a few rows.
            one.setInt(1, p);
            readFirstRows(one.executeQuery(), 3);
            break;
          case 2:
            readFirstRows(s.executeQuery("SELECT id, s FROM big WHERE p >= " + p + " LIMIT 2"), 2);
            break;
          case 3:
            // A pruned scan with a filter above it, abandoned after one row.
            readFirstRows(s.executeQuery("SELECT id FROM big WHERE p IN (" + p + ", " + (p + 1) + ", "
                + (p + 2) + ") AND x > 1"), 1);
            break;
          default:
            // Not even the result set is closed: the statement's next execution closes it.
            ResultSet rs = s.executeQuery("SELECT x FROM big WHERE p < " + (p + 50));
            rs.next();
            break;
        }
        if (q % 500 == 499) {
          OpenFiles.awaitAtMost(before + OpenFiles.SLACK, "after " + (q + 1) + " queries");
        }
      }
      OpenFiles.awaitAtMost(before + OpenFiles.SLACK, "after " + QUERIES + " queries");
      System.out.printf(Locale.ROOT, "resources: %d queries closed early, open file descriptors %d before, "
          + "%d after%n", QUERIES, before, OpenFiles.count());
    }
  }

  private static void readFirstRows(ResultSet rs, int rows) throws Exception {
    try (rs) {
      for (int i = 0; i < rows; i++) {
        assertTrue(rs.next());
        rs.getObject(1);
      }
    }
  }

  /**
   * Counts the rows of 10 million (2,000 files) whose string column matches, decoding that column: some
   * 0.7 GB of strings pass through a JVM of 128 MB.
   */
  @Test void aScanLargerThanTheHeapStreams() throws Exception {
    String pattern = "%qq%";
    List<GenericRecord> template = ParquetFiles.read(lake.resolve("big/p=0/part-00000.parquet"));
    long perFile = template.stream().filter(r -> r.get("s").toString().contains("qq")).count();
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-cp", classPath, StreamingScan.class.getName(), lake.toString(),
        "SELECT count(*) FROM big WHERE s LIKE '" + pattern + "'"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.PIPE).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the scan finishes");
    assertEquals(0, process.exitValue(), output);
    Matcher m = Pattern.compile("count=(\\d+) maxHeap=(\\d+) peakHeap=(\\d+) allocated=(\\d+)").matcher(output);
    assertTrue(m.find(), output);
    assertEquals(perFile * BigLake.FILES, Long.parseLong(m.group(1)), output);
    long maxHeap = Long.parseLong(m.group(2));
    long allocated = Long.parseLong(m.group(4));
    assertTrue(maxHeap <= 128L << 20, "heap of at most 128 MB: " + maxHeap);
    // The strings alone, decoded, are several times the heap.
    assertTrue(allocated > 4 * maxHeap, "allocated " + allocated + " through a heap of " + maxHeap);
    System.out.printf(Locale.ROOT, "resources: %,d rows scanned in a %d MB heap (peak %d MB), %d MB allocated%n",
        BigLake.ROWS, maxHeap >> 20, Long.parseLong(m.group(3)) >> 20, allocated >> 20);
  }
}
