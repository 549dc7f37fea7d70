package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.LakeFixture;
import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.calcite.avatica.AvaticaStatement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sixteen threads with a connection each, then sixteen threads sharing one connection with a statement
 * each, run a mixed query set (static and dynamic pruning, aggregates, counts from footers, prepared
 * statements, sys.scans, REFRESH) for a bounded time; every answer must equal the single-threaded one.
 */
class ConcurrencyTest {
  static final int THREADS = 16;
  /** Seconds each of the two runs lasts; longer in the long run. */
  static final int SECONDS = LongRun.on() ? 30 : 5;

  static final List<String> QUERIES = List.of(
      "SELECT count(*), sum(amount) FROM fact_orders WHERE dt BETWEEN DATE '2026-07-01' AND DATE '2026-07-07'",
      "SELECT d.date_id, count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
          + "WHERE d.date_type = 'holiday' GROUP BY d.date_id",
      "SELECT t.branch_id, count(*), sum(t.amount) FROM transactions t JOIN dim_branches b "
          + "ON t.branch_id = b.branch_id WHERE b.region = 'West' GROUP BY t.branch_id",
      "SELECT branch, count(*), sum(amount) FROM txn_by_city WHERE branch = 'Mumbai' GROUP BY branch",
      "SELECT category, day, count(*), max(id) FROM events GROUP BY category, day",
      "SELECT count(*) FROM fact_orders",
      "SELECT dt, count(*) FROM fact_orders WHERE dt >= DATE '2026-12-20' GROUP BY dt",
      "SELECT max(discount), min(order_id), sum(qty) FROM fact_orders WHERE dt >= DATE '2026-11-01'",
      "SELECT code, count(*) FROM codes GROUP BY code",
      "SELECT channel, count(*), sum(amount) FROM transactions WHERE branch_id IN ('MUM001', 'GOA003') "
          + "AND amount > 100 GROUP BY channel",
      "SELECT f.dt, count(*) FROM fact_orders f WHERE f.dt IN (SELECT date_id FROM dim_date "
          + "WHERE month = 7 AND date_type = 'weekend') GROUP BY f.dt");
  static final String BY_DAY = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt = ?";
  static final String LAST_SCAN = "SELECT partitions_read, files_read, rows_read FROM sys.scans "
      + "WHERE table_name = 'fact_orders' ORDER BY statement_id DESC LIMIT 1";

  static Map<String, List<List<String>>> expected = new HashMap<>();
  static Map<LocalDate, List<List<String>>> expectedByDay = new HashMap<>();
  /** For the queries on fact_orders: what sys.scans says of their scan, on a connection of one's own. */
  static Map<String, List<List<String>>> expectedScan = new HashMap<>();

  @BeforeAll static void singleThreaded() throws Exception {
    try (Connection c = connect()) {
      for (String q : QUERIES) {
        expected.put(q, Rows.query(c, q));
        if (q.contains("fact_orders")) {
          expectedScan.put(q, Rows.query(c, LAST_SCAN));
        }
      }
      try (PreparedStatement ps = c.prepareStatement(BY_DAY)) {
        for (int d = 0; d < 365; d += 7) {
          LocalDate day = LocalDate.of(2026, 1, 1).plusDays(d);
          ps.setDate(1, java.sql.Date.valueOf(day));
          expectedByDay.put(day, Rows.read(ps.executeQuery()));
        }
      }
    }
  }

  static Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + LakeFixture.lake());
  }

  @Test void sixteenThreadsWithAConnectionEach() throws Exception {
    run(false);
  }

  @Test void sixteenThreadsSharingOneConnection() throws Exception {
    run(true);
  }

  /**
   * Statements created, run and closed at once by many threads on one connection: each gets an id of
   * its own and is found when it runs (Avatica's counter and Calcite's statement map are not safe for
   * this by themselves; see ThreadSafeCalciteMeta).
   */
  @Test void statementsCreatedAtOnceOnOneConnectionAreEachTheirOwn() throws Exception {
    List<String> failures = Collections.synchronizedList(new ArrayList<>());
    Set<Integer> ids = ConcurrentHashMap.newKeySet();
    AtomicInteger created = new AtomicInteger();
    int perThread = 300;
    try (Connection c = connect()) {
      CyclicBarrier start = new CyclicBarrier(THREADS);
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int id = t;
        threads.add(new Thread(() -> {
          try {
            start.await();
            for (int i = 0; i < perThread && failures.size() < 20; i++) {
              try (Statement s = c.createStatement()) {
                ids.add(s.unwrap(AvaticaStatement.class).getId());
                created.incrementAndGet();
                try (ResultSet rs = s.executeQuery("SELECT " + i)) {
                  if (!rs.next() || rs.getInt(1) != i) {
                    failures.add("thread " + id + ": wrong answer to SELECT " + i);
                  }
                }
              }
            }
          } catch (Throwable e) {
            failures.add("thread " + id + ": " + e);
          }
        }, "statements-" + t));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
    assertEquals(created.get(), ids.size(), "statement ids handed out twice");
  }

  private void run(boolean shared) throws Exception {
    List<String> failures = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger done = new AtomicInteger();
    long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
    try (Connection sharedConnection = connect()) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int id = t;
        threads.add(new Thread(() -> {
          try (Connection own = shared ? null : connect()) {
            Connection c = shared ? sharedConnection : own;
            SplittableRandom random = new SplittableRandom(id);
            try (Statement s = c.createStatement(); PreparedStatement ps = c.prepareStatement(BY_DAY)) {
              while (System.nanoTime() < deadline && failures.size() < 20) {
                String what = step(s, ps, random, shared);
                if (what != null) {
                  failures.add("thread " + id + ": " + what);
                }
                done.incrementAndGet();
              }
            }
          } catch (Throwable e) {
            failures.add("thread " + id + ": " + e);
          }
        }, "query-" + t));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
    }
    String summary = String.format(Locale.ROOT, "%d threads %s, %d s: %d statements, %d failures",
        THREADS, shared ? "sharing one connection" : "with a connection each", SECONDS, done.get(),
        failures.size());
    System.out.println("concurrency: " + summary);
    assertTrue(failures.isEmpty(), summary + "\n" + String.join("\n", failures));
  }

  /** One statement; a description of what went wrong, or null. */
  private static String step(Statement s, PreparedStatement ps, SplittableRandom random, boolean shared) {
    String sql = null;
    try {
      int roll = random.nextInt(100);
      if (roll < 2) {
        sql = "REFRESH";
        s.execute(sql);
        return null;
      }
      if (roll < 20) {
        LocalDate day = LocalDate.of(2026, 1, 1).plusDays(7L * random.nextInt(53));
        sql = BY_DAY + " [" + day + "]";
        ps.setDate(1, java.sql.Date.valueOf(day));
        try (ResultSet rs = ps.executeQuery()) {
          String wrong = differs(expectedByDay.get(day), Rows.read(rs));
          return wrong == null ? null : sql + ": " + wrong;
        }
      }
      sql = QUERIES.get(random.nextInt(QUERIES.size()));
      List<List<String>> rows;
      try (ResultSet rs = s.executeQuery(sql)) {
        rows = Rows.read(rs);
      }
      String wrong = differs(expected.get(sql), rows);
      if (wrong != null) {
        wrong = sql + ": " + wrong;
      }
      if (wrong != null || !expectedScan.containsKey(sql)) {
        return wrong;
      }
      // What sys.scans says of the scan: exactly that on a connection of one's own; on a shared one
      // another thread's statement may be the last, so only its sanity is checked.
      try (ResultSet rs = s.executeQuery(LAST_SCAN)) {
        List<List<String>> scan = Rows.read(rs);
        if (!shared) {
          String scanWrong = differs(expectedScan.get(sql), scan);
          return scanWrong == null ? null : "sys.scans after " + sql + ": " + scanWrong;
        }
        return scan.size() == 1 ? null : "sys.scans: " + scan;
      }
    } catch (Exception e) {
      return sql + ": " + e;
    }
  }

  private static String differs(List<List<String>> expected, List<List<String>> actual) {
    try {
      Rows.assertSameRows(expected, actual, false, "rows");
      return null;
    } catch (AssertionError e) {
      return e.getMessage();
    }
  }
}
