package dev.lakejdbc.driver.memory;

import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Run in a JVM of its own with a small heap by {@link MemoryLimitTest}: runs a query that exhausts
 * the heap inside the driver (its rows are counted, not kept), prints how it failed, then runs another
 * on the same connection and prints its answer.
 *
 * <p>Usage: {@code java -Xmx128m -cp <test class path> ...OutOfMemoryScenario <lake> <query> <next>}
 */
public final class OutOfMemoryScenario {
  private OutOfMemoryScenario() {}

  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + args[0])) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(args[1])) {
        long rows = 0;
        while (rs.next()) {
          rows++;
        }
        System.out.println("answered " + rows + " rows");
      } catch (SQLException e) {
        System.out.println("failed: " + e.getSQLState() + " " + e.getMessage());
      }
      System.out.println("next query: " + Rows.query(c, args[2]));
    }
  }
}
