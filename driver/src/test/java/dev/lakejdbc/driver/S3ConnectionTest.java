package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.S3Server.User;
import dev.lakejdbc.driver.S3Wire.Kind;
import dev.lakejdbc.driver.S3Wire.Mode;
import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connections to a lake on a real S3 API server ({@link S3Server}: s3proxy with authentication, two
 * users with different keys) through a proxy that counts what the server receives and injects faults:
 * each connection signs with its own keys and talks to its own endpoint, wrong keys are refused with a
 * message saying which key, file systems and threads end with the connections, and cancel, query
 * timeout and login timeout end a wait on S3 within about a second whatever the endpoint does.
 */
class S3ConnectionTest {
  @TempDir static Path base;
  static S3Server s3;
  static Path lake;
  static DuckDb duck;
  /** The bucket's files before any test, to show that the driver wrote nothing. */
  static Map<String, Long> bucketAsMade;
  /** Gives each test its own scope (file system and caches) where it needs a cold one. */
  static final AtomicInteger FRESH = new AtomicInteger();

  static final String COUNT_ALL = "SELECT count(*), sum(amount) FROM fact_orders";
  static final String ONE_DAY = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt = DATE '2026-01-03'";

  @BeforeAll static void start() throws Exception {
    s3 = new S3Server(base);
    lake = base.resolve("lake");
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(10).withFactBranches(3));
    s3.location(lake);
    duck = new DuckDb();
    duck.viewOfTable(lake, "fact_orders");
    bucketAsMade = tree(s3.localCopy(s3.location(lake)));
  }

  @AfterAll static void stop() throws Exception {
    try {
      assertEquals(bucketAsMade, tree(s3.localCopy(s3.location(lake))), "the driver never writes to the lake");
      assertEquals(0, s3.proxy().count(Kind.OTHER), "only LIST, HEAD and GET requests were made");
    } finally {
      duck.close();
      s3.close();
    }
  }

  private static Map<String, Long> tree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).collect(Collectors.toMap(p -> dir.relativize(p).toString(),
          p -> p.toFile().length(), (a, b) -> a, java.util.TreeMap::new));
    }
  }

  static String url(String endpoint, User user, String more) {
    return "jdbc:lake:" + s3.location(lake) + S3Server.properties(endpoint, user) + more;
  }

  static String url(User user, String more) {
    return url(s3.endpoint(), user, more);
  }

  /** A scope no other connection has: its own file system, listings and footers. */
  static String fresh() {
    return ";fs.s3a.lakejdbc.test.scope=" + FRESH.incrementAndGet();
  }

  // ---- credentials and endpoints -------------------------------------------------------------

  @Test void eachConnectionSignsWithItsOwnKeysAndListsForItself() throws Exception {
    List<List<String>> expected = duck.query(COUNT_ALL);
    try (Connection alice = DriverManager.getConnection(url(S3Server.ALICE, ""))) {
      Rows.assertSameRows(expected, Rows.query(alice, COUNT_ALL), false, COUNT_ALL);
      s3.proxy().reset();
      // Bob, right after Alice read every directory: he is served nothing of hers.
      try (Connection bob = DriverManager.getConnection(url(S3Server.BOB, ""))) {
        Rows.assertSameRows(expected, Rows.query(bob, COUNT_ALL), false, COUNT_ALL);
        Map<String, Long> signers = s3.proxy().byAccessKey();
        assertEquals(Set.of(S3Server.BOB.accessKey()), signers.keySet(), signers::toString);
        assertTrue(s3.proxy().count(Kind.LIST) >= 1 + 10 + 30, "Bob listed the table himself: "
            + s3.proxy().counts());
        // And Alice's connection still signs as Alice (a table she has not read yet).
        s3.proxy().reset();
        Rows.query(alice, "SELECT count(*) FROM dim_date");
        assertEquals(Set.of(S3Server.ALICE.accessKey()), s3.proxy().byAccessKey().keySet());
      }
    }
  }

  @Test void aWrongKeyNeverReadsAndARightKeyAfterItDoes() throws Exception {
    User wrongSecret = new User(S3Server.ALICE.accessKey(), "not-alices-secret");
    User unknownKey = new User("nobody-access-key", "whatever-secret");
    for (int round = 0; round < 2; round++) {
      try (Connection c = DriverManager.getConnection(url(S3Server.ALICE, ""))) {
        assertEquals(1, Rows.query(c, ONE_DAY).size());
      }
      SQLException secret = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(url(wrongSecret, "")));
      assertEquals("28000", secret.getSQLState(), secret.getMessage());
      assertTrue(secret.getMessage().contains("secret") && secret.getMessage().contains(
          S3Server.ALICE.accessKey()) && secret.getMessage().contains(s3.location(lake)),
          secret.getMessage());
      assertFalse(secret.getMessage().contains("not-alices-secret"), "the secret is never shown");
      SQLException unknown = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(url(unknownKey, "")));
      assertEquals("28000", unknown.getSQLState(), unknown.getMessage());
      assertTrue(unknown.getMessage().contains("does not know the access key 'nobody-access-key'"),
          unknown.getMessage());
      assertFalse(secret.getMessage().lines().count() > 1, "one line: " + secret.getMessage());
    }
    // Right after the wrong ones, the right key reads.
    try (Connection c = DriverManager.getConnection(url(S3Server.BOB, ""))) {
      Rows.assertSameRows(duck.query(ONE_DAY), Rows.query(c, ONE_DAY), false, ONE_DAY);
    }
  }

  @Test void userAndPasswordCarryTheKeys() throws Exception {
    Properties login = new Properties();
    login.setProperty("user", S3Server.BOB.accessKey());
    login.setProperty("password", S3Server.BOB.secretKey());
    s3.proxy().reset();
    try (Connection c = DriverManager.getConnection(url(null, fresh()), login)) {
      Rows.assertSameRows(duck.query(ONE_DAY), Rows.query(c, ONE_DAY), false, ONE_DAY);
    }
    assertEquals(Set.of(S3Server.BOB.accessKey()), s3.proxy().byAccessKey().keySet());
    login.setProperty("password", "wrong");
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(url(null, fresh()), login));
    assertEquals("28000", e.getSQLState(), e.getMessage());
  }

  @Test void anEndpointIsNeverIgnored() throws Exception {
    try (Connection c = DriverManager.getConnection(url(S3Server.ALICE, ""))) {
      assertEquals(1, Rows.query(c, ONE_DAY).size());
      int nothing = refusingPort();
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(
          url("http://127.0.0.1:" + nothing, S3Server.ALICE, "")));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals("08001", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("127.0.0.1:" + nothing) && e.getMessage().contains(
          s3.location(lake)), e.getMessage());
      assertTrue(millis < 8_000, "a refused endpoint fails within seconds, took " + millis + " ms");
    }
  }

  @Test void s3SchemeIsReadThroughS3A() throws Exception {
    String location = s3.location(lake).replaceFirst("^s3a:", "s3:");
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + location
        + s3.properties(S3Server.ALICE))) {
      Rows.assertSameRows(duck.query(ONE_DAY), Rows.query(c, ONE_DAY), false, ONE_DAY);
    }
  }

  @Test void folderMarkersAreIgnored() throws Exception {
    Path marked = base.resolve("marked");
    RetailLake.write(marked, RetailLake.Options.defaults().withDays(2).withFactBranches(2));
    // What s3n and EMR's old clients left next to every directory they made.
    try (Stream<Path> dirs = Files.walk(marked.resolve("fact_orders"))) {
      for (Path dir : dirs.filter(Files::isDirectory).toList()) {
        Files.writeString(dir.resolveSibling(dir.getFileName() + "_$folder$"), "");
      }
    }
    String sql = "SELECT count(*), sum(amount) FROM fact_orders";
    try (DuckDb d = new DuckDb()) {
      d.viewOfFiles("fact_orders", marked.resolve("fact_orders") + "/*/*/*.parquet");
      for (String u : List.of("jdbc:lake:" + marked, s3.url(marked, ""))) {
        try (Connection c = DriverManager.getConnection(u)) {
          Rows.assertSameRows(d.query(sql), Rows.query(c, sql), false, u);
        }
      }
    }
  }

  // ---- resources -----------------------------------------------------------------------------

  @Test void fileSystemsAndThreadsEndWithTheirConnections() throws Exception {
    // Warm up: classes loaded, the JVM-wide pools of the SDK started.
    for (int i = 0; i < 3; i++) {
      try (Connection c = DriverManager.getConnection(url(S3Server.ALICE, fresh()))) {
        Rows.query(c, ONE_DAY);
      }
    }
    int before = settledThreadCount(Integer.MAX_VALUE);
    int connections = 40;
    long loop = System.nanoTime();
    for (int i = 0; i < connections; i++) {
      // Half of them share one scope (one file system while both are open), half have their own.
      String scope = i % 2 == 0 ? "" : fresh();
      try (Connection c = DriverManager.getConnection(url(i % 3 == 0 ? S3Server.BOB : S3Server.ALICE,
          scope)); Statement st = c.createStatement()) {
        if (i % 10 == 0) {
          Rows.read(st.executeQuery(ONE_DAY));
        }
      }
    }
    System.out.println(connections + " connections in " + (System.nanoTime() - loop) / 1_000_000 + " ms");
    assertEquals(0, LakeFileSystems.openCount(), "every file system closed with its last connection");
    int after = settledThreadCount(before);
    System.out.println("threads: " + before + " before, " + after + " after " + connections
        + " connections");
    assertTrue(after <= before + 2, "threads before " + before + ", after " + connections
        + " connections " + after + ": " + lakeThreads());
    assertEquals(List.of(), lakeThreads().stream().filter(n -> n.startsWith("lake-storage-call")
        || n.startsWith("s3a-transfer")).toList());
  }

  /** The thread count once it has not changed for half a second (idle pools ending), at most 10 s. */
  private static int settledThreadCount(int target) throws InterruptedException {
    int count = Thread.activeCount();
    int stable = 0;
    for (int i = 0; i < 100 && stable < 5; i++) {
      Thread.sleep(100);
      int now = Thread.activeCount();
      stable = now == count || now <= target ? stable + 1 : 0;
      count = now;
    }
    return count;
  }

  private static List<String> lakeThreads() {
    return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
  }

  /**
   * A local port nothing listens on. Port 1 (privileged, never a test server's); a port just freed
   * can be taken by another server of the run before the test connects to it (CI once got a 403 there).
   */
  private static int refusingPort() throws IOException {
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(new java.net.InetSocketAddress("127.0.0.1", 1), 1_000);
    } catch (java.net.ConnectException refused) {
      return 1;
    }
    return freePort();
  }

  private static int freePort() throws IOException {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  // ---- waiting on S3 ---------------------------------------------------------------------------

  /** A query that must read data files, on a connection of its own scope: nothing cached. */
  private static final String READ_DATA = "SELECT sum(amount), max(price) FROM fact_orders";

  enum Fault { REFUSE, SILENT, DIE }

  private static void fault(Fault fault) throws IOException {
    switch (fault) {
      case REFUSE -> s3.proxy().mode(Mode.REFUSE);
      case SILENT -> s3.proxy().mode(Mode.SILENT);
      // Two more requests pass, then every connection is cut and new ones refused: mid-query.
      case DIE -> s3.proxy().dieAfter(2);
    }
  }

  /**
   * Runs {@code sql} on {@code c} against a faulty endpoint, stopped by a timeout or a cancel; how long
   * it took.
   */
  private static long stoppedWithin(Connection c, Fault fault, boolean cancel, String sql)
      throws Exception {
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try (Statement st = c.createStatement()) {
      fault(fault);
      if (cancel) {
        timer.schedule(() -> {
          try {
            st.cancel();
          } catch (SQLException e) {
            throw new IllegalStateException(e);
          }
        }, 500, TimeUnit.MILLISECONDS);
      } else {
        st.setQueryTimeout(1);
      }
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> Rows.read(st.executeQuery(sql)));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals("57014", e.getSQLState(), fault + ": " + e);
      if (!cancel) {
        assertTrue(e instanceof java.sql.SQLTimeoutException, e.toString());
      }
      return millis;
    } finally {
      timer.shutdownNow();
      s3.proxy().dieAfter(-1);
      s3.proxy().mode(Mode.PASS);
    }
  }

  @Test void timeoutAndCancelEndAWaitOnS3WithinSeconds() throws Exception {
    // Every query lists afresh (no listing cache), so each one waits on the endpoint.
    try (Connection c = DriverManager.getConnection(url(S3Server.ALICE, fresh()
        + ";listingCacheSeconds=0"))) {
      // Schema known, file system warm: what is left is the scan's own requests.
      Rows.query(c, "SELECT count(*) FROM fact_orders WHERE dt = DATE '2026-01-02'");
      for (Fault fault : Fault.values()) {
        for (boolean cancel : new boolean[] {false, true}) {
          long millis = stoppedWithin(c, fault, cancel, READ_DATA);
          assertTrue(millis < (cancel ? 1_800 : 2_300), fault + (cancel ? " cancel" : " timeout")
              + " took " + millis + " ms");
        }
      }
      // And the connection reads again once the endpoint is back.
      Rows.assertSameRows(duck.query(READ_DATA), Rows.query(c, READ_DATA), false, READ_DATA);
    }
  }

  @Test void aTimeoutWhileTheSchemaIsDiscovered() throws Exception {
    try (Connection c = DriverManager.getConnection(url(S3Server.ALICE, fresh()));
        Statement st = c.createStatement()) {
      s3.proxy().mode(Mode.SILENT);
      st.setQueryTimeout(1);
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> Rows.read(st.executeQuery(COUNT_ALL)));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals("57014", e.getSQLState(), e.toString());
      assertTrue(millis < 2_300, "took " + millis + " ms");
    } finally {
      s3.proxy().mode(Mode.PASS);
    }
  }

  @Test void theLoginTimeoutBoundsGetConnection() throws Exception {
    int saved = DriverManager.getLoginTimeout();
    try {
      s3.proxy().mode(Mode.SILENT);
      DriverManager.setLoginTimeout(1);
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(url(S3Server.ALICE, fresh())));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals("08001", e.getSQLState(), e.toString());
      assertTrue(e.getMessage().contains("Login timeout") && e.getMessage().contains(s3.location(lake)),
          e.getMessage());
      assertTrue(millis < 2_300, "took " + millis + " ms");
      assertEquals(0, LakeFileSystems.openCount(), "the failed connection's file system is closed");
    } finally {
      DriverManager.setLoginTimeout(saved);
      s3.proxy().mode(Mode.PASS);
    }
  }

  @Test void anEndpointThatDiesMidQueryFailsWithinSecondsWithoutATimeout() throws Exception {
    try (Connection c = DriverManager.getConnection(url(S3Server.ALICE, fresh() + ";listingCacheSeconds=0"))) {
      Rows.query(c, "SELECT count(*) FROM fact_orders WHERE dt = DATE '2026-01-02'");
      s3.proxy().dieAfter(3);
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, READ_DATA));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals("58030", e.getSQLState(), e.toString());
      assertTrue(e.getMessage().contains(s3.location(lake)), e.getMessage());
      assertTrue(millis < 10_000, "took " + millis + " ms");
    } finally {
      s3.proxy().dieAfter(-1);
      s3.proxy().mode(Mode.PASS);
    }
  }
}
