package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.testing.DuckDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * The demo lakes (retail, bank, edge cases), written once per test JVM by the shaded jar itself
 * ({@code java -jar lake-jdbc.jar --demo <dir>}), and DuckDB views of its tables as the oracle.
 */
final class Lake {
  private static Path root;

  private Lake() {}

  static synchronized Path root() throws Exception {
    if (root == null) {
      Path dir = Path.of(System.getProperty("lake.dir", "target/lake")).toAbsolutePath();
      Files.createDirectories(dir);
      Jvm.Run demo = Jvm.start(dir, List.of("-jar", Jvm.jar().toString(), "--demo", dir.toString()));
      assertEquals(0, demo.await(300), demo::transcript);
      root = dir;
    }
    return root;
  }

  static String url() throws Exception {
    return "jdbc:lake:" + root();
  }

  /** DuckDB with a view per named table of the lake (Hive partitioning, files' schemas unioned). */
  static DuckDb duck(String... tables) throws Exception {
    DuckDb duck = new DuckDb();
    for (String t : tables) {
      view(duck, t);
    }
    return duck;
  }

  private static void view(DuckDb duck, String table) throws SQLException, Exception {
    duck.execute("CREATE OR REPLACE VIEW " + table + " AS SELECT * FROM read_parquet('" + root().resolve(table)
        + "/**/*.parquet', hive_partitioning = true, union_by_name = true)");
  }
}
