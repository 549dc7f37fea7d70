package dev.lakejdbc.driver.cli;

import dev.lakejdbc.testdata.BankLake;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

  @TempDir Path lake;
  @TempDir Path work;

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
