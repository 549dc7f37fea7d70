package dev.lakejdbc.bench;

import java.nio.file.Path;
import java.util.Optional;

/** One SQL engine over a lake directory: opened once, then the same statement texts run repeatedly. */
interface Engine extends AutoCloseable {
  /** The name the report shows as a column. */
  String name();

  /** Connects (or starts a session) and makes the tables of {@link Queries#TABLES} queryable. */
  void open(Path lake) throws Exception;

  /** How the engine is set up here, for the report. */
  String describe();

  /** The engine's version, once open. */
  String version() throws Exception;

  /** Runs a query and reads all of its rows. */
  Result run(String sql) throws Exception;

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
