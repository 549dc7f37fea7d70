package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.LakeFixture;
import dev.lakejdbc.testing.DuckDb;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A local lake is listed and read through java.nio, so the first connection and query of a new JVM
 * never initialise Hadoop's {@code FileSystem} or {@code Configuration}: their static initialisers
 * (Hadoop's deprecated keys, its default settings parsed from XML) cost that first query 0.1-0.2 s.
 * The JVM's own class-initialisation log tells, in a JVM that ran nothing else.
 */
class LocalLakeClassesTest {
  private static final String QUERY =
      "SELECT count(*) FROM fact_orders WHERE dt BETWEEN DATE '2026-07-01' AND DATE '2026-07-03'";

  @Test void aLocalLakeIsQueriedWithoutHadoopsFileSystemOrConfiguration() throws Exception {
    Path lake = LakeFixture.lake();
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xlog:class+init=info", "-cp", classPath, StreamingScan.class.getName(), lake.toString(), QUERY);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the query finishes");
    assertEquals(0, process.exitValue(), output);

    Matcher count = Pattern.compile("count=(\\d+)").matcher(output);
    assertTrue(count.find(), output);
    try (DuckDb duck = new DuckDb()) {
      duck.viewOfTable(lake, "fact_orders");
      assertEquals(duck.query(QUERY).get(0).get(0), count.group(1));
    }
    // The log is on: it shows the driver's own classes being initialised.
    assertTrue(output.contains("Initializing 'dev/lakejdbc/driver/LakeDriver'"), "class+init log");
    assertFalse(output.contains("Initializing 'org/apache/hadoop/fs/FileSystem'"),
        "Hadoop's FileSystem initialised for a local lake");
    assertFalse(output.contains("Initializing 'org/apache/hadoop/conf/Configuration'"),
        "Hadoop's Configuration initialised for a local lake");
  }
}
