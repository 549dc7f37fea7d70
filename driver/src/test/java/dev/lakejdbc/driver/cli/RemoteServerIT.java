package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lakejdbc.testdata.BankLake;
import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.DuckDb;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar lake-jdbc.jar --serve 0 <lake>} in a process of its own, queried from another process
 * whose class path holds only Avatica's client jar (with the slf4j-api it needs) and {@link RemoteClient},
 * which uses nothing but java.sql. Every answer must equal the in-process driver's, and sys.scans, read
 * through the remote connection, must show that exactly the matching partitions' files were opened.
 */
class RemoteServerIT {
  private static final String STATIC = "SELECT count(*) AS orders, sum(amount) AS revenue "
      + "FROM fact_orders WHERE dt BETWEEN DATE '2026-03-01' AND DATE '2026-03-07'";
  private static final String DYNAMIC = "SELECT d.date_id, count(*) AS orders, sum(f.amount) AS revenue "
      + "FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday' "
      + "GROUP BY d.date_id ORDER BY d.date_id";
  private static final String PREPARED = "{2026-03-04} SELECT count(*) AS orders, sum(amount) AS revenue "
      + "FROM fact_orders WHERE dt = ?";
  private static final String BANK_DYNAMIC = "SELECT t.branch_id, count(*) AS txns, sum(t.amount) AS total "
      + "FROM transactions t JOIN dim_branches b ON t.branch_id = b.branch_id WHERE b.region = 'West' "
      + "GROUP BY t.branch_id ORDER BY t.branch_id";
  /** The scans of the last statement that read lake tables (sys.scans keeps the connection's last 200). */
  private static final String LAST_SCANS = "SELECT table_name, partitions_total, partitions_read, "
      + "files_read, static_filter, dynamic_filter, notes FROM sys.scans "
      + "WHERE statement_id = (SELECT max(statement_id) FROM sys.scans) ORDER BY table_name";
  private static final String MISSING_TABLE = "SELECT * FROM no_such_table";

  /** Run remotely and in process; the outcomes must agree line by line. */
  private static final List<String> SHARED = List.of(
      "TABLES",
      // Every type the lake has: BIGINT, INTEGER, DECIMAL with NULLs, DOUBLE, DATE, TIMESTAMP, VARCHAR.
      "SELECT * FROM fact_orders WHERE dt = DATE '2026-03-02' ORDER BY order_id",
      "SELECT * FROM transactions WHERE branch_id = 'MUM001' ORDER BY txn_id",
      STATIC, LAST_SCANS,
      DYNAMIC, LAST_SCANS,
      PREPARED, LAST_SCANS,
      BANK_DYNAMIC, LAST_SCANS,
      "EXPLAIN PLAN FOR " + DYNAMIC,
      "EXPLAIN ANALYZE " + STATIC,
      MISSING_TABLE,
      "SELECT no_such_column FROM fact_orders",
      "SELEC 1",
      "INSERT INTO dim_date SELECT * FROM dim_date");
  /** Nested columns: served as their JSON text, as nestedColumns=json gives them in process. */
  private static final String NESTED = "SELECT i, s, arr, ls, m FROM nested ORDER BY i";
  /** Remote only: nested columns, the lake properties a client may set, and ones it may not. */
  private static final List<String> REMOTE_ONLY = List.of(
      NESTED,
      "CONNECT nestedColumns=sql",
      "CONNECT dpp=false",
      DYNAMIC, LAST_SCANS,
      "CONNECT model=inline:{}",
      "SELECT count(*) AS n FROM dim_date");
  /** Times in EXPLAIN ANALYZE differ from run to run. */
  private static final Pattern MILLIS = Pattern.compile("\\d+(\\.\\d+)? ms");
  /** So do the bytes its memory lines report: reader threads fill their buffers as they go. */
  private static final Pattern BYTES = Pattern.compile("\\d+(\\.\\d+)? (B|KB|MB|GB)\\b");
  private static final Pattern CLIENT_URL = Pattern.compile(
      "Connect with: (jdbc:avatica:remote:url=http://([^:]+):(\\d+);serialization=protobuf)");
  /** Unlike the server's: Avatica's client must not shift dates and timestamps into its own zone. */
  private static final String CLIENT_ZONE = "Pacific/Chatham";

  @TempDir static Path lake;
  @TempDir static Path work;
  static ServerProcess server;
  static String clientUrl;
  static List<Block> remote;
  static List<Block> local;
  static DuckDb duck;

  /** A script line's outcome as {@link RemoteClient} prints it. */
  record Block(String line, List<String> output) {
    boolean failed() {
      return !output.isEmpty() && output.get(0).startsWith("error: ");
    }

    String sqlState() {
      return output.get(0).split(" ")[1];
    }

    String message() {
      return output.get(1);
    }

    /** The {@code row:} lines, values split. */
    List<List<String>> rows() {
      return output.stream().filter(l -> l.startsWith("row: "))
          .map(l -> List.of(l.substring("row: ".length()).split(" \\| "))).toList();
    }
  }

  @BeforeAll static void serveAndQuery() throws Exception {
    // Smaller than the defaults, to keep the test fast: 90 days, 20 branches.
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(90));
    BankLake.write(lake, BankLake.Options.defaults().withBranches(20));
    writeNestedTable();
    server = ServerProcess.start(work, "--serve", "0", lake.toString());

    // In process while the server starts.
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      RemoteClient.run("jdbc:lake:" + lake, SHARED, out);
    }
    local = blocks(bytes.toString(StandardCharsets.UTF_8));

    clientUrl = server.awaitLine(CLIENT_URL).group(1);
    List<String> script = new ArrayList<>(SHARED);
    script.addAll(REMOTE_ONLY);
    remote = blocks(runClient(script));
    assertEquals(script, remote.stream().map(Block::line).toList(), "one block per script line");

    duck = new DuckDb();
    duck.viewOfFiles("fact_orders", lake.resolve("fact_orders") + "/dt=*/*.parquet");
    duck.viewOfFiles("dim_date", lake.resolve("dim_date") + "/*.parquet");
    duck.viewOfFiles("transactions", lake.resolve("transactions") + "/branch_id=*/*.parquet");
    duck.viewOfFiles("dim_branches", lake.resolve("dim_branches") + "/*.parquet");
  }

  /** A struct (sometimes NULL), a list, a list of structs and a map, written by DuckDB. */
  private static void writeNestedTable() throws Exception {
    try (DuckDb writer = new DuckDb()) {
      Files.createDirectories(lake.resolve("nested"));
      writer.execute("COPY (SELECT i, CASE WHEN i % 3 = 0 THEN NULL ELSE {'a': i, 'b': 'b' || i} END AS s, "
          + "[i, i + 1] AS arr, [{'x': i, 'y': i / 2}] AS ls, MAP(['k'], [i]) AS m FROM range(1, 6) t(i)) "
          + "TO '" + lake.resolve("nested").resolve("data.parquet") + "' (FORMAT PARQUET)");
    }
  }

  @AfterAll static void stopServer() throws Exception {
    try {
      if (duck != null) {
        duck.close();
      }
    } finally {
      if (server != null) {
        // SIGTERM: the shutdown hook stops the HTTP server and the process ends by itself.
        assertTrue(server.stop(), () -> "the server did not stop on SIGTERM; " + server.transcript());
      }
    }
  }

  @Test void everyAnswerEqualsTheInProcessDriversOne() {
    assertEquals(SHARED.size(), local.size(), "in-process blocks");
    for (int i = 0; i < SHARED.size(); i++) {
      Block r = remote.get(i);
      Block l = local.get(i);
      if (l.failed()) {
        assertTrue(r.failed(), () -> "remote succeeded where in-process failed: " + r + " vs " + l);
        assertEquals(l.sqlState(), r.sqlState(), () -> "SQLState of " + l.line() + ": " + r);
        // Avatica prefixes the server's message ("Remote driver error: ..."), and keeps it whole.
        String message = l.message().substring("message: ".length());
        assertTrue(r.message().contains(message), () -> "remote message lacks [" + message + "]: " + r);
      } else {
        assertEquals(normalized(l.output()), normalized(r.output()), "answer to " + l.line());
        assertTrue(l.output().stream().anyMatch(o -> o.startsWith("row: ") || o.startsWith("table: ")),
            () -> "no rows at all: " + l);
      }
    }
  }

  @Test void staticPruningReadsOnlyTheWeeksFiles() throws Exception {
    List<String> scan = onlyScan(blockAfter(STATIC, 0), "fact_orders");
    assertFilesRead(scan, "SELECT DISTINCT filename FROM fact_orders "
        + "WHERE dt BETWEEN DATE '2026-03-01' AND DATE '2026-03-07'");
    assertTrue(scan.get(4).contains("2026-03-01"), () -> "static filter: " + scan);
  }

  @Test void dynamicPruningReadsOnlyTheHolidaysFiles() throws Exception {
    List<String> scan = scanOf(blockAfter(DYNAMIC, 0), "fact_orders");
    assertFilesRead(scan, "SELECT DISTINCT f.filename FROM fact_orders f JOIN dim_date d "
        + "ON f.dt = d.date_id WHERE d.date_type = 'holiday'");
    assertTrue(scan.get(5).startsWith("String:#"), () -> "a dynamic filter: " + scan);

    List<String> bank = scanOf(blockAfter(BANK_DYNAMIC, 0), "transactions");
    assertFilesRead(bank, "SELECT DISTINCT t.filename FROM transactions t JOIN dim_branches b "
        + "ON t.branch_id = b.branch_id WHERE b.region = 'West'");
  }

  @Test void preparedStatementPrunesByItsParameter() throws Exception {
    List<String> scan = onlyScan(blockAfter(PREPARED, 0), "fact_orders");
    assertFilesRead(scan, "SELECT DISTINCT filename FROM fact_orders WHERE dt = DATE '2026-03-04'");
  }

  @Test void aClientMaySetTheLakesPropertiesButNoOthers() throws Exception {
    int connect = indexOf("CONNECT dpp=false", 0);
    assertEquals(List.of("connected"), remote.get(connect).output());
    // The same holiday join without dynamic pruning opens every fact file, and says why.
    List<String> scan = scanOf(blockAfter(DYNAMIC, connect), "fact_orders");
    assertEquals(duck.query("SELECT count(DISTINCT filename) FROM fact_orders").get(0).get(0),
        value(scan.get(3)), () -> "files read with dpp=false: " + scan);
    assertTrue(scan.get(6).contains("dpp=false"), () -> "notes: " + scan);
    // Same rows as with pruning.
    assertEquals(remote.get(indexOf(DYNAMIC, 0)).output(), remote.get(indexOf(DYNAMIC, connect)).output());

    Block refused = remote.get(indexOf("CONNECT model=inline:{}", 0));
    assertTrue(refused.failed(), refused::toString);
    assertTrue(refused.message().contains("'model'") && refused.message().contains("dppMaxKeys"),
        refused::toString);
    // The refused connection left the open one usable.
    assertTrue(remote.get(remote.size() - 1).output().contains("rows: 1"), remote::toString);
  }

  @Test void nestedColumnsReachARemoteClientAsJsonText() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      RemoteClient.run("jdbc:lake:" + lake + ";nestedColumns=json", List.of(NESTED), out);
    }
    Block json = blocks(bytes.toString(StandardCharsets.UTF_8)).get(0);
    Block served = remote.get(indexOf(NESTED, 0));
    assertEquals(normalized(json.output()), normalized(served.output()));
    assertEquals(5, served.rows().size(), served::toString);
    assertTrue(served.rows().get(0).get(1).contains("\"a\":1"), served::toString);

    Block refused = remote.get(indexOf("CONNECT nestedColumns=sql", 0));
    // Like any refused connection property, it reaches Avatica's client as a message without SQLState.
    assertTrue(refused.failed(), refused::toString);
    assertTrue(refused.message().contains("nestedColumns=sql") && refused.message().contains("JSON"),
        refused::toString);
  }

  @Test void unknownTableIsSqlState42S02NamingTheTable() {
    Block missing = remote.get(indexOf(MISSING_TABLE, 0));
    assertTrue(missing.failed(), missing::toString);
    assertEquals("42S02", missing.sqlState(), missing::toString);
    assertTrue(missing.message().contains("no_such_table"), missing::toString);
  }

  @Test void explainThroughTheRemoteConnectionShowsPruning() throws Exception {
    String plan = String.join("\n", remote.get(indexOf("EXPLAIN PLAN FOR " + DYNAMIC, 0)).output());
    assertTrue(plan.contains("DynamicPruning=[#1: dt = date_id]"), plan);
    String analyzed = String.join("\n", remote.get(indexOf("EXPLAIN ANALYZE " + STATIC, 0)).output());
    String files = duck.query("SELECT count(DISTINCT filename) FROM fact_orders "
        + "WHERE dt BETWEEN DATE '2026-03-01' AND DATE '2026-03-07'").get(0).get(0);
    String all = duck.query("SELECT count(DISTINCT filename) FROM fact_orders").get(0).get(0);
    assertTrue(analyzed.contains("actual: partitions=" + files + " of " + all + ", files=" + files + ","),
        analyzed);
  }

  @Test void listensOnLoopbackOnlyUnlessBound() throws Exception {
    assertEquals("127.0.0.1", hostOf(clientUrl), clientUrl);
    int port = portOf(clientUrl);
    assertTrue(accepts(InetAddress.getLoopbackAddress(), port), "127.0.0.1:" + port);
    Optional<InetAddress> nonLoopback = otherLocalAddress();
    assumeTrue(nonLoopback.isPresent(), "this host has no non-loopback IPv4 address to test with");
    InetAddress other = nonLoopback.get();
    assertTrue(reachableHere(other), () -> other + " cannot be reached from this host at all");
    assertTrue(!accepts(other, port), () -> "the server listens on " + other + " too");

    // --bind: the other address, and then not the loopback one.
    ServerProcess bound = ServerProcess.start(work, "--serve", "0", lake.toString(),
        "--bind", other.getHostAddress());
    try {
      String url = bound.awaitLine(CLIENT_URL).group(1);
      assertEquals(other.getHostAddress(), hostOf(url), url);
      assertTrue(accepts(other, portOf(url)), url);
      assertTrue(!accepts(InetAddress.getLoopbackAddress(), portOf(url)), url);
      bound.awaitStderr("no authentication and no TLS");
    } finally {
      assertTrue(bound.stop(), bound::transcript);
    }
  }

  @Test void badPortLocationOrBusyPortFailsClearly() throws IOException {
    JarProcess.runJar(work, "--serve", "http", lake.toString())
        .assertExitCode(RemoteServer.CANNOT_START)
        .assertStderrContains("Invalid port 'http'", "0 to 65535");
    JarProcess.runJar(work, "--serve", "0", lake.resolve("no_such_lake").toString())
        .assertExitCode(RemoteServer.CANNOT_START)
        .assertStderrContains("The lake location does not exist", "no_such_lake", "08001");
    JarProcess.runJar(work, "--serve", "0", lake + ";nestedColumns=sql")
        .assertExitCode(RemoteServer.CANNOT_START)
        .assertStderrContains("Cannot serve nestedColumns=sql", "JSON");
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      JarProcess.runJar(work, "--serve", String.valueOf(busy.getLocalPort()), lake.toString())
          .assertExitCode(RemoteServer.CANNOT_START)
          .assertStderrContains("Cannot serve on 127.0.0.1:" + busy.getLocalPort(), "Address already in use");
    }
  }

  // ---- helpers

  private static String runClient(List<String> script) throws IOException {
    return clientProcess(work, clientUrl, script).assertExitCode(0).stdout();
  }

  /**
   * Runs {@link RemoteClient} on {@code url} in a JVM whose class path is Avatica's client jar and that
   * class alone.
   */
  static JarProcess.Result clientProcess(Path work, String url, List<String> script) throws IOException {
    Path classes = work.resolve("client-classes");
    Path packageDir = classes.resolve(RemoteClient.class.getPackageName().replace('.', '/'));
    Files.createDirectories(packageDir);
    Path compiled;
    try {
      compiled = Path.of(RemoteClient.class.getResource(RemoteClient.class.getSimpleName() + ".class").toURI())
          .getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    try (Stream<Path> files = Files.list(compiled)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("RemoteClient")).toList()) {
        Files.copy(f, packageDir.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Path scriptFile = Files.write(work.resolve("remote.script"), script, StandardCharsets.UTF_8);
    String avatica = System.getProperty("avatica.client.classpath");
    assertNotNull(avatica, "system property avatica.client.classpath is not set: run the ITs through mvn verify");
    String classPath = avatica + File.pathSeparator + classes;
    return JarProcess.runJava(work, List.of("-Duser.timezone=" + CLIENT_ZONE, "-cp", classPath,
            RemoteClient.class.getName(), url, scriptFile.toString()));
  }

  private static List<Block> blocks(String output) {
    List<Block> blocks = new ArrayList<>();
    for (String line : output.lines().toList()) {
      if (line.startsWith("> ")) {
        blocks.add(new Block(line.substring(2), new ArrayList<>()));
      } else if (!blocks.isEmpty() && !line.startsWith("SLF4J:")) {
        blocks.get(blocks.size() - 1).output().add(line);
      }
    }
    return blocks;
  }

  private static List<String> normalized(List<String> output) {
    return output.stream().map(l -> BYTES.matcher(MILLIS.matcher(l).replaceAll("? ms"))
        .replaceAll("? B")).toList();
  }

  private static int indexOf(String line, int from) {
    for (int i = from; i < remote.size(); i++) {
      if (remote.get(i).line().equals(line)) {
        return i;
      }
    }
    throw new AssertionError("no block for " + line);
  }

  /** The block of the script line after {@code line} (the first at or after index {@code from}). */
  private static Block blockAfter(String line, int from) {
    int i = indexOf(line, from);
    Block query = remote.get(i);
    assertTrue(!query.failed() && !query.rows().isEmpty(), query::toString);
    Block next = remote.get(i + 1);
    assertEquals(LAST_SCANS, next.line());
    return next;
  }

  /** The one sys.scans row of {@code table}. */
  private static List<String> scanOf(Block scans, String table) {
    List<List<String>> rows = scans.rows().stream().filter(r -> r.get(0).equals("String:" + table)).toList();
    assertEquals(1, rows.size(), () -> "one scan of " + table + ": " + scans);
    return rows.get(0);
  }

  private static List<String> onlyScan(Block scans, String table) {
    assertEquals(1, scans.rows().size(), scans::toString);
    return scanOf(scans, table);
  }

  /** files_read equals the number of files DuckDB finds matching rows in, fewer than all of them. */
  private static void assertFilesRead(List<String> scan, String expectedFiles) throws Exception {
    int expected = duck.query(expectedFiles).size();
    assertTrue(expected > 0, expectedFiles);
    assertEquals(String.valueOf(expected), value(scan.get(3)), () -> "files_read: " + scan);
    assertEquals(String.valueOf(expected), value(scan.get(2)), () -> "partitions_read: " + scan);
    assertTrue(Integer.parseInt(value(scan.get(1))) > expected, () -> "nothing pruned: " + scan);
  }

  /** {@code Integer:7} is 7. */
  private static String value(String printed) {
    return printed.substring(printed.indexOf(':') + 1);
  }

  private static String hostOf(String url) {
    Matcher m = Pattern.compile("url=http://([^:]+):(\\d+);").matcher(url);
    assertTrue(m.find(), url);
    return m.group(1);
  }

  private static int portOf(String url) {
    Matcher m = Pattern.compile("url=http://([^:]+):(\\d+);").matcher(url);
    assertTrue(m.find(), url);
    return Integer.parseInt(m.group(2));
  }

  private static boolean accepts(InetAddress address, int port) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), 2000);
      return true;
    } catch (ConnectException e) {
      return false;
    }
  }

  /** The control for "not listening there": a socket on every interface is reachable at that address. */
  private static boolean reachableHere(InetAddress address) throws IOException {
    try (ServerSocket any = new ServerSocket(0)) {
      return accepts(address, any.getLocalPort());
    }
  }

  /** An IPv4 address of this host other than loopback. */
  private static Optional<InetAddress> otherLocalAddress() throws SocketException {
    return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
        .filter(RemoteServerIT::isUp)
        .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
        .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress())
        .findFirst();
  }

  private static boolean isUp(NetworkInterface i) {
    try {
      return i.isUp() && !i.isLoopback();
    } catch (SocketException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code java -jar lake-jdbc.jar args...} left running; its output read line by line as it comes. */
  static final class ServerProcess {
    private static final long START_SECONDS = 60;
    private final Process process;
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    private final List<String> stdoutSeen = Collections.synchronizedList(new ArrayList<>());
    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    private ServerProcess(Process process) {
      this.process = process;
      drain(process.getInputStream(), line -> {
        stdoutSeen.add(line);
        stdout.add(line);
      });
      drain(process.getErrorStream(), stderr::add);
    }

    static ServerProcess start(Path workDir, String... args) throws IOException {
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Duser.home=" + workDir, "-XX:TieredStopAtLevel=1", "-jar", JarProcess.jar().toString()));
      command.addAll(List.of(args));
      Process process = new ProcessBuilder(command).directory(workDir.toFile()).start();
      process.getOutputStream().close();
      return new ServerProcess(process);
    }

    Matcher awaitLine(Pattern pattern) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
      while (System.nanoTime() < deadline) {
        String line = stdout.poll(100, TimeUnit.MILLISECONDS);
        if (line != null) {
          Matcher m = pattern.matcher(line);
          if (m.matches()) {
            return m;
          }
        } else if (!process.isAlive()) {
          break;
        }
      }
      fail("no line matching " + pattern + "; " + transcript());
      return null;
    }

    void awaitStderr(String text) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (System.nanoTime() < deadline) {
        synchronized (stderr) {
          if (stderr.stream().anyMatch(l -> l.contains(text))) {
            return;
          }
        }
        Thread.sleep(50);
      }
      fail("stderr lacks [" + text + "]; " + transcript());
    }

    /** SIGTERM, as Ctrl-C or a service manager would; true when the process ended by itself. */
    boolean stop() throws InterruptedException {
      process.destroy();
      boolean ended = process.waitFor(20, TimeUnit.SECONDS);
      if (!ended) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      return ended;
    }

    String transcript() {
      return (process.isAlive() ? "running" : "exit code " + process.exitValue())
          + "\n--- stdout ---\n" + String.join("\n", stdoutSeen)
          + "\n--- stderr ---\n" + String.join("\n", stderr);
    }

    private static void drain(InputStream stream, Consumer<String> sink) {
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            sink.accept(line);
          }
        } catch (IOException e) {
          // The process ended.
        }
      }, "server-process-output");
      reader.setDaemon(true);
      reader.start();
    }
  }
}
