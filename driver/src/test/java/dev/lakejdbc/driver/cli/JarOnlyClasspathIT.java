package dev.lakejdbc.driver.cli;

import dev.lakejdbc.testdata.BankLake;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
