package dev.lakejdbc.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

/**
 * DuckDB in memory, each table a view over {@code read_parquet} of its Hive layout. Also the oracle:
 * it derives the literal keys and counts the files a predicate keeps.
 */
final class DuckDbEngine implements Engine {
  static final String NAME = "DuckDB";
  /** The fact with DuckDB's {@code filename} column, for counting the files a query must open. */
  static final String FACT_WITH_FILENAMES = Queries.FACT + "_files";

  private Connection connection;
  private Path lake;

  @Override public String name() {
    return NAME;
  }

  @Override public String describe() {
    return NAME + ": `org.duckdb:duckdb_jdbc`, an in-memory database (`jdbc:duckdb:`, default settings, "
        + "threads = cores) with one view per table: `read_parquet('<dir>/<table>/**/*.parquet', "
        + "hive_partitioning = true)`.";
  }

  @Override public void open(Path lake, List<String> tables) throws Exception {
    this.lake = lake.toAbsolutePath();
    connection = DriverManager.getConnection("jdbc:duckdb:");
    for (String table : tables) {
      createView(table, table, "");
    }
  }

  /** Adds the view {@link #FACT_WITH_FILENAMES}; not part of {@link #open}, which is timed. */
  void addFilenameView() throws Exception {
    createView(FACT_WITH_FILENAMES, Queries.FACT, ", filename = true");
  }

  private void createView(String view, String table, String options) throws Exception {
    String glob = (lake.resolve(table) + "/**/*.parquet").replace("'", "''");
    Jdbc.execute(connection, "CREATE OR REPLACE VIEW " + view + " AS SELECT * FROM read_parquet('"
        + glob + "', hive_partitioning = true" + options + ")");
  }

  @Override public String version() throws Exception {
    return Jdbc.query(connection, "SELECT version()").rows().get(0).get(0);
  }

  @Override public Result run(String sql) throws Exception {
    return Jdbc.query(connection, sql);
  }

  /** DuckDB's JDBC driver has no query timeout of its own: a timer cancels the statement. */
  @Override public Rows query(String sql, int timeoutSeconds) throws Exception {
    return Jdbc.queryRaw(connection, sql, timeoutSeconds, false);
  }

  @Override public void close() throws Exception {
    if (connection != null) {
      connection.close();
    }
  }
}
