package dev.lakejdbc.driver.cli;

import dev.lakejdbc.driver.LakeProperty;
import dev.lakejdbc.driver.LakeUrl;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * {@code java -jar lake-jdbc.jar --serve <port> <location> [--bind <host>]}: the lake over HTTP with
 * Avatica's server (protobuf), for clients that have only Avatica's remote driver:
 * {@code jdbc:avatica:remote:url=http://127.0.0.1:<port>;serialization=protobuf}. Each remote connection
 * is a lake-jdbc connection in this process, so answers, pruning, EXPLAIN and sys.scans are the same.
 * It listens on 127.0.0.1 unless {@code --bind} says otherwise; {@link ServerSecurity} adds password
 * authentication and TLS.
 */
final class RemoteServer {
  static final String USAGE = "java -jar lake-jdbc.jar --serve <port> <location> [--bind <host>] "
      + "[--auth basic|digest --users <file>] [--keystore <file> --keystore-password-file <file>]";
  private static final String DEFAULT_BIND = "127.0.0.1";
  /** Exit status of a server that could not start: bad arguments, location or port. */
  static final int CANNOT_START = 1;
  /** What a client may add to its connection; the rest is fixed by the server's own URL. */
  private static final Set<String> CLIENT_IGNORED = Set.of("user", "password");

  /**
   * Nested columns are served as their JSON text: Avatica's JdbcMeta cannot put a Calcite ROW, ARRAY
   * or MAP value into a frame (it fails on every one, even an array of integers).
   */
  private static final String NESTED_AS_JSON = "json";
  private static final String NESTED_OVER_AVATICA = "the lake-jdbc server serves nested columns as "
      + "VARCHAR holding their JSON text (nestedColumns=json): Avatica's remote protocol cannot carry "
      + "ROW, ARRAY and MAP values";

  private RemoteServer() {}

  /** The nestedColumns property the URL sets, or null. */
  private static String nestedColumns(String url) {
    try {
      return LakeUrl.parse(url, null).properties().entrySet().stream()
          .filter(e -> LakeProperty.of(e.getKey()).orElse(null) == LakeProperty.NESTED_COLUMNS)
          .map(Map.Entry::getValue).reduce((first, last) -> last).orElse(null);
    } catch (RuntimeException e) {
      return null; // a malformed URL fails below, where the lake is opened
    }
  }

  /** Starts the server and serves until the process is stopped; returns only when it cannot start. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length < 2) {
      err.println("--serve needs a port and a lake location. Usage: " + USAGE);
      return CANNOT_START;
    }
    int port;
    try {
      port = Integer.parseInt(args[0]);
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (port < 0 || port > 65535) {
      err.println("Invalid port '" + args[0] + "': expected 0 to 65535 (0 picks a free port). Usage: "
          + USAGE);
      return CANNOT_START;
    }
    String location = args[1];
    String url = location.startsWith(LakeUrl.PREFIX) ? location : LakeUrl.PREFIX + location;
    String nested = nestedColumns(url);
    if (nested != null && !nested.equalsIgnoreCase(NESTED_AS_JSON)) {
      err.println("Cannot serve nestedColumns=" + nested + ": " + NESTED_OVER_AVATICA);
      return CANNOT_START;
    }
    url += ";" + LakeProperty.NESTED_COLUMNS.key() + "=" + NESTED_AS_JSON;
    String bind = DEFAULT_BIND;
    String auth = null;
    String users = null;
    String keystore = null;
    String keystorePasswordFile = null;
    for (int i = 2; i < args.length; i++) {
      String option = args[i];
      if (!Set.of("--bind", "--auth", "--users", "--keystore", "--keystore-password-file").contains(option)) {
        err.println("Unknown option '" + option + "' for --serve. Usage: " + USAGE);
        return CANNOT_START;
      }
      if (i + 1 == args.length) {
        err.println(option + " needs a value. Usage: " + USAGE);
        return CANNOT_START;
      }
      String value = args[++i];
      switch (option) {
        case "--bind": bind = value; break;
        case "--auth": auth = value.toLowerCase(Locale.ROOT); break;
        case "--users": users = value; break;
        case "--keystore": keystore = value; break;
        default: keystorePasswordFile = value; break;
      }
    }
    ServerSecurity security;
    try {
      security = ServerSecurity.of(auth, users, keystore, keystorePasswordFile);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage() + ". Usage: " + USAGE);
      return CANNOT_START;
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      err.println("Cannot bind to '" + bind + "': unknown host");
      return CANNOT_START;
    }
    // Open the lake once before listening, so a bad location or property fails here, not in a client;
    // and run a first statement, so that the first client does not wait for Calcite to warm up.
    try (Connection probe = DriverManager.getConnection(url, new Properties());
        Statement statement = probe.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM sys.scans")) {
      rs.next();
    } catch (SQLException e) {
      err.println("Cannot serve " + url + ": " + e.getMessage() + " (SQLState " + e.getSQLState() + ")");
      return CANNOT_START;
    }

    HttpServer server;
    try {
      server = start(url, bind, port, security);
    } catch (SQLException | RuntimeException e) {
      err.println("Cannot serve on " + bind + ":" + port + ": " + causes(e));
      return CANNOT_START;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "lake-jdbc-serve-stop"));
    String clientUrl = "jdbc:avatica:remote:url=" + (security.tls() ? "https" : "http") + "://"
        + urlHost(address, bind) + ":" + server.getPort() + ";serialization=protobuf"
        + security.clientUrlSuffix();
    out.println("Serving " + url + " on " + bind + ":" + server.getPort()
        + " (Avatica HTTP, protobuf). Stop with Ctrl-C.");
    out.println("Connect with: " + clientUrl);
    out.flush();
    if (!address.isLoopbackAddress() && !security.complete()) {
      err.println("Warning: " + security.missing() + ": anyone who can reach " + bind + ":"
          + server.getPort() + " can read the lake" + (security.authenticates() ? " (passwords travel "
          + "in clear text)" : "") + ".");
    }
    try {
      server.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  /** Listens on {@code bind:port} (port 0: a free one, see {@link HttpServer#getPort()}). */
  static HttpServer start(String url, String bind, int port, ServerSecurity security)
      throws SQLException {
    Service service = translatingErrors(new LocalService(new LakeMeta(url)));
    // Avatica's builder has no address option: its connector listens on every interface unless
    // a customizer, run after the connector is made and before it opens, gives it a host.
    ServerCustomizer<Server> bindTo = jetty -> {
      for (Connector connector : jetty.getConnectors()) {
        ((ServerConnector) connector).setHost(bind);
      }
    };
    HttpServer.Builder<Server> builder = new HttpServer.Builder<Server>()
        .withPort(port)
        .withHandler(service, Serialization.PROTOBUF)
        .withServerCustomizers(List.of(bindTo), Server.class);
    HttpServer server = security.configure(builder).build();
    server.start();
    return server;
  }

  /**
   * Avatica sends a failure's SQLState to the client only when it is an {@link AvaticaRuntimeException};
   * JdbcMeta wraps our SQLExceptions in plain RuntimeExceptions, which would reach the client as state
   * 00000. Turn each back into one that keeps the state and message (42S02 for an unknown table).
   */
  private static Service translatingErrors(Service service) {
    return (Service) Proxy.newProxyInstance(RemoteServer.class.getClassLoader(),
        new Class<?>[] {Service.class}, (proxy, method, args) -> {
          try {
            return method.invoke(service, args);
          } catch (InvocationTargetException e) {
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
              if (c instanceof SQLException s && s.getSQLState() != null) {
                throw new AvaticaRuntimeException(String.valueOf(s.getMessage()), s.getErrorCode(),
                    s.getSQLState(), AvaticaSeverity.ERROR);
              }
            }
            throw e.getCause();
          }
        });
  }

  /**
   * Opens a lake-jdbc connection per remote connection, on the server's URL. A client may add only the
   * lake's query properties (dpp, staticPruning, ...): Calcite's (model, schemaFactory) and Hadoop's keys
   * would let any client that reaches the port load classes or read outside the served lake.
   */
  private static final class LakeMeta extends JdbcMeta {
    LakeMeta(String url) throws SQLException {
      super(url, new Properties());
    }

    @Override protected Connection createConnection(String url, Properties info) throws SQLException {
      for (String key : info.stringPropertyNames()) {
        if (LakeProperty.of(key).isEmpty() && !CLIENT_IGNORED.contains(key.toLowerCase(Locale.ROOT))) {
          throw new SQLException("The lake-jdbc server does not take the connection property '" + key
              + "' from a client; a client may set "
              + Arrays.stream(LakeProperty.values()).map(LakeProperty::key)
                  .collect(Collectors.joining(", ")),
              "08001");
        }
        if (LakeProperty.of(key).orElse(null) == LakeProperty.NESTED_COLUMNS
            && !info.getProperty(key).equalsIgnoreCase(NESTED_AS_JSON)) {
          throw new SQLException("Cannot connect with nestedColumns=" + info.getProperty(key) + ": "
              + NESTED_OVER_AVATICA, "0A000");
        }
      }
      return DriverManager.getConnection(url, info);
    }
  }

  private static String urlHost(InetAddress address, String bind) {
    if (address.isAnyLocalAddress()) {
      try {
        return InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        return bind;
      }
    }
    return address instanceof Inet6Address && !bind.startsWith("[") ? "[" + bind + "]" : bind;
  }

  private static String causes(Throwable t) {
    List<String> messages = new ArrayList<>();
    for (Throwable c = t; c != null; c = c.getCause()) {
      String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
      // A wrapper's message is often its cause's toString(): keep the cause's own words only.
      boolean wrapper = c.getCause() != null && m.equals(c.getCause().toString());
      if (!wrapper && messages.stream().noneMatch(x -> x.contains(m))) {
        messages.add(m);
      }
    }
    return String.join(": ", messages);
  }
}
