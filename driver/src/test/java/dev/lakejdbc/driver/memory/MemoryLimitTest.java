package dev.lakejdbc.driver.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Past the limit, in a JVM of 256 MB: with spilling off a query fails with 53200 naming its operator
 * and the connection goes on; a runaway join on one of 16 connections holds its limit while the other
 * 15 answer correctly, and a cancel stops it and removes its spill files; an OutOfMemoryError inside
 * the driver reaches the caller as 53200.
 */
class MemoryLimitTest {
  static DuckDb duck;
  static ExecutorService threads;

  @BeforeAll static void open() throws Exception {
    SmallHeap.assumeSmallHeap();
    duck = BigTable.duckDb();
    threads = Executors.newCachedThreadPool();
  }

  @AfterAll static void close() throws Exception {
    if (threads != null) {
      threads.shutdownNow();
      assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS));
      duck.close();
    }
  }

  static Connection connect(String properties) throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + BigTable.root() + SmallHeap.SPILL + properties);
  }

  @Test void overTheLimitWithSpillingOffFailsAndTheConnectionGoesOn() throws Exception {
    try (Connection c = connect(";spill=false")) {
      String sql = "SELECT a.s, count(*) FROM big a JOIN big b ON a.k = b.k GROUP BY a.s";
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, sql));
      assertEquals("53200", e.getSQLState(), e::toString);
      assertTrue(e.getMessage().contains("INNER JOIN ON k = k")
          && e.getMessage().contains("queryMemoryLimit=25% (the default)")
          && e.getMessage().contains("spill=false") && e.getMessage().contains("Raise queryMemoryLimit"),
          e.getMessage());
      String small = "SELECT p, count(*), max(v) FROM big WHERE p = 2 GROUP BY p";
      Rows.assertSameRows(duck.query(small), Rows.query(c, small), false, small);
      assertEquals(List.of(List.of("0")), Rows.query(c, "SELECT max(held_bytes) FROM sys.queries"));
    }
  }

  @Test void aRunawayJoinHoldsItsLimitWhileFifteenOtherConnectionsAnswer() throws Exception {
    List<String> queries = List.of(
        "SELECT p, count(*), sum(g) FROM big WHERE p = 1 GROUP BY p",
        "SELECT k, v FROM big WHERE p = 3 ORDER BY v DESC LIMIT 5",
        "SELECT g, count(*) FROM big WHERE p = 0 AND g < 40 GROUP BY g");
    List<List<List<String>>> expected = new ArrayList<>();
    for (String q : queries) {
      expected.add(duck.query(q));
    }
    try (Connection runaway = connect(""); Statement s = runaway.createStatement()) {
      // A trillion joined rows (four keys of half a million rows a side), its build side of two
      // million rows spilled first: it would run for hours.
      AtomicReference<Throwable> end = new AtomicReference<>();
      Future<?> running = threads.submit(() -> {
        try (ResultSet rs = s.executeQuery(
            "SELECT count(*), max(a.v + b.v) FROM big a JOIN big b ON a.p = b.p")) {
          rs.next();
        } catch (Throwable t) {
          end.set(t);
        }
        return null;
      });
      awaitSpillFiles();
      List<Future<Integer>> others = new ArrayList<>();
      for (int i = 0; i < 15; i++) {
        others.add(threads.submit(() -> {
          int answered = 0;
          try (Connection c = connect("")) {
            for (int q = 0; q < queries.size(); q++) {
              Rows.assertSameRows(expected.get(q), Rows.query(c, queries.get(q)), q == 1,
                  queries.get(q));
              answered++;
            }
          }
          return answered;
        }));
      }
      for (Future<Integer> other : others) {
        assertEquals(queries.size(), other.get(5, TimeUnit.MINUTES));
      }
      assertTrue(!running.isDone(), "the runaway join is still running: " + end.get());
      s.cancel();
      running.get(1, TimeUnit.MINUTES);
      assertTrue(end.get() instanceof SQLException e && "57014".equals(e.getSQLState()),
          "canceled: " + end.get());
    }
    assertEquals(List.of(), SmallHeap.spillFiles(), "the canceled join's spill files are gone");
  }

  @Test void aCancelWhileASortSpillsRemovesItsFiles() throws Exception {
    try (Connection c = connect(""); Statement s = c.createStatement()) {
      AtomicReference<Throwable> end = new AtomicReference<>();
      Future<?> running = threads.submit(() -> {
        try (ResultSet rs = s.executeQuery("SELECT k, s, v, g FROM big ORDER BY s, v")) {
          rs.next();
        } catch (Throwable t) {
          end.set(t);
        }
        return null;
      });
      awaitSpillFiles();
      s.cancel();
      running.get(1, TimeUnit.MINUTES);
      assertTrue(end.get() instanceof SQLException e && "57014".equals(e.getSQLState()),
          "canceled: " + end.get());
      assertEquals(List.of(), SmallHeap.spillFiles(), "spill files after the cancel");
      String small = "SELECT count(*) FROM big WHERE p = 0";
      Rows.assertSameRows(duck.query(small), Rows.query(c, small), false, small);
    }
  }

  /**
   * A result set abandoned in the middle of a spilled sort — neither read to its end nor closed, nor
   * its statement or connection — gives its memory back and its spill files are deleted once it is
   * garbage, at the next execution of any connection.
   */
  @Test void anAbandonedResultSetsSpillFilesGoOnceItIsGarbage() throws Exception {
    abandonASpilledSort();
    assertTrue(!SmallHeap.spillFiles().isEmpty(), "the abandoned sort's runs are on disk");
    try (Connection c = connect("")) {
      for (int i = 0; i < 100 && !SmallHeap.spillFiles().isEmpty(); i++) {
        System.gc();
        Thread.sleep(50);
        Rows.query(c, "SELECT k FROM big WHERE p = 2 ORDER BY v LIMIT 3");
      }
    }
    assertEquals(List.of(), SmallHeap.spillFiles(), "spill files of the abandoned result set");
  }

  private static void abandonASpilledSort() throws SQLException {
    Connection c = connect("");
    ResultSet rs = c.createStatement().executeQuery("SELECT k, s FROM big ORDER BY s, k");
    assertTrue(rs.next());
  }

  /** Waits (at most a minute) until an operator has written a spill file. */
  private static void awaitSpillFiles() throws InterruptedException {
    for (int i = 0; i < 600; i++) {
      for (Path dir : SmallHeap.spillFiles()) {
        if (dir.toFile().list() != null && dir.toFile().list().length > 0) {
          return;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no spill file written within a minute");
  }

  /**
   * A window function — which the driver does not bound — over two million rows in a JVM of 128 MB:
   * the OutOfMemoryError it raises reaches the caller as a 53200 SQLException, and the connection
   * answers the next query. Run in a JVM of its own: an OutOfMemoryError may strike any thread.
   */
  @Test void anOutOfMemoryErrorReachesTheCallerAs53200() throws Exception {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    String sql = "SELECT k, v, row_number() OVER (ORDER BY v) FROM big";
    Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx128m", "-cp", classPath, OutOfMemoryScenario.class.getName(), BigTable.root().toString(),
        sql, "SELECT count(*) FROM big WHERE p = 1").redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(3, TimeUnit.MINUTES), output);
    assertEquals(0, process.exitValue(), output);
    assertTrue(output.contains("failed: 53200 The JVM ran out of heap"), output);
    assertTrue(output.contains("next query: " + duck.query("SELECT count(*) FROM big WHERE p = 1")),
        output);
    System.out.printf(Locale.ROOT, "memory: %s%n", output.lines().filter(l -> l.startsWith("failed"))
        .findFirst().orElse(output));
  }
}
