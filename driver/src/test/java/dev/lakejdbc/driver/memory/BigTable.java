package dev.lakejdbc.driver.memory;

import dev.lakejdbc.testing.DuckDb;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * The lake of the memory tests: table {@code big}, {@value #ROWS} rows written by DuckDB into 4
 * partitions {@code p=0..3} — {@code k} BIGINT unique, {@code s} a string of 200,000 distinct values,
 * {@code v} a unique DOUBLE in no particular order, {@code g} INTEGER of 500,000 groups — about 100 MB
 * once decoded, far more than the tests' heap lets a query hold. Written in a few seconds under
 * {@code lake.memory.lake} (the build's {@code target/}), and reused from there by later runs.
 */
final class BigTable {
  static final int ROWS = 2_000_000;
  static final int DISTINCT_S = 200_000;
  static final int GROUPS = 500_000;

  private static final Path DIRECTORY = Path.of(System.getProperty("lake.memory.lake",
      System.getProperty("java.io.tmpdir") + "/lake-jdbc-memory-tests-lake"));
  private static Path root;

  private BigTable() {}

  static synchronized Path root() {
    if (root == null) {
      Path lake = DIRECTORY.resolve("lake");
      Path stamp = DIRECTORY.resolve("written-" + ROWS);
      if (Files.exists(stamp)) {
        root = lake;
        return root;
      }
      try {
        deleteTree(DIRECTORY);
        Files.createDirectories(lake);
        try (DuckDb duck = new DuckDb()) {
          duck.execute("SET threads = 2");
          duck.execute("COPY (SELECT i AS k, 's' || lpad(CAST((i * 7919) % " + DISTINCT_S
              + " AS VARCHAR), 6, '0') AS s, CAST((i * 104729) % 2000003 AS DOUBLE) / 7 AS v, "
              + "CAST(i % " + GROUPS + " AS INTEGER) AS g, CAST(i % 4 AS INTEGER) AS p "
              + "FROM range(" + ROWS + ") t(i)) TO '" + lake.resolve("big")
              + "' (FORMAT PARQUET, PARTITION_BY (p))");
        }
        Files.writeString(stamp, "");
        root = lake;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (SQLException e) {
        throw new IllegalStateException("DuckDB could not write the big table", e);
      }
    }
    return root;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** DuckDB with a view {@code big} over the same files. */
  static DuckDb duckDb() throws SQLException {
    DuckDb duck = new DuckDb();
    duck.execute("SET threads = 2");
    duck.execute("SET memory_limit = '1GB'");
    duck.viewOfTable(root(), "big");
    return duck;
  }
}
