package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.stats.RunningScans;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Statement.cancel() and Statement.setQueryTimeout stop a scan of seconds promptly, with SQLState 57014
 * naming the table, release its files, and leave the connection and the statement usable.
 */
class CancellationTest {
  /**
   * Three scans of the 10 million rows, decoding and matching a string per row: several seconds even on
   * a fast machine (about 7 s each here).
   */
  static final String SLOW = "SELECT count(*) FROM (SELECT s FROM big UNION ALL SELECT s FROM big "
      + "UNION ALL SELECT s FROM big) WHERE s LIKE '%qq%zz%'";
  /** How long after the cancel (or the timeout) the query may take to end. */
  static final long PROMPT_MILLIS = 1_000;

  static Path lake;
  static ScheduledExecutorService timer;

  @BeforeAll static void setUp() throws Exception {
    lake = BigLake.root();
    timer = Executors.newSingleThreadScheduledExecutor();
    // Discovery reads the footers of the 2,000 files once per JVM: not part of what is timed.
    try (Connection c = connect()) {
      assertEquals(List.of(List.of(String.valueOf(BigLake.ROWS))), Rows.query(c, "SELECT count(*) FROM big"));
    }
  }

  @AfterAll static void tearDown() {
    timer.shutdownNow();
  }

  static Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + lake);
  }

  private static void cancelAfter(Statement s, long millis) {
    timer.schedule(() -> {
      try {
        s.cancel();
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }, millis, TimeUnit.MILLISECONDS);
  }

  /** Runs {@code sql} to its first row and returns the failure it must end with, and how long it took. */
  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static SQLException failingRun(Statement s, String sql) {
    SQLException[] failure = new SQLException[1];
    failingRun(s, sql, failure);
    return failure[0];
  }

  private static long[] failingRun(Statement s, String sql, SQLException[] failure) {
    long start = System.nanoTime();
    failure[0] = assertThrows(SQLException.class, () -> {
      try (ResultSet rs = s.executeQuery(sql)) {
        rs.next();
      }
    });
    return new long[] {(System.nanoTime() - start) / 1_000_000};
  }

  private static void assertCanceled(SQLException e) {
    assertEquals("57014", e.getSQLState(), () -> "SQLState of " + e);
    assertTrue(e.getMessage().contains("big"), () -> "names the table: " + e.getMessage());
  }

  /** The files the last scan of {@code big} on this connection opened, from sys.scans. */
  private static long filesRead(Connection c) throws SQLException {
    List<List<String>> scans = Rows.query(c, "SELECT files_read FROM sys.scans WHERE table_name = 'big' "
        + "ORDER BY statement_id DESC LIMIT 1");
    return Long.parseLong(scans.get(0).get(0));
  }

  @Test void cancelFromAnotherThreadStopsTheScanAndReleasesItsFiles() throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      int descriptors = OpenFiles.count();
      cancelAfter(s, 200);
      SQLException[] failure = new SQLException[1];
      long millis = failingRun(s, SLOW, failure)[0];
      assertCanceled(failure[0]);
      assertTrue(millis < 200 + PROMPT_MILLIS, "ended " + millis + " ms after the start, cancel at 200 ms");
      assertTrue(filesRead(c) < BigLake.FILES, "stopped before the last file");
      OpenFiles.awaitAtMost(descriptors + OpenFiles.SLACK, "after the canceled scan");
      // The same statement and the connection go on working.
      assertEquals(List.of(List.of("5000")), Rows.read(s.executeQuery("SELECT count(*) FROM big WHERE p = 7")));
      assertEquals(List.of(List.of("1")), Rows.query(c, "SELECT count(*) FROM big WHERE p = 7 AND id = 9"));
    }
  }

  /** What the shell's progress line reads: the running scans, their files read of files to read. */
  @Test void aRunningScanShowsItsProgressUntilItIsCanceled() throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      List<ScanStatistics> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
      // Cancel once the first scan has read a few files (waiting at most 20 s for it).
      timer.execute(() -> {
        for (int wait = 0; wait < 1_000 && seen.isEmpty(); wait++) {
          RunningScans.snapshot().stream().filter(r -> r.table().equals("big") && r.filesRead() > 10)
              .forEach(seen::add);
          sleep(20);
        }
        try {
          s.cancel();
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      assertCanceled(failingRun(s, SLOW));
      assertEquals(1, seen.size(), "one of the three scans of big runs at a time: " + seen.size());
      ScanStatistics running = seen.get(0);
      assertEquals(BigLake.FILES, running.filesToRead());
      assertTrue(running.filesRead() > 0 && running.filesRead() < BigLake.FILES, "" + running.filesRead());
      assertFalse(running.running(), "closed by the cancel");
      assertTrue(RunningScans.snapshot().stream().noneMatch(r -> r.table().equals("big")),
          "no scan of big left running");
    }
  }

  @Test void queryTimeoutStopsTheScan() throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.setQueryTimeout(1);
      SQLException[] failure = new SQLException[1];
      long millis = failingRun(s, SLOW, failure)[0];
      assertCanceled(failure[0]);
      assertInstanceOf(SQLTimeoutException.class, failure[0]);
      assertTrue(millis >= 900 && millis < 1_000 + PROMPT_MILLIS, "timed out after " + millis + " ms");
      // Within its timeout the next query of the statement succeeds.
      assertEquals(List.of(List.of("5000")), Rows.read(s.executeQuery("SELECT count(*) FROM big WHERE p = 7")));
    }
  }

  @Test void cancelWhileTheClientReadsRowsAndAPreparedStatementRunsAgain() throws Exception {
    try (Connection c = connect();
        PreparedStatement ps = c.prepareStatement("SELECT s FROM big WHERE p >= ?")) {
      ps.setInt(1, 0);
      long canceledAt;
      SQLException failure = null;
      try (ResultSet rs = ps.executeQuery()) {
        for (int i = 0; i < 20_000; i++) {
          assertTrue(rs.next());
        }
        ps.cancel();
        canceledAt = System.nanoTime();
        try {
          while (rs.next()) {
            rs.getString(1);
          }
        } catch (SQLException e) {
          failure = e;
        }
      }
      long millis = (System.nanoTime() - canceledAt) / 1_000_000;
      assertTrue(failure != null, "reading on after a cancel fails");
      assertEquals("57014", failure.getSQLState(), failure::toString);
      assertTrue(millis < PROMPT_MILLIS, "ended " + millis + " ms after the cancel");
      ps.setInt(1, BigLake.FILES - 1);
      try (ResultSet rs = ps.executeQuery()) {
        assertEquals(BigLake.ROWS_PER_FILE, Rows.read(rs).size());
      }
    }
  }

  @Test void aCancelDoesNotReachIntoAnotherStatement() throws Exception {
    try (Connection c = connect(); Statement slow = c.createStatement(); Statement other = c.createStatement()) {
      cancelAfter(slow, 200);
      SQLException[] failure = new SQLException[1];
      failingRun(slow, SLOW, failure);
      assertCanceled(failure[0]);
      assertEquals(List.of(List.of("5000")), Rows.read(other.executeQuery("SELECT count(*) FROM big WHERE p = 8")));
    }
  }
}
