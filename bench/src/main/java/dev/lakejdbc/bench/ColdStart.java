package dev.lakejdbc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

/**
 * The very first connection and query of a JVM, which the benchmark cannot time in its own JVM (its
 * classes are loaded by then). Run it in a new JVM per sample, with only the driver's jar and this
 * class on the class path, so that JVM options (class-data sharing, the JIT) can be compared:
 *
 * <pre>
 * java -cp driver/target/lake-jdbc.jar:bench/target/classes dev.lakejdbc.bench.ColdStart /tmp/lake-bench
 * </pre>
 *
 * <p>With {@code --duckdb} first, the same connection and query on DuckDB in its own new JVM (DuckDB's
 * jar on the class path instead of the driver's): an in-memory database with one view per table
 * directory over {@code read_parquet(..., hive_partitioning = true)}, created inside the timed
 * connection, as {@code Benchmark} does. {@code bench/coldstart.sh} alternates the two and reports
 * medians and their ratio.
 */
public final class ColdStart {
  private static final String ONE_DAY =
      "SELECT count(*), sum(f.amount) FROM fact_orders f WHERE f.dt = DATE '2026-07-02'";

  private ColdStart() {}

  public static void main(String[] args) throws Exception {
    boolean duckdb = args.length > 0 && args[0].equals("--duckdb");
    int first = duckdb ? 1 : 0;
    if (args.length - first < 1 || args.length - first > 2) {
      System.err.println("usage: ColdStart [--duckdb] <lake directory> [query; default: " + ONE_DAY
          + "]");
      System.exit(2);
    }
    String lake = args[first];
    String query = args.length - first == 2 ? args[first + 1] : ONE_DAY;
    long start = System.nanoTime();
    try (Connection c = duckdb ? duckdb(lake) : DriverManager.getConnection("jdbc:lake:" + lake)) {
      long connected = System.nanoTime();
      try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(query)) {
        while (r.next()) {
          r.getObject(1);
        }
      }
      long done = System.nanoTime();
      // The process's CPU time (every thread: the JIT's compilers, GC, footer readers), read after
      // the timing: on shared cores it varies less than the wall clock does.
      long cpu = ((com.sun.management.OperatingSystemMXBean)
          java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
      System.out.printf("connect %d ms, first query %d ms, total %d ms, process cpu %d ms%n",
          millis(connected - start), millis(done - connected), millis(done - start), millis(cpu));
    }
  }

  /** DuckDB in memory with a view per table directory of {@code lake} (its properties ignored). */
  private static Connection duckdb(String lake) throws Exception {
    Path root = Path.of(lake.split(";", 2)[0]).toAbsolutePath();
    Connection c = DriverManager.getConnection("jdbc:duckdb:");
    try (Stream<Path> tables = Files.list(root)) {
      for (Path table : (Iterable<Path>) tables.filter(Files::isDirectory).sorted()::iterator) {
        String name = table.getFileName().toString();
        if (name.startsWith(".") || name.startsWith("_")) {
          continue;
        }
        String glob = (table + "/**/*.parquet").replace("'", "''");
        // A statement per view: DuckDB closes a statement whose execution failed.
        try (Statement s = c.createStatement()) {
          s.execute("CREATE VIEW \"" + name + "\" AS SELECT * FROM read_parquet('" + glob
              + "', hive_partitioning = true)");
        } catch (SQLException e) {
          // DuckDB's glob also matches what a Hive reader skips (the generated lake's `events`
          // has a `_temporary/` file that is not Parquet): that table is left out, as a DuckDB
          // user would leave it out, and the query names only tables it can read.
          System.err.println("DuckDB skips table " + name + ": "
              + e.getMessage().lines().findFirst().orElse(""));
        }
      }
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }
}
