package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.clients.spark.SparkJdbcApp;
import dev.lakejdbc.testing.DuckDb;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark 4.2's JDBC data source ({@link SparkJdbcApp}) with the shaded jar first on the class path, in a
 * JVM of its own: partitionColumn/numPartitions over a number and over the date partition column, a
 * query option with a filter Spark pushes down. Answers equal DuckDB's. Module clients-spark, profile
 * {@code spark} only (Spark is about 300 MB of jars and half a minute to start).
 */
class SparkJdbcIT {
  /** The module openings spark-submit adds on Java 17 (Spark's JavaModuleOptions). */
  private static final List<String> OPENS = List.of("java.lang", "java.lang.invoke", "java.lang.reflect",
      "java.io", "java.net", "java.nio", "java.util", "java.util.concurrent",
      "java.util.concurrent.atomic", "jdk.internal.ref", "sun.nio.ch", "sun.nio.cs",
      "sun.security.action", "sun.util.calendar");

  @TempDir Path work;

  @Test void sparksJdbcDataSourceWithTheJarFirst() throws Exception {
    List<String> args = new ArrayList<>(List.of("-Xmx2g", "-XX:+IgnoreUnrecognizedVMOptions"));
    OPENS.forEach(p -> args.add("--add-opens=java.base/" + p + "=ALL-UNNAMED"));
    args.addAll(List.of("-Djdk.reflect.useDirectMethodHandle=false", "-Dio.netty.tryReflectionSetAccessible=true",
        "-cp", Jvm.classPath(true), SparkJdbcApp.class.getName(), Lake.url()));
    Jvm.Run spark = Jvm.start(work, args);
    assertEquals(0, spark.await(600), spark::transcript);
    try (DuckDb duck = Lake.duck("fact_orders", "transactions")) {
      assertEquals("4", answer(spark, "partitions"), spark::transcript);
      assertEquals(text(duck.query("SELECT month(dt) AS m, count(*), sum(amount), sum(qty) FROM fact_orders "
          + "GROUP BY m ORDER BY m")), answer(spark, "by_month"), spark::transcript);
      assertEquals(text(duck.query("SELECT count(*), sum(amount) FROM fact_orders WHERE dt >= DATE "
          + "'2026-03-01' AND dt < DATE '2026-04-01'")), answer(spark, "march"), spark::transcript);
      assertEquals(text(duck.query("SELECT branch_id, count(*) FROM transactions WHERE channel = 'ATM' "
          + "AND amount > 100 GROUP BY branch_id ORDER BY branch_id LIMIT 5")), answer(spark, "atm"),
          spark::transcript);
    }
  }

  /** Spark's printed rows, trailing zeros of decimals dropped as DuckDB's normalized values have them. */
  private static String answer(Jvm.Run run, String name) {
    String prefix = "answer " + name + ":";
    String line = run.lines().filter(l -> l.startsWith(prefix)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + prefix + run.transcript()));
    return line.substring(prefix.length()).trim().replaceAll("(\\d+\\.\\d*?)0+(?=[],])", "$1")
        .replaceAll("\\.(?=[],])", "");
  }

  private static String text(List<List<String>> rows) {
    StringBuilder out = new StringBuilder();
    for (List<String> r : rows) {
      out.append(out.length() == 0 ? "[" : " [").append(String.join(", ", r)).append(']');
    }
    return out.toString();
  }
}
