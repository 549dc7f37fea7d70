package dev.lakejdbc.driver.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;

/**
 * A JDBC client that knows nothing but {@code java.sql}: {@link RemoteServerIT} runs it in a JVM of its
 * own whose class path is Avatica's client jar and this one class, and runs the same {@link #run} on an
 * in-process lake connection to compare. It prints each script line's outcome as a block:
 * <pre>
 *   &gt; the line
 *   columns: label TYPE, ...
 *   row: Class:value | Class:value      (java class of getObject and its text)
 *   rows: N
 * </pre>
 * or {@code error: <SQLState> <exception class>} and {@code message: <message>}. Lines of the script:
 * SQL, run with {@code Statement.executeQuery}; {@code {2026-07-04,...} SQL}, a PreparedStatement
 * whose {@code ?} are set with {@code setDate}; {@code TABLES}, {@code DatabaseMetaData.getTables};
 * {@code CONNECT [key=value ...]}, a new connection with those Properties.
 */
public final class RemoteClient {
  private final String url;
  private final PrintStream out;
  private Connection connection;

  private RemoteClient(String url, PrintStream out) {
    this.url = url;
    this.out = out;
  }

  /** {@code RemoteClient <jdbc url> <script file>}: the script's outcome on standard output. */
  public static void main(String[] args) throws IOException, SQLException {
    List<String> script = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    run(args[0], script, out);
    out.flush();
  }

  /** Runs the script on a connection to {@code url}, closing every connection it opened. */
  public static void run(String url, List<String> script, PrintStream out) throws SQLException {
    RemoteClient client = new RemoteClient(url, out);
    try {
      client.connection = DriverManager.getConnection(url, new Properties());
      for (String line : script) {
        out.println("> " + line);
        try {
          client.runLine(line);
        } catch (SQLException | RuntimeException e) {
          // Avatica's client reports a refused connection as a RuntimeException, not a SQLException.
          String state = e instanceof SQLException s ? s.getSQLState() : "none";
          out.println("error: " + state + " " + e.getClass().getName());
          out.println("message: " + String.valueOf(e.getMessage()).replace('\n', ' '));
        }
      }
    } finally {
      if (client.connection != null) {
        client.connection.close();
      }
    }
  }

  private void runLine(String line) throws SQLException {
    if (line.equals("TABLES")) {
      try (ResultSet rs = connection.getMetaData().getTables(null, null, "%", null)) {
        List<String> tables = new ArrayList<>();
        while (rs.next()) {
          tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME") + " "
              + rs.getString("TABLE_TYPE"));
        }
        tables.sort(null);
        tables.forEach(t -> out.println("table: " + t));
      }
    } else if (line.startsWith("CONNECT")) {
      Properties properties = new Properties();
      for (String pair : line.substring("CONNECT".length()).trim().split(" +")) {
        if (!pair.isEmpty()) {
          properties.setProperty(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
      }
      // The old connection stays in use if the new one is refused.
      Connection next = DriverManager.getConnection(url, properties);
      connection.close();
      connection = next;
      out.println("connected");
    } else if (line.startsWith("{")) {
      int end = line.indexOf('}');
      try (PreparedStatement statement = connection.prepareStatement(line.substring(end + 1).trim())) {
        String[] dates = line.substring(1, end).split(",");
        for (int i = 0; i < dates.length; i++) {
          statement.setDate(i + 1, Date.valueOf(dates[i].trim()));
        }
        try (ResultSet rs = statement.executeQuery()) {
          print(rs);
        }
      }
    } else {
      try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(line)) {
        print(rs);
      }
    }
  }

  private void print(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      columns.add(md.getColumnLabel(i) + " " + md.getColumnTypeName(i));
    }
    out.println("columns: " + String.join(", ", columns));
    int rows = 0;
    while (rs.next()) {
      List<String> values = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        Object v = rs.getObject(i);
        values.add(v == null ? "null" : v.getClass().getSimpleName() + ":"
            + (v instanceof byte[] b ? HexFormat.of().formatHex(b) : v.toString().replace('\n', ' ')));
      }
      out.println("row: " + String.join(" | ", values));
      rows++;
    }
    out.println("rows: " + rows);
  }
}
