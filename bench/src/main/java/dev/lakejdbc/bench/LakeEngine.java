package dev.lakejdbc.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** This driver, in process, through DriverManager like any JDBC client. */
final class LakeEngine implements Engine {
  static final String NAME = "lake-jdbc";

  /** sys.scans keeps the connection's recent scans; the newest statement id is the last query's. */
  private static final String LAST_FACT_SCAN = "SELECT sum(partitions_read), sum(partitions_total), "
      + "sum(files_read) FROM sys.scans WHERE table_name = '" + Queries.FACT + "' AND statement_id = "
      + "(SELECT max(statement_id) FROM sys.scans)";

  private final String properties;
  private Connection connection;

  /** @param properties URL properties, e.g. {@code ;dpp=false}, or empty */
  LakeEngine(String properties) {
    this.properties = properties;
  }

  @Override public String name() {
    return properties.isEmpty() ? NAME : NAME + " " + properties.substring(1);
  }

  @Override public String describe() {
    return name() + ": this driver in process, `DriverManager.getConnection(\"jdbc:lake:<dir>"
        + properties + "\")`" + (properties.isEmpty() ? "." : "; a second connection, DPP queries only.");
  }

  /** Our driver makes every table of the lake queryable; {@code tables} is not needed. */
  @Override public void open(Path lake, List<String> tables) throws Exception {
    connection = DriverManager.getConnection("jdbc:lake:" + lake.toAbsolutePath() + properties);
  }

  @Override public String version() throws Exception {
    return connection.getMetaData().getDriverVersion();
  }

  @Override public Result run(String sql) throws Exception {
    return Jdbc.query(connection, sql);
  }

  @Override public Rows query(String sql, int timeoutSeconds) throws Exception {
    return Jdbc.queryRaw(connection, sql, timeoutSeconds, true);
  }

  /** One row of {@code sys.scans}. */
  record Scan(String table, long partitionsRead, long partitionsTotal, long filesRead,
      String dynamicFilter, String notes, String staticFilter, String dataFilter) {
    /** Whether the scan read through a filter of its own: on partitions, on data, or a dynamic one. */
    boolean filtered() {
      return staticFilter != null || dataFilter != null || dynamicFilter != null;
    }
  }

  private static final String LAST_SCANS = "SELECT table_name, partitions_read, partitions_total, "
      + "files_read, dynamic_filter, notes, static_filter, data_filter FROM sys.scans WHERE statement_id = "
      + "(SELECT max(statement_id) FROM sys.scans)";

  /** The scans of the last statement, from {@code sys.scans} (empty if it scanned no lake table). */
  List<Scan> lastScans() throws Exception {
    List<Scan> scans = new ArrayList<>();
    for (List<Object> r : Jdbc.queryRaw(connection, LAST_SCANS, 60, true).rows()) {
      scans.add(new Scan((String) r.get(0), ((Number) r.get(1)).longValue(),
          ((Number) r.get(2)).longValue(), ((Number) r.get(3)).longValue(), (String) r.get(4),
          (String) r.get(5), (String) r.get(6), (String) r.get(7)));
    }
    return scans;
  }

  @Override public Optional<ScanCounts> lastFactScan() throws Exception {
    var row = Jdbc.query(connection, LAST_FACT_SCAN).rows().get(0);
    if (row.get(0).equals("NULL")) {
      return Optional.empty();
    }
    return Optional.of(new ScanCounts(Long.parseLong(row.get(0)), Long.parseLong(row.get(1)),
        Long.parseLong(row.get(2))));
  }

  /**
   * REFRESH on a throwaway connection: directory listings are shared by the connections of a JVM,
   * so without it a new connection would find the lake already listed. Footers of unchanged files
   * stay shared (they are keyed by path, length and modification time), as in any reused JVM.
   */
  @Override public void forgetSharedListings(Path lake) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + lake.toAbsolutePath());
        java.sql.Statement s = c.createStatement()) {
      s.execute("REFRESH");
    }
  }

  @Override public void close() throws Exception {
    if (connection != null) {
      connection.close();
    }
  }
}
