package dev.lakejdbc.driver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A real S3 API server for tests: s3proxy 2.6.0 (its own jar, copied by the build, run as a child
 * process so that its Jetty, Guava and Jackson stay off the test class path) on 127.0.0.1, storing
 * buckets as directories under a local folder, with authentication on (AWS signature v2 or v4) for
 * two users whose keys differ. Clients reach it through a {@link S3Wire} in this JVM, which counts
 * the requests the server receives and can make the endpoint refuse, go silent or die.
 *
 * <p>Lakes are put into the bucket by copying their files into the bucket's directory: the server
 * serves the files as objects, byte for byte.
 */
public final class S3Server implements LakeStore, AutoCloseable {
  public static final String BUCKET = "lakes";

  /** An S3 user: access key and secret key. */
  public record User(String accessKey, String secretKey) {}

  public static final User ALICE = new User("alice-access-key", "alice-secret-key-0123456789");
  public static final User BOB = new User("bob-access-key", "bob-secret-key-9876543210");

  private final Process process;
  private final Path data;
  private final Path log;
  private final int serverPort;
  private final S3Wire proxy;
  private final Map<Path, String> copies = new ConcurrentHashMap<>();
  private final AtomicInteger nextCopy = new AtomicInteger();

  public S3Server(Path base) throws IOException, InterruptedException {
    data = base.resolve("s3-data");
    serverPort = freePort();
    log = Path.of("target", "s3proxy-" + serverPort + ".log").toAbsolutePath();
    Files.createDirectories(data.resolve(BUCKET));
    List<String> command = new java.util.ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-DLOG_LEVEL=debug", "-jar", s3proxyJar()));
    for (User user : List.of(ALICE, BOB)) {
      Path conf = base.resolve("s3proxy-" + user.accessKey() + ".conf");
      Files.writeString(conf, String.join("\n",
          "s3proxy.endpoint=http://127.0.0.1:" + serverPort,
          "s3proxy.authorization=aws-v2-or-v4",
          "s3proxy.identity=" + user.accessKey(),
          "s3proxy.credential=" + user.secretKey(),
          "jclouds.provider=filesystem-nio2",
          "jclouds.identity=local",
          "jclouds.credential=local",
          "jclouds.filesystem.basedir=" + data) + "\n");
      command.add("--properties");
      command.add(conf.toString());
    }
    process = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(logFile().toFile())
        .start();
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
    awaitPort(serverPort, process);
    proxy = new S3Wire(serverPort);
  }

  private static String s3proxyJar() {
    String jar = System.getProperty("s3proxy.jar");
    if (jar == null || !Files.exists(Path.of(jar))) {
      throw new IllegalStateException("s3proxy.jar not found (" + jar + "): the build copies it into "
          + "driver/target/s3proxy (generate-test-resources)");
    }
    return jar;
  }

  private static int freePort() throws IOException {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1,
        java.net.InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  private static void awaitPort(int port, Process process) throws InterruptedException, IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("s3proxy exited with " + process.exitValue());
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException e) {
        Thread.sleep(100);
      }
    }
    throw new IOException("s3proxy did not listen on " + port + " within 60 s");
  }

  /** The proxy in front of the server: request counts, faults. */
  public S3Wire proxy() {
    return proxy;
  }

  /** {@code http://127.0.0.1:<proxy port>}, the endpoint clients are given. */
  public String endpoint() {
    return "http://127.0.0.1:" + proxy.port();
  }

  /** The local folder that holds the bucket's objects. */
  public Path bucketDirectory() {
    return data.resolve(BUCKET);
  }

  /**
   * The connection properties for {@code user} at {@code endpoint}: path-style access (no bucket
   * host names), a fixed region (so that the SDK never looks for one on the network).
   */
  public static String properties(String endpoint, User user) {
    return ";fs.s3a.endpoint=" + endpoint + ";fs.s3a.path.style.access=true"
        + ";fs.s3a.endpoint.region=us-east-1"
        + (user == null ? "" : ";fs.s3a.access.key=" + user.accessKey()
            + ";fs.s3a.secret.key=" + user.secretKey());
  }

  /** The properties for {@code user} through this server's proxy. */
  public String properties(User user) {
    return properties(endpoint(), user);
  }

  /**
   * The location of a copy of the local directory {@code lake} in the bucket, made on the first call
   * for that directory: {@code s3a://lakes/copy-<n>/<name>}.
   */
  @Override public String location(Path lake) {
    return copies.computeIfAbsent(lake.toAbsolutePath().normalize(), local -> {
      String key = "copy-" + nextCopy.incrementAndGet() + "/" + local.getFileName();
      copyTree(local, bucketDirectory().resolve(key));
      return "s3a://" + BUCKET + "/" + key;
    });
  }

  /** {@code jdbc:lake:<copy of lake>}, read as Alice, with {@code properties} after hers. */
  @Override public String url(Path lake, String properties) {
    return "jdbc:lake:" + location(lake) + properties(ALICE) + properties;
  }

  /** The local files of the copy at {@code location} (an {@code s3a://lakes/...} location). */
  public Path localCopy(String location) {
    return bucketDirectory().resolve(location.substring(("s3a://" + BUCKET + "/").length()));
  }

  static void copyTree(Path from, Path to) {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
          // What the server would store for an uploaded object: its MD5, from which it makes the ETag.
          java.nio.file.attribute.UserDefinedFileAttributeView xattrs = Files.getFileAttributeView(
              target, java.nio.file.attribute.UserDefinedFileAttributeView.class);
          xattrs.write("user.content-md5", java.nio.ByteBuffer.wrap(
              java.security.MessageDigest.getInstance("MD5").digest(Files.readAllBytes(p))));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The requests the server's own log shows (method and URL), for checking the proxy's counts. */
  public Path log() {
    return log;
  }

  private Path logFile() throws IOException {
    Files.createDirectories(log.getParent());
    return log;
  }

  @Override public void close() throws InterruptedException {
    proxy.close();
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
