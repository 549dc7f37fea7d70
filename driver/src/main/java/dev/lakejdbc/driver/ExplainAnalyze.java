package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.memory.ByteSizes;
import dev.lakejdbc.adapter.memory.OperatorStats;
import dev.lakejdbc.adapter.memory.QueryMemory;
import dev.lakejdbc.adapter.memory.QueryMemoryLog;
import dev.lakejdbc.adapter.stats.ScanLog;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;

/**
 * {@code EXPLAIN ANALYZE <query>}: runs the query to the end, then returns its plan with each lake scan
 * annotated with what it actually read — partitions, files, bytes, rows, directories listed, time — as
 * recorded in the connection's scan log (the figures {@code sys.scans} shows) — and adds what it held
 * in memory and spilled, per operator (the figures of {@code sys.queries}).
 */
final class ExplainAnalyze {
  private static final Pattern SCAN_LINE =
      Pattern.compile("LakeTableScan\\(table=\\[\\[" + LakeDriver.SCHEMA + ", ([^\\]]+)\\]\\]");
  /** A dynamic filter's number, as the plan and the scan's statistics write it. */
  private static final Pattern FILTER_ID = Pattern.compile("#\\d+(?=:)");

  private ExplainAnalyze() {}

  static ResultSet run(Connection connection, String query) throws SQLException {
    ScanLog log = scanLog(connection);
    List<String> plan = new ArrayList<>();
    long rows = 0;
    long nanos;
    try (Statement s = connection.createStatement()) {
      try (ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + query)) {
        while (rs.next()) {
          plan.addAll(List.of(rs.getString(1).split("\n")));
        }
      }
      long lastBefore = log.lastStatementId();
      long start = System.nanoTime();
      try (ResultSet rs = s.executeQuery(query)) {
        while (rs.next()) {
          rows++;
        }
      }
      nanos = System.nanoTime() - start;
      List<ScanStatistics> scans = new ArrayList<>(log.all().stream()
          .filter(scan -> scan.statementId() > lastBefore).toList());
      List<String> lines = annotate(plan, scans, rows, nanos);
      QueryMemoryLog.ofConnection(connection.unwrap(CalciteConnection.class)).all().stream()
          .filter(q -> q.statementId() > lastBefore).forEach(q -> lines.addAll(memory(q)));
      return rowSet(connection, lines);
    }
  }

  /** The plan's lines, each lake scan followed by what it read; {@code scans} loses those used. */
  static List<String> annotate(List<String> plan, List<ScanStatistics> scans, long rows,
      long nanos) {
    List<String> lines = new ArrayList<>();
    for (String line : plan) {
      lines.add(line);
      Matcher m = SCAN_LINE.matcher(line);
      if (!m.find()) {
        continue;
      }
      String indent = " ".repeat(line.length() - line.stripLeading().length() + 2);
      ScanStatistics scan = scanOf(line, m.group(1), scans);
      if (scan == null) {
        lines.add(indent + "actual: not executed");
        continue;
      }
      scans.remove(scan);
      lines.add(String.format("%sactual: partitions=%d of %d, files=%d, bytes=%d, rows=%d, "
              + "directories listed=%d, row groups=%d of %d%s, rows skipped=%d%s, time=%.1f ms%s", indent,
          scan.partitionsRead(), scan.partitionsTotal(), scan.filesRead(), scan.bytesRead(),
          scan.rowsRead(), scan.directoriesListed(), scan.rowGroupsRead(), scan.rowGroupsTotal(),
          skippedBy(scan), scan.rowsSkipped(),
          scan.rowsFilteredOnRows() == 0 ? "" : ", rows dropped by RowFilter=" + scan.rowsFilteredOnRows(),
          scan.elapsedMillis(),
          scan.notes() == null ? "" : ", notes: " + scan.notes()));
    }
    lines.add(String.format("Result: %d rows in %.1f ms", rows, nanos / 1e6));
    return lines;
  }

  /**
   * The statistics of the plan line's scan: of the scans of its table not yet annotated, the first
   * whose dynamic filters (their {@code #n} in the plan, in what the scan recorded) are the line's;
   * else the first. A table read twice is told apart by its filters, not by which scan ran first.
   */
  private static ScanStatistics scanOf(String line, String table, List<ScanStatistics> scans) {
    List<ScanStatistics> ofTable = scans.stream().filter(s -> s.table().equals(table)).toList();
    Set<String> ids = filterIds(line);
    return ofTable.stream()
        .filter(s -> filterIds(s.dynamicFilter() + " " + s.dataFilter() + " " + s.notes()).equals(ids))
        .findFirst().orElse(ofTable.isEmpty() ? null : ofTable.get(0));
  }

  private static Set<String> filterIds(String text) {
    Set<String> ids = new TreeSet<>();
    Matcher m = FILTER_ID.matcher(text);
    while (m.find()) {
      ids.add(m.group());
    }
    return ids;
  }

  /** What the execution held and spilled: a line for it, one for each operator. */
  private static List<String> memory(QueryMemory q) {
    List<String> lines = new ArrayList<>();
    lines.add("Memory: held at most " + ByteSizes.text(q.peakBytes()) + " of "
        + ByteSizes.text(q.options().limitBytes()) + " (" + q.options().limitSetting() + ")"
        + (q.spillFiles() == 0 ? ", spilled nothing" : ", spilled " + ByteSizes.text(q.spilledBytes())
            + " in " + q.spillFiles() + " files"));
    for (OperatorStats operator : q.operators()) {
      lines.add("  " + operator.summary());
    }
    return lines;
  }

  /**
   * What ruled the other row groups (and rows) out: {@code  (skipped: statistics 117, dictionary 2;
   * pages 3,000 rows; keys 12 rows)}; empty when nothing was.
   */
  private static String skippedBy(ScanStatistics scan) {
    List<String> parts = new ArrayList<>();
    for (ScanStatistics.Skip s : ScanStatistics.Skip.values()) {
      if (scan.rowGroupsSkipped(s) > 0) {
        parts.add(s.text() + " " + scan.rowGroupsSkipped(s));
      }
    }
    List<String> rows = new ArrayList<>();
    if (scan.rowsSkippedByPages() > 0) {
      rows.add("pages " + scan.rowsSkippedByPages() + " rows");
    }
    if (scan.rowsSkippedByKeys() > 0) {
      rows.add("keys " + scan.rowsSkippedByKeys() + " rows");
    }
    if (parts.isEmpty() && rows.isEmpty()) {
      return "";
    }
    String groups = String.join(", ", parts);
    return " (skipped: " + groups + (groups.isEmpty() || rows.isEmpty() ? "" : "; ")
        + String.join(", ", rows) + ")";
  }

  /** The lines as a one-column result, made by the connection itself so clients get a real result set. */
  private static ResultSet rowSet(Connection connection, List<String> lines) throws SQLException {
    StringBuilder values = new StringBuilder("SELECT * FROM (VALUES ");
    for (int i = 0; i < lines.size(); i++) {
      values.append(i == 0 ? "" : ", ").append("(CAST('")
          .append(lines.get(i).replace("'", "''")).append("' AS VARCHAR))");
    }
    values.append(") AS t(\"PLAN\")");
    Statement s = connection.createStatement();
    s.closeOnCompletion();
    return s.executeQuery(values.toString());
  }

  private static ScanLog scanLog(Connection connection) throws SQLException {
    SchemaPlus lake = connection.unwrap(CalciteConnection.class).getRootSchema()
        .getSubSchema(LakeDriver.SCHEMA);
    LakeSchema schema = lake == null ? null : lake.unwrap(LakeSchema.class);
    if (schema == null) {
      throw new SQLException("EXPLAIN ANALYZE needs the lake schema", SqlStates.GENERAL_ERROR);
    }
    return schema.storage().scanLog();
  }
}
