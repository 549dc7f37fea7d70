package dev.lakejdbc.driver;

import dev.lakejdbc.testing.DuckDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small lake DuckDB writes for tests of plans over a fact partitioned by day, shared by the test
 * classes that extend this one: {@code f} (k, d, v; 30,000 rows in 30 partitions by d, v NULL in
 * some) and {@code days} (day, kind: 'holiday' every fourth day, else 'workday'; rate, a
 * DECIMAL(5, 2), NULL every seventh day). {@link #duck} has a view of each table over the written
 * files; {@link #lakeConnection} is a connection to the lake with the default settings.
 */
abstract class DayFactLake {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = write(lake);
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  @AfterAll static void closeLake() throws Exception {
    lakeConnection.close();
    duck.close();
  }

  private static DuckDb write(Path lake) throws Exception {
    DuckDb duck = new DuckDb();
    duck.execute("CREATE TABLE f AS SELECT (i % 97)::INTEGER AS k, (i % 30)::INTEGER AS d, "
        + "CASE WHEN i % 17 = 0 THEN NULL ELSE (i % 1000)::BIGINT END AS v FROM range(0, 30000) t(i)");
    duck.execute("CREATE TABLE days AS SELECT i::INTEGER AS day, "
        + "CASE WHEN i % 4 = 0 THEN 'holiday' ELSE 'workday' END AS kind, "
        + "CASE WHEN i % 7 = 0 THEN NULL ELSE (i / 8.0)::DECIMAL(5, 2) END AS rate FROM range(0, 30) t(i)");
    duck.execute("COPY f TO '" + lake.resolve("f") + "' (FORMAT PARQUET, PARTITION_BY (d))");
    Files.createDirectories(lake.resolve("days"));
    duck.execute("COPY days TO '" + lake.resolve("days/part-0.parquet") + "' (FORMAT PARQUET)");
    duck.execute("DROP TABLE f");
    duck.execute("DROP TABLE days");
    duck.viewOfTable(lake, "f");
    duck.viewOfTable(lake, "days");
    return duck;
  }
}
