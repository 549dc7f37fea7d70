package dev.lakejdbc.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DuckDB, an independent reader, sees the partition values and rows the generators meant. */
class DuckDbCrossCheckTest {
  @TempDir static Path root;

  @BeforeAll
  static void generate() throws IOException {
    RetailLake.write(root, RetailLake.Options.defaults().withDays(30).withFactBranches(3).withRowsPerFile(4));
    BankLake.write(root, BankLake.Options.defaults());
    EdgeCaseLake.write(root);
  }

  @Test
  void decodesEscapedAndNullPartitionValues() throws SQLException {
    assertEquals(List.of("100%|3|12", "a/b|3|12", "books|3|16", "x y:z|3|12", "é-ü|3|12", "null|3|12"),
        query("SELECT category, count(DISTINCT day), count(*) FROM "
            + hive("events/category=*/day=*/*.parquet") + " GROUP BY ALL ORDER BY ALL"));
    assertEquals(List.of("10|24|24", "1|0|24", "2|0|28"),
        query("SELECT day, count(score), count(*) FROM " + hive("events/category=*/day=*/*.parquet")
            + " GROUP BY ALL ORDER BY count(score) DESC, day"));
    assertEquals(List.of("VARCHAR"),
        query("SELECT typeof(code) FROM " + hive("codes/*/*.parquet") + " LIMIT 1"));
  }

  @Test
  void retailStarJoinSelectsHolidaysAndWestBranches() throws SQLException {
    assertEquals(List.of("360|30|360"), query("SELECT count(*), count(DISTINCT dt), max(order_id) FROM "
        + hive("fact_orders/*/*/*.parquet")));
    // a 30-day range gets 7 evenly spaced holidays; B003 is the only West branch among B001..B003
    assertEquals(List.of("28"), query("SELECT count(*) FROM " + hive("fact_orders/*/*/*.parquet")
        + " f JOIN " + plain("dim_date/*.parquet") + " d ON f.dt = d.date_id"
        + " JOIN " + plain("branches/*.parquet") + " b ON f.branch_id = b.branch_id"
        + " WHERE d.date_type = 'holiday' AND b.region = 'West'"));
  }

  @Test
  void bankWestBranchesAndMumbaiAgree() throws SQLException {
    assertEquals(List.of("400"), query("SELECT count(*) FROM " + hive("transactions/*/*.parquet")
        + " t JOIN " + plain("dim_branches/*.parquet") + " b USING (branch_id) WHERE b.region = 'West'"));
    assertEquals(List.of("true"), query("SELECT (SELECT sum(amount) FROM " + hive("txn_by_city/*/*.parquet")
        + " WHERE branch = 'Mumbai') = (SELECT sum(amount) FROM " + hive("transactions/*/*.parquet")
        + " t JOIN " + plain("dim_branches/*.parquet") + " b USING (branch_id) WHERE b.city = 'Mumbai')"));
  }

  private static String hive(String glob) {
    return "read_parquet('" + root.resolve(glob) + "', hive_partitioning = true, union_by_name = true)";
  }

  private static String plain(String glob) {
    return "read_parquet('" + root.resolve(glob) + "')";
  }

  /** Rows as "v1|v2|..." strings. */
  private static List<String> query(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      List<String> rows = new ArrayList<>();
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          values.add(String.valueOf(rs.getString(i)));
        }
        rows.add(String.join("|", values));
      }
      return rows;
    }
  }
}
