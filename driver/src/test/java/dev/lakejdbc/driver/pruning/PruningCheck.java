package dev.lakejdbc.driver.pruning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.LakeStore;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;

/**
 * Checks a pruned query three ways: its answer equals DuckDB's and the answer with pruning off, and the
 * driver opened exactly the files that hold matching partitions — proven by running it on a copy of the
 * lake where every other data file is garbage.
 *
 * <p>On a lake read from another file system (a {@link LakeStore} other than the local one: HDFS), the
 * query must give DuckDB's answer and open as many files as hold matching partitions, as on the local
 * lake.
 */
final class PruningCheck {
  private final Path lake;
  private final DuckDb duck;
  private final LakeStore store;

  PruningCheck(Path lake, DuckDb duck) {
    this(lake, duck, LakeStore.LOCAL);
  }

  PruningCheck(Path lake, DuckDb duck, LakeStore store) {
    this.lake = lake;
    this.duck = duck;
    this.store = store;
  }

  /** What sys.scans recorded for the fact table's scan. */
  record ScanCounts(int partitionsRead, int filesRead, String staticFilter, String notes,
      String dynamicFilter) {}

  private static String nullable(String normalized) {
    return normalized.equals("NULL") ? null : normalized;
  }

  /**
   * Runs {@code SELECT <select> FROM <table> WHERE <where>} and checks it.
   *
   * @param expectedFilesQuery DuckDB query over the table's view returning the distinct file names the
   *     driver must open, or null when nothing may be pruned
   */
  ScanCounts check(String table, String select, String where, String expectedFilesQuery,
      String properties) throws Exception {
    return check("SELECT " + select + " FROM " + table + " WHERE " + where, table, expectedFilesQuery,
        properties);
  }

  /**
   * Runs {@code sql} and checks it; {@code table} is the pruned table (scanned once by the query).
   *
   * @param expectedFilesQuery DuckDB query returning the distinct file names of {@code table} the
   *     driver must open, or null when nothing may be pruned
   */
  ScanCounts check(String sql, String table, String expectedFilesQuery, String properties)
      throws Exception {
    List<List<String>> expected = duck.query(sql);
    Set<Path> mustRead = expectedFilesQuery == null ? dataFiles(lake.resolve(table))
        : duck.query(expectedFilesQuery).stream().map(r -> Path.of(r.get(0)).toAbsolutePath())
            .collect(Collectors.toSet());
    if (store != LakeStore.LOCAL) {
      // That the files opened are exactly the matching ones is proven on the local lake, where all
      // others are garbage; on the copy it takes the same answer from as many files.
      String url = store.url(lake, properties);
      try (Connection c = DriverManager.getConnection(url)) {
        Rows.assertSameRows(expected, Rows.query(c, sql), false, url + ": " + sql);
        ScanCounts counts = scanCounts(c, table);
        assertEquals(mustRead.size(), counts.filesRead(), "files read for " + sql + " on " + url);
        return counts;
      }
    }
    try (Connection off = DriverManager.getConnection(
        "jdbc:lake:" + lake + ";staticPruning=false" + properties)) {
      Rows.assertSameRows(expected, Rows.query(off, sql), false, "pruning off: " + sql);
    }
    Path corrupted = copyWithGarbageExcept(lake, table, mustRead);
    try (Connection on = DriverManager.getConnection("jdbc:lake:" + corrupted + properties)) {
      Rows.assertSameRows(expected, Rows.query(on, sql), false, "pruning on: " + sql);
      ScanCounts counts = scanCounts(on, table);
      assertEquals(mustRead.size(), counts.filesRead(), "files read for " + sql);
      return counts;
    } finally {
      PathUtils.deleteDirectory(corrupted.getParent());
    }
  }

  private static ScanCounts scanCounts(Connection c, String table) throws SQLException {
    List<List<String>> scans = Rows.query(c, "SELECT partitions_read, files_read, static_filter, "
        + "notes, dynamic_filter FROM sys.scans WHERE table_name = '" + table + "'");
    assertEquals(1, scans.size(), "one scan of " + table + ": " + scans);
    List<String> s = scans.get(0);
    return new ScanCounts(Integer.parseInt(s.get(0)), Integer.parseInt(s.get(1)),
        nullable(s.get(2)), nullable(s.get(3)), nullable(s.get(4)));
  }

  static Set<Path> dataFiles(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".parquet"))
          .filter(f -> !f.getFileName().toString().startsWith("."))
          .filter(f -> !f.toString().contains("/_")).map(Path::toAbsolutePath)
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A copy of the lake in which every data file of {@code table} outside {@code keep} is garbage. */
  private static Path copyWithGarbageExcept(Path lake, String table, Set<Path> keep) throws IOException {
    Path copy = Files.createTempDirectory("pruned").resolve("lake");
    PathUtils.copyDirectory(lake, copy);
    Set<Path> kept = new HashSet<>();
    for (Path k : keep) {
      kept.add(copy.resolve(lake.relativize(k)));
    }
    int garbage = 0;
    for (Path f : dataFiles(copy.resolve(table))) {
      if (!kept.contains(f)) {
        Files.writeString(f, "not parquet: a pruned query must never open this file");
        garbage++;
      }
    }
    assertTrue(garbage > 0 || keep.size() == dataFiles(copy.resolve(table)).size(),
        "the check needs files to corrupt");
    return copy;
  }
}
