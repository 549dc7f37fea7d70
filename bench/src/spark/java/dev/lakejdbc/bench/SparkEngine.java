package dev.lakejdbc.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Spark SQL in local mode, each table a temporary view over {@code spark.read.parquet(<dir>/<table>)},
 * which discovers the Hive partitions. One SparkContext per JVM (Spark allows no more); each engine
 * instance is a new session on it, so a fresh "connection" lists the table directories again.
 */
public final class SparkEngine implements Engine {
  private static SparkSession root;

  private SparkSession session;

  /** Created on first use: the first fresh-session sample includes starting Spark. */
  private static synchronized SparkSession root() {
    if (root == null) {
      root = SparkSession.builder()
          .appName("lake-jdbc-bench")
          .master("local[2]")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.session.timeZone", "UTC")
          // Two cores: 200 shuffle partitions would be tuning against Spark.
          .config("spark.sql.shuffle.partitions", "2")
          // Without this a new session reuses the file listing an earlier session cached.
          .config("spark.sql.hive.filesourcePartitionFileCacheSize", "0")
          .getOrCreate();
      root.sparkContext().setLogLevel("WARN");
    }
    return root;
  }

  @Override public String name() {
    return "Spark";
  }

  @Override public String describe() {
    return "Spark: `spark-sql_2.13` in this JVM, `local[2]`, UI off, `spark.sql.shuffle.partitions=2`, "
        + "partition file cache off; one temporary view per table over `spark.read.parquet(\"<dir>/<table>\")`; "
        + "dynamic partition pruning on (Spark's default).";
  }

  @Override public void open(Path lake, List<String> tables) {
    session = root().newSession();
    for (String table : tables) {
      session.read().parquet(lake.resolve(table).toString()).createOrReplaceTempView(table);
    }
  }

  @Override public String version() {
    return session.version();
  }

  @Override public Result run(String sql) {
    List<List<Object>> rows = new ArrayList<>();
    for (Row r : session.sql(sql).collectAsList()) {
      List<Object> row = new ArrayList<>(r.length());
      for (int i = 0; i < r.length(); i++) {
        row.add(r.get(i));
      }
      rows.add(row);
    }
    return Result.of(rows);
  }

  private static final java.util.concurrent.atomic.AtomicLong JOB_GROUPS =
      new java.util.concurrent.atomic.AtomicLong();
  private static final java.util.concurrent.ScheduledExecutorService CANCELLER =
      java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "spark-query-canceller");
        t.setDaemon(true);
        return t;
      });

  /** Runs the query in a job group of its own, which a timer cancels after the timeout. */
  @Override public Rows query(String sql, int timeoutSeconds) throws Exception {
    String group = "bench-" + JOB_GROUPS.incrementAndGet();
    var context = session.sparkContext();
    context.setJobGroup(group, "bench query", true);
    java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();
    var cancel = CANCELLER.schedule(() -> {
      cancelled.set(true);
      context.cancelJobGroup(group);
    }, timeoutSeconds, java.util.concurrent.TimeUnit.SECONDS);
    try {
      var dataset = session.sql(sql);
      List<String> labels = List.of(dataset.columns());
      List<List<Object>> rows = new ArrayList<>();
      for (Row r : dataset.collectAsList()) {
        List<Object> row = new ArrayList<>(r.length());
        for (int i = 0; i < r.length(); i++) {
          row.add(r.get(i));
        }
        rows.add(row);
      }
      return new Rows(labels, rows);
    } catch (RuntimeException e) {
      if (cancelled.get()) {
        throw new java.util.concurrent.TimeoutException("cancelled after " + timeoutSeconds + " s: "
            + e.getMessage());
      }
      throw e;
    } finally {
      cancel.cancel(false);
      context.clearJobGroup();
    }
  }

  /** The SparkContext stays up for the next session; it stops with the JVM. */
  @Override public void close() {
    session = null;
  }
}
