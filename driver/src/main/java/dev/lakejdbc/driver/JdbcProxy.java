package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.QueryCanceledException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.NoSuchStatementException;

/**
 * Wraps the JDBC objects of a Calcite connection so that clients see an honest read-only driver: every
 * failure arrives as a SQLException with a SQLState (also from {@code ResultSet.next()}, where Calcite
 * lets runtime exceptions through), writes are refused up front, and transactions are no-ops with
 * auto-commit on. Objects a wrapped object returns are wrapped too, and lead back to their parent.
 */
final class JdbcProxy implements InvocationHandler {
  private static final Set<Class<?>> WRAPPED = Set.of(Connection.class, Statement.class,
      PreparedStatement.class, CallableStatement.class, ResultSet.class, DatabaseMetaData.class);
  private static final Set<String> TAKES_SQL = Set.of("execute", "executeQuery", "executeUpdate",
      "executeLargeUpdate", "addBatch", "prepareStatement", "prepareCall");
  /** Avatica's message, without a SQLState, when a canceled statement's result set is read. */
  private static final String AVATICA_CANCELED = "Statement canceled";

  private final Object target;
  private final Class<?> iface;
  private final Object parent;
  /** The result of an EXPLAIN ANALYZE run through {@code Statement.execute}, for getResultSet. */
  private ResultSet explainResult;
  /**
   * A connection's client info (ApplicationName and the like, which DBeaver and others set on connect):
   * kept for getClientInfo, used for nothing else. Avatica refuses to set any.
   */
  private final Properties clientInfo = new Properties();

  private JdbcProxy(Object target, Class<?> iface, Object parent) {
    this.target = target;
    this.iface = iface;
    this.parent = parent;
  }

  static Connection connection(Connection target) {
    return wrap(target, Connection.class, null);
  }

  private static <T> T wrap(Object target, Class<T> iface, Object parent) {
    return iface.cast(Proxy.newProxyInstance(JdbcProxy.class.getClassLoader(), new Class<?>[] {iface},
        new JdbcProxy(target, iface, parent)));
  }

  @Override public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    switch (name) {
      case "equals": return proxy == args[0];
      case "hashCode": return System.identityHashCode(proxy);
      case "unwrap":
        return ((Class<?>) args[0]).isInstance(proxy) ? proxy : invokeTarget(method, args);
      case "isWrapperFor":
        return ((Class<?>) args[0]).isInstance(proxy) || (Boolean) invokeTarget(method, args);
      default:
        break;
    }
    if (iface == Connection.class) {
      switch (name) {
        case "getAutoCommit": case "isReadOnly": return true;
        case "getTransactionIsolation": return Connection.TRANSACTION_NONE;
        case "setAutoCommit": case "commit": case "rollback": case "setReadOnly":
        case "setTransactionIsolation":
          // Nothing is ever written, so there is nothing to commit or roll back.
          return null;
        case "setClientInfo":
          setClientInfo(args);
          return null;
        case "getClientInfo":
          return args == null ? clientInfo.clone() : clientInfo.getProperty((String) args[0]);
        default:
          break;
      }
    } else if (iface == DatabaseMetaData.class) {
      switch (name) {
        case "isReadOnly": return true;
        case "supportsTransactions": return false;
        case "getDefaultTransactionIsolation": return Connection.TRANSACTION_NONE;
        case "getConnection": return parent;
        default:
          break;
      }
    } else if ((name.equals("getConnection") || name.equals("getStatement"))
        && method.getReturnType().isInstance(parent)) {
      return parent;
    }
    if (name.equals("setObject") && iface == PreparedStatement.class) {
      args[1] = JavaTimeParameters.toJdbc(args[1]);
    }
    if (name.startsWith("execute") && target instanceof AvaticaStatement statement) {
      clearCancel(statement);
    }
    if (TAKES_SQL.contains(name) && args != null && args.length > 0 && args[0] instanceof String sql) {
      ReadOnlyStatements.check(sql);
      explainResult = null;
      String analyzed = ExplainStatements.analyzedQuery(sql);
      if (analyzed != null) {
        return explainAnalyze(name, analyzed);
      }
      if (RefreshStatement.matches(sql)) {
        return refresh(name);
      }
      args[0] = ExplainStatements.rewrite(sql);
    }
    if (explainResult != null) {
      switch (name) {
        case "getResultSet": return explainResult;
        case "getUpdateCount": case "getLargeUpdateCount": return -1;
        case "getMoreResults": explainResult = null; return false;
        default: break;
      }
    }
    Map<String, Pattern> patternFilters = iface == DatabaseMetaData.class
        ? MetadataPatterns.widenForCalcite(name, args) : Map.of();
    Object result = invokeTarget(method, args);
    if (!patternFilters.isEmpty()) {
      result = MetadataPatterns.filter((ResultSet) result, patternFilters);
    }
    Class<?> returnType = method.getReturnType();
    if (result != null && WRAPPED.contains(returnType)) {
      return wrap(result, returnType, proxy);
    }
    return result;
  }

  private void setClientInfo(Object[] args) {
    if (args.length == 2) {
      if (args[1] == null) {
        clientInfo.remove(args[0]);
      } else {
        clientInfo.setProperty((String) args[0], (String) args[1]);
      }
    } else {
      clientInfo.clear();
      if (args[0] != null) {
        clientInfo.putAll((Properties) args[0]);
      }
    }
  }

  private Object explainAnalyze(String method, String query) throws SQLException {
    Connection connection = iface == Connection.class ? null : (Connection) parent;
    switch (method) {
      case "executeQuery":
        return ExplainAnalyze.run(connection, query);
      case "execute":
        explainResult = ExplainAnalyze.run(connection, query);
        return true;
      default:
        throw new SQLFeatureNotSupportedException("EXPLAIN ANALYZE runs through Statement.execute or "
            + "Statement.executeQuery, not " + method, "0A000");
    }
  }

  private Object refresh(String method) throws SQLException {
    if (!method.equals("execute") && !method.equals("executeUpdate")
        && !method.equals("executeLargeUpdate")) {
      throw new SQLFeatureNotSupportedException("REFRESH returns no result set: run it with "
          + "Statement.execute or executeUpdate, not " + method, "0A000");
    }
    RefreshStatement.run((Connection) parent);
    return method.equals("execute") ? (Object) false : method.equals("executeUpdate") ? (Object) 0 : 0L;
  }

  private Object invokeTarget(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      OutOfMemoryError outOfMemory = OutOfMemoryGuard.find(cause);
      if (outOfMemory != null && Arrays.asList(method.getExceptionTypes()).contains(SQLException.class)) {
        throw OutOfMemoryGuard.recover(target, cause, outOfMemory);
      }
      if (Arrays.asList(method.getExceptionTypes()).contains(SQLException.class)
          && (cause instanceof SQLException || cause instanceof RuntimeException)) {
        throw canceled(cause, SqlStates.translate(cause));
      }
      throw cause;
    }
  }

  /**
   * Calcite keeps a statement's cancel flag set once {@code cancel()} was called, which would fail every
   * later execution of the statement: a cancel stops the execution under way, not the next one.
   */
  private static void clearCancel(AvaticaStatement statement) {
    try {
      statement.connection.getCancelFlag(statement.handle).set(false);
    } catch (NoSuchStatementException e) {
      // A closed statement: executing it reports that.
    }
  }

  /**
   * A query stopped by {@code Statement.cancel} or its timeout is SQLState 57014, a timeout as a
   * {@link SQLTimeoutException}; Avatica's own refusal to fetch after a cancel gets that state too.
   */
  private static SQLException canceled(Throwable cause, SQLException translated) {
    for (Throwable c = cause; c != null; c = c.getCause()) {
      if (c instanceof QueryCanceledException q) {
        return q.timedOut() ? new SQLTimeoutException(q.getMessage(), q.sqlState(), cause) : translated;
      }
    }
    if (cause instanceof SQLException s && s.getSQLState() == null
        && AVATICA_CANCELED.equals(s.getMessage())) {
      return new SQLException("Query canceled (Statement.cancel)", QueryCanceledException.QUERY_CANCELED,
          cause);
    }
    return translated;
  }

  @Override public String toString() {
    return "JdbcProxy(" + target + ")";
  }
}
