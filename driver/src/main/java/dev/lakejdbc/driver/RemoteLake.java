package dev.lakejdbc.driver;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * {@code jdbc:lake:remote:url=http://host:port[;...]}: a lake served by {@code --serve}, through
 * Avatica's remote client (the part of the URL after {@code jdbc:lake:remote:} is Avatica's own:
 * {@code url}, {@code serialization}, {@code authentication}, {@code truststore}, ...), with lake-jdbc's
 * client-side behaviour on top: parameters bound by their SQL types (java.time values included, which
 * Avatica's client alone cannot send), {@code getObject(i, Class)}, the Calendar getters, metadata
 * order and refusals as the embedded driver gives them. The server does the rest (statement text,
 * EXPLAIN, errors' SQLStates).
 */
final class RemoteLake {
  static final String PREFIX = LakeUrl.PREFIX + "remote:";
  private static final String AVATICA_PREFIX = "jdbc:avatica:remote:";

  private RemoteLake() {}

  static boolean accepts(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  static Connection connect(String url, Properties info) throws SQLException {
    String avatica = AVATICA_PREFIX + url.substring(PREFIX.length());
    if (!avatica.contains("serialization=")) {
      // What --serve speaks.
      avatica += ";serialization=protobuf";
    }
    Connection connection;
    try {
      connection = new org.apache.calcite.avatica.remote.Driver().connect(avatica,
          info == null ? new Properties() : info);
    } catch (RuntimeException e) {
      // Avatica's client reports an unreachable or refusing server unchecked.
      throw new SQLException("Cannot connect to the lake-jdbc server at " + url + ": " + e.getMessage(),
          "08001", e);
    }
    return JdbcProxy.remoteConnection(connection);
  }
}
