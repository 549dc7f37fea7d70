package dev.lakejdbc.driver;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table laid out the way Spark writes it: part-…-c000.snappy.parquet names, a _SUCCESS marker, Hadoop
 * .crc side files (one of them stale) and a _temporary directory of an unfinished job.
 */
class SparkStyleLakeTest {
  @TempDir Path lake;

  @Test void sparkLeftoversAreIgnoredAndAnswersMatchDuckDb() throws Exception {
    Path source = LakeFixture.lake().resolve("fact_orders");
    Path table = lake.resolve("orders");
    List<Path> partitions;
    try (Stream<Path> dirs = Files.list(source)) {
      partitions = dirs.filter(d -> d.getFileName().toString().startsWith("dt=2026-03")).sorted().toList();
    }
    int job = 0;
    for (Path partition : partitions) {
      Path target = table.resolve(partition.getFileName().toString());
      Files.createDirectories(target);
      String name = String.format("part-%05d-5f1c6d2e-8a4b-4c1e-9d2f-1a2b3c4d5e6f.c000.snappy.parquet", job++);
      Files.copy(partition.resolve("part-00000.parquet"), target.resolve(name));
      // A stale checksum: a reader that verified it would fail.
      Files.write(target.resolve("." + name + ".crc"), new byte[] {1, 2, 3, 4});
    }
    Files.writeString(table.resolve("_SUCCESS"), "");
    Files.createDirectories(table.resolve("_temporary/0/_temporary"));
    Files.writeString(table.resolve("_temporary/0/_temporary/part-00099.c000.snappy.parquet"), "partial");

    String sql = "SELECT dt, count(*), sum(amount), max(order_id) FROM orders GROUP BY dt";
    try (DuckDb duck = new DuckDb(); Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      duck.viewOfFiles("orders", table + "/dt=*/*.parquet");
      Rows.assertSameRows(duck.query(sql), Rows.query(c, sql), false, sql);
      Rows.assertSameRows(List.of(List.of(String.valueOf(partitions.size()))),
          Rows.query(c, "SELECT count(DISTINCT dt) FROM orders"), false, "partitions");
    }
  }
}
