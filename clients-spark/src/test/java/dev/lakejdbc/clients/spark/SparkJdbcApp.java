package dev.lakejdbc.clients.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Spark's JDBC data source on lake-jdbc, as Spark's documentation shows it: {@code SparkJdbcIT} runs it
 * with the shaded jar first on the class path (what {@code --driver-class-path} does) and compares its
 * answers with DuckDB's. {@code args}: the JDBC URL. Prints one {@code answer <name>: <rows>} line per
 * read.
 */
public final class SparkJdbcApp {
  private SparkJdbcApp() {}

  public static void main(String[] args) {
    SparkSession spark = SparkSession.builder().master("local[2]").appName("lake-jdbc")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate();
    try {
      // Four partitions of order_id ranges, read by four queries.
      Dataset<Row> orders = spark.read().format("jdbc").option("url", args[0])
          .option("driver", "dev.lakejdbc.driver.LakeDriver")
          .option("dbtable", "fact_orders").option("partitionColumn", "order_id")
          .option("lowerBound", "1").option("upperBound", "20000").option("numPartitions", "4").load();
      System.out.println("answer partitions: " + orders.rdd().getNumPartitions());
      orders.createOrReplaceTempView("orders");
      print("by_month", spark.sql("SELECT month(dt) AS m, count(*) AS n, sum(amount) AS total, "
          + "sum(qty) AS items FROM orders GROUP BY month(dt) ORDER BY m"));
      // Partitioned by the date partition column: Spark's range predicates reach the lake's pruning.
      Dataset<Row> march = spark.read().format("jdbc").option("url", args[0])
          .option("dbtable", "(SELECT dt, amount FROM fact_orders WHERE dt >= DATE '2026-03-01' "
              + "AND dt < DATE '2026-04-01') AS q")
          .option("partitionColumn", "dt").option("lowerBound", "2026-03-01")
          .option("upperBound", "2026-04-01").option("numPartitions", "3").load();
      march.createOrReplaceTempView("march");
      print("march", spark.sql("SELECT count(*) AS n, sum(amount) AS total FROM march"));
      // A pushed-down filter and a query option.
      Dataset<Row> atm = spark.read().format("jdbc").option("url", args[0])
          .option("query", "SELECT branch_id, txn_ts, amount FROM transactions WHERE channel = 'ATM'").load();
      print("atm", atm.filter("amount > 100").groupBy("branch_id").count().orderBy("branch_id").limit(5));
    } finally {
      spark.stop();
    }
  }

  private static void print(String name, Dataset<Row> rows) {
    StringBuilder out = new StringBuilder("answer " + name + ":");
    for (Row r : rows.collectAsList()) {
      out.append(" [");
      for (int i = 0; i < r.size(); i++) {
        out.append(i == 0 ? "" : ", ").append(r.get(i));
      }
      out.append(']');
    }
    System.out.println(out);
  }
}
