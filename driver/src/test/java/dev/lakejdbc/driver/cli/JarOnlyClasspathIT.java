package dev.lakejdbc.driver.cli;

import dev.lakejdbc.testdata.BankLake;
import dev.lakejdbc.testing.DuckDb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain JDBC client with nothing but the shaded jar on its class path: proves the jar is
 * self-contained and that DriverManager finds the driver through the jar's service file alone.
 */
class JarOnlyClasspathIT {
  /** Only java.sql: no driver class named, no Class.forName. Run by the JDK's source launcher. */
  private static final String PROBE = """
      import java.sql.*;

      public class Probe {
        public static void main(String[] args) throws SQLException {
          try (Connection connection = DriverManager.getConnection("jdbc:lake:" + args[0]);
              Statement statement = connection.createStatement();
              ResultSet rs = statement.executeQuery(
                  "SELECT branch_id, count(*), sum(amount) FROM transactions GROUP BY branch_id")) {
            int rows = 0;
            while (rs.next()) {
              rows++;
            }
            System.out.println("rows=" + rows);
            System.out.println("driver=" + connection.getMetaData().getDriverName());
          }
        }
      }
      """;

  /**
   * The packages the jar may carry at their own names: the driver and the API it exposes (Calcite,
   * Avatica), Hadoop (FileSystem plugins extend it; its own dependencies are under
   * org.apache.hadoop.shaded), libraries whose native code names their classes, and the shell. Every
   * other library must be under dev/lakejdbc/shaded/, where it cannot meet the host's copy.
   */
  private static final List<String> UNRELOCATED = List.of("dev/lakejdbc/", "org/apache/calcite/",
      "org/apache/hadoop/", "org/xerial/snappy/", "com/github/luben/zstd/", "com/sun/jna/",
      "org/fusesource/jansi/", "sqlline/", "org/jline/", "META-INF/");

  @TempDir Path lake;
  @TempDir Path work;

  @Test void everyOtherBundledLibraryIsRelocated() throws IOException {
    TreeSet<String> strays = new TreeSet<>();
    boolean slf4jBinding;
    try (JarFile jar = new JarFile(JarProcess.jar().toFile())) {
      jar.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class"))
          .filter(n -> UNRELOCATED.stream().noneMatch(n::startsWith))
          .forEach(n -> strays.add(n.substring(0, n.lastIndexOf('/') + 1)));
      // No SLF4J binding the host's SLF4J could find: neither 1.7's StaticLoggerBinder nor a 2.x provider.
      slf4jBinding = jar.getEntry("org/slf4j/impl/StaticLoggerBinder.class") != null
          || jar.getEntry("META-INF/services/org.slf4j.spi.SLF4JServiceProvider") != null;
      String drivers = new String(jar.getInputStream(jar.getEntry("META-INF/services/java.sql.Driver"))
          .readAllBytes(), StandardCharsets.UTF_8);
      // What the jar offers: jdbc:lake: and Avatica's remote client; not Calcite's jdbc:calcite:.
      assertEquals(List.of("dev.lakejdbc.driver.LakeDriver", "org.apache.calcite.avatica.remote.Driver"),
          drivers.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).sorted().toList());
    }
    // java -jar on JDK 24+ would warn at every start that JLine's JNA loads a native library.
    try (JarFile jar = new JarFile(JarProcess.jar().toFile())) {
      assertEquals("ALL-UNNAMED", jar.getManifest().getMainAttributes().getValue("Enable-Native-Access"));
    }
    assertEquals(new TreeSet<>(), strays, "packages neither relocated nor allowed");
    assertEquals(false, slf4jBinding, "an SLF4J binding at its own name");
  }

  @Test void driverManagerFindsTheDriverInTheJarAlone() throws IOException {
    BankLake.Options bank = BankLake.Options.defaults();
    BankLake.write(lake, bank);
    Path probe = Files.writeString(work.resolve("Probe.java"), PROBE);

    String jarOnly = JarProcess.jar().toString();
    JarProcess.runJava(work, List.of("-cp", jarOnly, probe.toString(), lake.toString()))
        .assertExitCode(0)
        .assertStdoutContains("rows=" + bank.branches() + System.lineSeparator(),
            "driver=lake-jdbc" + System.lineSeparator());
  }

  /**
   * The classes a new JVM's first query loads from the jar are stored in it uncompressed (inflating
   * them was 7-9% of that query's time), all but a few packages outside the build's list: the probe's
   * first query, with the JVM logging where each class came from.
   */
  @Test void theClassesAFirstQueryLoadsAreStoredUncompressed() throws IOException {
    BankLake.write(lake, BankLake.Options.defaults());
    Path probe = Files.writeString(work.resolve("Probe.java"), PROBE);
    Path log = work.resolve("classes.log");
    String jarPath = JarProcess.jar().toString();
    JarProcess.runJava(work, List.of("-Xlog:class+load=info:file=" + log, "-cp", jarPath,
        probe.toString(), lake.toString())).assertExitCode(0);
    int stored = 0;
    TreeSet<String> compressed = new TreeSet<>();
    String jarName = JarProcess.jar().getFileName().toString();
    try (JarFile jar = new JarFile(JarProcess.jar().toFile())) {
      for (String line : Files.readAllLines(log)) {
        int source = line.indexOf(" source: ");
        if (source < 0 || !line.endsWith("/" + jarName)) {
          continue;
        }
        String name = line.substring(line.indexOf("] ") + 2, source);
        // Janino's classes (generated code) name the jar as their source too, without an entry in it.
        ZipEntry entry = jar.getEntry(name.replace('.', '/') + ".class");
        if (entry == null) {
          continue;
        }
        if (entry.getMethod() == ZipEntry.STORED) {
          stored++;
        } else {
          compressed.add(name);
        }
      }
    }
    // About 5,000 classes stored; some 230 compressed (Hadoop's XML parser, SLF4J, commons-math ...).
    assertTrue(stored > 3_000, "classes loaded from the jar and stored: " + stored);
    assertTrue(compressed.size() < stored / 10, "classes loaded compressed (" + compressed.size()
        + "): " + compressed);
  }

  /**
   * A host program that configures no logging hears nothing from the jar's libraries at
   * java.util.logging's default level (INFO, on the console): here a data filter over files DuckDB
   * wrote without page indexes, where parquet-java's column index filter would log per file and column.
   */
  @Test void aPlainProgramsConsoleStaysQuiet() throws Exception {
    try (DuckDb duck = new DuckDb()) {
      Files.createDirectories(lake.resolve("t"));
      duck.execute("COPY (SELECT i, i % 7 AS x, 'v' || i AS s FROM range(0, 3000) t(i)) TO '"
          + lake.resolve("t") + "' (FORMAT PARQUET, PARTITION_BY (x))");
    }
    Path connect = Files.writeString(work.resolve("Connect.java"), CONNECT);
    JarProcess.Result run = JarProcess.runJava(work, List.of("-cp", JarProcess.jar().toString(),
        connect.toString(), lake.toString(), "SELECT count(*), min(s) FROM t WHERE i > 2990 AND x < 5"))
        .assertExitCode(0)
        .assertStdoutContains("row=7,v2991");
    assertEquals("", run.stderr(), run::transcript);
  }

  /** A program that connects to {@code args[0]} and prints the SQLState and message of its failure. */
  private static final String CONNECT = """
      import java.sql.*;

      public class Connect {
        public static void main(String[] args) {
          try (Connection connection = DriverManager.getConnection("jdbc:lake:" + args[0]);
              Statement statement = connection.createStatement();
              ResultSet rs = statement.executeQuery(args[1])) {
            while (rs.next()) {
              System.out.println("row=" + rs.getString(1) + "," + rs.getString(2));
            }
          } catch (SQLException e) {
            System.out.println("state=" + e.getSQLState());
            System.out.println("message=" + e.getMessage());
          }
        }
      }
      """;

  private static final String S3_PROPERTIES = ";fs.s3a.endpoint=http://127.0.0.1:9;"
      + "fs.s3a.path.style.access=true;fs.s3a.endpoint.region=us-east-1;fs.s3a.access.key=a;"
      + "fs.s3a.secret.key=b";

  @Test void s3WithoutTheSdkIsRefusedNamingTheJars() throws IOException {
    Path program = Files.writeString(work.resolve("Connect.java"), CONNECT);
    // The jar alone: S3A is inside, the AWS SDK it needs is not.
    JarProcess.runJava(work, List.of("-cp", JarProcess.jar().toString(), program.toString(),
            "s3a://bucket/lake" + S3_PROPERTIES, "SELECT 1, 2"))
        .assertExitCode(0)
        .assertStdoutContains("state=08001", "s3a://bucket/lake", "software.amazon.awssdk:bundle:2.35.4",
            "analyticsaccelerator-s3:1.3.1");
  }

  @Test void s3WithTheJarsReadmeNamesReadsALake() throws Exception {
    BankLake.write(lake, BankLake.Options.defaults());
    try (dev.lakejdbc.driver.S3Server s3 = new dev.lakejdbc.driver.S3Server(work)) {
      Path program = Files.writeString(work.resolve("Connect.java"), CONNECT);
      String location = s3.location(lake);
      JarProcess.runJava(work, List.of("-Daws.disableEc2Metadata=true", "-cp", JarProcess.jar()
              + java.io.File.pathSeparator + System.getProperty("s3.jars"), program.toString(),
              location + s3.properties(dev.lakejdbc.driver.S3Server.BOB),
              "SELECT branch_id, count(*) FROM transactions GROUP BY branch_id ORDER BY branch_id"))
          .assertExitCode(0)
          .assertStdoutContains("row=");
      assertEquals(java.util.Set.of(dev.lakejdbc.driver.S3Server.BOB.accessKey()),
          s3.proxy().byAccessKey().keySet());
    }
  }
}
