package dev.lakejdbc.driver;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The articles' lakes and the edge-case lake written by parquet-avro, queried through the driver and
 * by DuckDB over the same files: the answers must be the same.
 */
class GeneratedLakeTest {
  static DuckDb duck;
  static Connection lake;

  @BeforeAll static void open() throws Exception {
    Path root = LakeFixture.lake();
    duck = new DuckDb();
    for (String table : new String[] {"fact_orders", "dim_date", "branches", "dim_branches",
        "transactions", "txn_by_city", "txn_by_date", "codes"}) {
      duck.viewOfTable(root, table);
    }
    // The Hive-aware glob leaves out the _temporary leftovers a Hive reader must ignore.
    duck.viewOfFiles("events", root.resolve("events") + "/category=*/day=*/*.parquet");
    duck.execute("CREATE OR REPLACE VIEW measurements AS SELECT * FROM '"
        + root.resolve("measurements.parquet") + "'");
    lake = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // the bank of the first article
      "SELECT branch_id, count(*), sum(amount) FROM transactions GROUP BY branch_id",
      "SELECT branch, count(*), sum(amount), min(txn_ts), max(txn_date) FROM txn_by_city "
          + "WHERE branch = 'Mumbai' GROUP BY branch",
      "SELECT t.branch_id, b.city, count(*), sum(t.amount) FROM transactions t "
          + "JOIN dim_branches b ON t.branch_id = b.branch_id WHERE b.region = 'West' "
          + "GROUP BY t.branch_id, b.city",
      "SELECT t.txn_date, count(*) FROM txn_by_date t JOIN dim_branches b "
          + "ON t.branch_id = b.branch_id WHERE b.status = 'ACTIVE' GROUP BY t.txn_date",
      // the retailer of the second article
      "SELECT d.date_id, count(*), sum(f.amount), avg(f.price) FROM fact_orders f "
          + "JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday' GROUP BY d.date_id",
      "SELECT count(*), sum(amount), sum(qty) FROM fact_orders "
          + "WHERE dt BETWEEN DATE '2026-07-01' AND DATE '2026-07-07'",
      "SELECT month, date_type, count(*) FROM dim_date GROUP BY month, date_type",
      "SELECT region, count(*) FROM branches GROUP BY region",
      // a column added in later files reads as NULL in earlier ones
      "SELECT dt < DATE '2026-07-02' AS early, count(*), count(discount), sum(discount) "
          + "FROM fact_orders GROUP BY dt < DATE '2026-07-02'",
      // escaped and NULL partition values, two levels, two files in one partition
      "SELECT category, day, count(*), sum(price), count(note), count(score) FROM events "
          + "GROUP BY category, day",
      "SELECT id, ts, price, note, flag, score, category, day FROM events",
      "SELECT count(*) FROM events WHERE category IS NULL",
      "SELECT id FROM events WHERE category = 'x y:z' AND day = 10",
      "SELECT id FROM events WHERE category IN ('a/b', '100%', 'é-ü')",
      // leading zeros keep a partition column VARCHAR
      "SELECT code, count(*), sum(id) FROM codes GROUP BY code",
      "SELECT label FROM codes WHERE code = '05'",
      // a single Parquet file directly under the root is a table
      "SELECT sensor, count(*), sum(reading), max(taken) FROM measurements GROUP BY sensor",
      // ORDER BY and LIMIT
      "SELECT order_id, amount FROM fact_orders ORDER BY amount DESC, order_id LIMIT 5",
      // Grouping, DISTINCT and hash joins by keys of several columns, in the operators' own hash
      // tables (KeyIndex): small numbers (whose lists' own hashes collide), NULLs (discount is NULL
      // in a tenth of the rows), more than six columns.
      "SELECT customer_id, qty, count(*), sum(amount), min(price) FROM fact_orders GROUP BY customer_id, qty",
      "SELECT DISTINCT customer_id, qty, dt FROM fact_orders",
      "SELECT qty, discount, count(*) FROM fact_orders GROUP BY qty, discount",
      "SELECT customer_id % 7, qty, dt, discount, price > 100, amount > 500, order_id % 3, count(*) "
          + "FROM fact_orders GROUP BY customer_id % 7, qty, dt, discount, price > 100, amount > 500, "
          + "order_id % 3",
      "SELECT customer_id, qty, count(*) FROM fact_orders GROUP BY GROUPING SETS ((customer_id, qty), (qty), ())",
      "SELECT a.customer_id, count(*), sum(b.amount) FROM fact_orders a JOIN fact_orders b "
          + "ON a.customer_id = b.customer_id AND a.qty = b.qty AND a.dt = b.dt GROUP BY a.customer_id",
      "SELECT a.order_id, b.order_id FROM (SELECT * FROM fact_orders WHERE qty > 8) a "
          + "LEFT JOIN (SELECT * FROM fact_orders WHERE qty > 8) b "
          + "ON a.discount = b.discount AND a.customer_id = b.customer_id AND a.order_id <> b.order_id",
      "SELECT order_id FROM fact_orders a WHERE EXISTS (SELECT 1 FROM fact_orders b "
          + "WHERE b.customer_id = a.customer_id AND b.qty = a.qty + 1)",
      "SELECT order_id FROM fact_orders a WHERE NOT EXISTS (SELECT 1 FROM fact_orders b "
          + "WHERE b.customer_id = a.customer_id AND b.qty = a.qty + 1)",
  })
  void sameAnswersAsDuckDb(String sql) throws Exception {
    boolean ordered = sql.contains("ORDER BY");
    Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), ordered, sql);
  }
}
