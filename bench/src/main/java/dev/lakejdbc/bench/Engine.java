package dev.lakejdbc.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** One SQL engine over a lake directory: opened once, then the same statement texts run repeatedly. */
interface Engine extends AutoCloseable {
  /** The name the report shows as a column. */
  String name();

  /** Connects (or starts a session) and makes the tables of {@link Queries#TABLES} queryable. */
  default void open(Path lake) throws Exception {
    open(lake, Queries.TABLES);
  }

  /** Connects (or starts a session) and makes these tables of the lake queryable. */
  void open(Path lake, List<String> tables) throws Exception;

  /** How the engine is set up here, for the report. */
  String describe();

  /** The engine's version, once open. */
  String version() throws Exception;

  /** Runs a query and reads all of its rows. */
  Result run(String sql) throws Exception;

  /**
   * Runs a query and reads all of its rows as the engine returned them, in order, with their column
   * labels; cancels it after {@code timeoutSeconds} (a {@link java.sql.SQLTimeoutException} or the
   * engine's own cancellation error).
   */
  Rows query(String sql, int timeoutSeconds) throws Exception;

  /** Raw rows: JDBC (or Spark) values, in the order the engine returned them. */
  record Rows(List<String> labels, List<List<Object>> rows) {}

  /** What the last statement read of the fact table, for engines that can tell (only ours). */
  default Optional<ScanCounts> lastFactScan() throws Exception {
    return Optional.empty();
  }

  /**
   * Makes the next new instance discover the lake from scratch, as on a machine where nothing listed
   * it yet: for engines whose instances in one JVM share what they listed (only ours).
   */
  default void forgetSharedListings(Path lake) throws Exception {}

  @Override void close() throws Exception;

  /** Partitions and files our driver read for one statement, summed over its fact scans. */
  record ScanCounts(long partitionsRead, long partitionsTotal, long filesRead) {}
}
