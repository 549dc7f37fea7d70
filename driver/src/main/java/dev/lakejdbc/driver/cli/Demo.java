package dev.lakejdbc.driver.cli;

import dev.lakejdbc.testdata.GenerateLake;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * {@code --demo}: generates the lakes of the two source articles (a bank's transactions by branch, a
 * retailer's 365 daily order partitions) and runs their example queries through the driver.
 */
final class Demo {
  private record Example(String title, String sql) {}

  private static final List<Example> EXAMPLES = List.of(
      new Example("Bank: transactions per branch (first 10 branches)",
          "SELECT branch_id, count(*) AS txns, sum(amount) AS total\n"
              + "FROM transactions GROUP BY branch_id ORDER BY branch_id LIMIT 10"),
      new Example("Bank, static pruning: WHERE branch = 'Mumbai'",
          "SELECT branch, count(*) AS txns, sum(amount) AS total\n"
              + "FROM txn_by_city WHERE branch = 'Mumbai' GROUP BY branch"),
      new Example("Bank, dynamic pruning: transactions of the branches in region West",
          "SELECT t.branch_id, b.city, count(*) AS txns, sum(t.amount) AS total\n"
              + "FROM transactions t JOIN dim_branches b ON t.branch_id = b.branch_id\n"
              + "WHERE b.region = 'West' GROUP BY t.branch_id, b.city ORDER BY t.branch_id"),
      new Example("Retail, static pruning: 7 of 365 days",
          "SELECT count(*) AS orders, sum(amount) AS revenue\n"
              + "FROM fact_orders WHERE dt BETWEEN DATE '2026-07-01' AND DATE '2026-07-07'"),
      new Example("Retail, dynamic pruning: orders on holidays (dim_date.date_type = 'holiday')",
          "SELECT d.date_id, count(*) AS orders, sum(f.amount) AS revenue\n"
              + "FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id\n"
              + "WHERE d.date_type = 'holiday' GROUP BY d.date_id ORDER BY d.date_id"));

  private Demo() {}

  /** What the last statement's scans read, from sys.scans. */
  private static void printPruning(Statement statement, PrintStream out) throws SQLException {
    try (ResultSet rs = statement.executeQuery("SELECT table_name, partitions_read, partitions_total, "
        + "files_read, static_filter, dynamic_filter, notes FROM sys.scans "
        + "WHERE statement_id = (SELECT max(statement_id) FROM sys.scans)")) {
      while (rs.next()) {
        StringBuilder line = new StringBuilder(String.format("  scan %s: read %d of %d partitions, %d files",
            rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getInt(4)));
        if (rs.getString(5) != null) {
          line.append("; static filter: ").append(rs.getString(5));
        }
        if (rs.getString(6) != null) {
          line.append("; dynamic filter ").append(rs.getString(6));
        }
        if (rs.getString(7) != null) {
          line.append("; ").append(rs.getString(7));
        }
        out.println(line);
      }
    }
  }

  static Path defaultDirectory() {
    return Path.of(System.getProperty("java.io.tmpdir"), "lake-jdbc-demo");
  }

  static int run(Path dir, PrintStream out) throws IOException {
    GenerateLake.ensureAll(dir, 1);
    out.println("Demo lake: " + dir.toAbsolutePath());
    out.println("Connect with: jdbc:lake:" + dir.toAbsolutePath());
    try (Connection connection = DriverManager.getConnection("jdbc:lake:" + dir.toAbsolutePath());
        Statement statement = connection.createStatement()) {
      for (Example example : EXAMPLES) {
        out.println();
        out.println("== " + example.title());
        out.println(example.sql() + ";");
        long start = System.nanoTime();
        try (ResultSet rs = statement.executeQuery(example.sql())) {
          ResultTable.print(rs, out);
        }
        out.printf("(%d ms)%n", (System.nanoTime() - start) / 1_000_000);
        printPruning(statement, out);
      }
      return 0;
    } catch (SQLException e) {
      out.println("Error [" + e.getSQLState() + "]: " + e.getMessage());
      return 2;
    }
  }
}
