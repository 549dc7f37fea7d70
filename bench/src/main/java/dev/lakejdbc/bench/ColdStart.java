package dev.lakejdbc.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The very first connection and query of a JVM, which the benchmark cannot time in its own JVM (its
 * classes are loaded by then). Run it in a new JVM per sample, with only the driver's jar and this
 * class on the class path, so that JVM options (class-data sharing, the JIT) can be compared:
 *
 * <pre>
 * java -cp driver/target/lake-jdbc.jar:bench/target/classes dev.lakejdbc.bench.ColdStart /tmp/lake-bench
 * </pre>
 */
public final class ColdStart {
  private static final String ONE_DAY =
      "SELECT count(*), sum(f.amount) FROM fact_orders f WHERE f.dt = DATE '2026-07-02'";

  private ColdStart() {}

  public static void main(String[] args) throws SQLException {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: ColdStart <lake directory> [query; default: " + ONE_DAY + "]");
      System.exit(2);
    }
    String query = args.length == 2 ? args[1] : ONE_DAY;
    long start = System.nanoTime();
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + args[0])) {
      long connected = System.nanoTime();
      try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(query)) {
        while (r.next()) {
          r.getObject(1);
        }
      }
      long done = System.nanoTime();
      System.out.printf("connect %d ms, first query %d ms, total %d ms%n", millis(connected - start),
          millis(done - connected), millis(done - start));
    }
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }
}
