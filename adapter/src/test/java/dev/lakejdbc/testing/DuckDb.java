package dev.lakejdbc.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * DuckDB, in memory, as the independent oracle: it reads the same Hive-layout files and answers the same
 * SQL, and it also writes lakes the way DuckDB users' lakes look.
 */
public final class DuckDb implements AutoCloseable {
  private final Connection connection;

  public DuckDb() throws SQLException {
    connection = DriverManager.getConnection("jdbc:duckdb:");
    execute("SET TimeZone = 'UTC'");
  }

  public Connection connection() {
    return connection;
  }

  public void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  public List<List<String>> query(String sql) throws SQLException {
    return Rows.query(connection, sql);
  }

  /** Makes a view named {@code table} over a Hive-layout table directory of the lake. */
  public void viewOfTable(Path lake, String table) throws SQLException {
    viewOfFiles(table, lake.resolve(table) + "/**/*.parquet");
  }

  /**
   * Makes a view named {@code table} over the files a glob matches, e.g.
   * {@code lake/events/category=*}{@code /day=*}{@code /*.parquet} to leave out files a Hive reader ignores.
   * The view also has DuckDB's {@code filename} column: which files hold matching rows is what a
   * pruned scan must open.
   */
  public void viewOfFiles(String table, String glob) throws SQLException {
    execute("CREATE OR REPLACE VIEW " + table + " AS SELECT * FROM read_parquet('" + glob
        + "', hive_partitioning = true, union_by_name = true, filename = true)");
  }

  @Override public void close() throws SQLException {
    connection.close();
  }
}
