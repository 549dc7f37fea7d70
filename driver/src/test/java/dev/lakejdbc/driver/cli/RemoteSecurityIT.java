package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.BankLake;
import dev.lakejdbc.testing.DuckDb;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --serve} with its door locked: HTTP Basic authentication against a password file of hashed
 * passwords (made by {@code --hash-password}) and TLS with a keystore made by the JDK's keytool,
 * queried by Avatica's own client jar in a JVM of its own. The right password over TLS reads the lake
 * (answers as DuckDB's); a wrong password, no password, or plain HTTP read nothing.
 */
class RemoteSecurityIT {
  private static final String STORE_PASSWORD = "lake-store-pw";
  private static final String QUERY = "SELECT branch_id, count(*) AS n FROM transactions "
      + "GROUP BY branch_id ORDER BY branch_id";
  private static final Pattern SERVING = Pattern.compile("Serving .* on 127\\.0\\.0\\.1:(\\d+) .*");

  @TempDir static Path lake;
  @TempDir static Path work;
  static RemoteServerIT.ServerProcess server;
  static int port;
  static Path keystore;

  @BeforeAll static void serve() throws Exception {
    BankLake.write(lake, BankLake.Options.defaults().withBranches(5));
    keystore = work.resolve("server.p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "lake", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12",
        "-keystore", keystore.toString(), "-storepass", STORE_PASSWORD, "-keypass", STORE_PASSWORD)
        .redirectErrorStream(true).start();
    String keytoolOutput = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, keytoolOutput);
    Path passwordFile = Files.writeString(work.resolve("store.password"), STORE_PASSWORD + "\n");

    String hash = hashPassword("s3cret pass");
    assertTrue(hash.startsWith("MD5:") && !hash.contains("s3cret"), hash);
    Path users = Files.writeString(work.resolve("users.properties"), "alice: " + hash + "\n");

    server = RemoteServerIT.ServerProcess.start(work, "--serve", "0", lake.toString(), "--auth", "basic",
        "--users", users.toString(), "--keystore", keystore.toString(), "--keystore-password-file",
        passwordFile.toString());
    Matcher serving = server.awaitLine(SERVING);
    port = Integer.parseInt(serving.group(1));
  }

  @AfterAll static void stop() throws Exception {
    if (server != null) {
      assertTrue(server.stop(), server::transcript);
    }
  }

  /** {@code java -jar lake-jdbc.jar --hash-password} with the password on stdin. */
  private static String hashPassword(String password) throws Exception {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JarProcess.jar().toString(), "--hash-password").start();
    p.getOutputStream().write((password + "\n").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  private static String url(String scheme, String credentials) {
    return "jdbc:avatica:remote:url=" + scheme + "://127.0.0.1:" + port + ";serialization=protobuf"
        + credentials + ";truststore=" + keystore + ";truststore_password=" + STORE_PASSWORD;
  }

  @Test void theRightPasswordOverTlsReadsTheLake() throws Exception {
    JarProcess.Result result = RemoteServerIT.clientProcess(work,
        url("https", ";authentication=BASIC;avatica_user=alice;avatica_password=s3cret pass"),
        List.of(QUERY)).assertExitCode(0);
    List<String> rows = result.stdout().lines().filter(l -> l.startsWith("row: ")).toList();
    try (DuckDb duck = new DuckDb()) {
      duck.viewOfTable(lake, "transactions");
      List<List<String>> expected = duck.query(QUERY);
      assertEquals(expected.size(), rows.size(), result::transcript);
      for (int i = 0; i < rows.size(); i++) {
        assertEquals("row: String:" + expected.get(i).get(0) + " | Long:" + expected.get(i).get(1),
            rows.get(i), result::transcript);
      }
    }
  }

  @Test void aWrongOrMissingPasswordReadsNothing() throws Exception {
    for (String credentials : List.of(";authentication=BASIC;avatica_user=alice;avatica_password=guess",
        ";authentication=BASIC;avatica_user=mallory;avatica_password=s3cret pass", "")) {
      JarProcess.Result result = RemoteServerIT.clientProcess(work, url("https", credentials), List.of(QUERY));
      assertNotEquals(0, result.exitCode(), result::transcript);
      assertTrue(result.stderr().contains("401") || result.stderr().contains("Unauthorized"),
          result::transcript);
      assertTrue(result.stdout().lines().noneMatch(l -> l.startsWith("row: ")), result::transcript);
    }
  }

  /** A plain HTTP request (Avatica's client would wait for an answer for minutes) gets no HTTP answer. */
  @Test void plainHttpGetsNoAnswer() throws Exception {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      byte[] answer = new byte[5];
      int n;
      try {
        n = socket.getInputStream().readNBytes(answer, 0, answer.length);
      } catch (java.net.SocketTimeoutException | java.net.SocketException e) {
        n = 0;
      }
      assertTrue(n < 5 || !new String(answer, StandardCharsets.US_ASCII).equals("HTTP/"),
          () -> "plain HTTP was answered: " + new String(answer, StandardCharsets.US_ASCII));
    }
  }

  @Test void stillListensOnLoopbackOnly() throws IOException {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      assertTrue(socket.isConnected());
    }
  }

  @Test void incompleteSecurityOptionsStopTheServerAtStart() {
    JarProcess.runJar(work, "--serve", "0", lake.toString(), "--auth", "basic")
        .assertExitCode(RemoteServer.CANNOT_START).assertStderrContains("--auth and --users go together");
    JarProcess.runJar(work, "--serve", "0", lake.toString(), "--keystore", keystore.toString())
        .assertExitCode(RemoteServer.CANNOT_START).assertStderrContains("--keystore-password-file");
    JarProcess.runJar(work, "--serve", "0", lake.toString(), "--auth", "kerberos", "--users", "x")
        .assertExitCode(RemoteServer.CANNOT_START).assertStderrContains("basic or digest");
  }
}
