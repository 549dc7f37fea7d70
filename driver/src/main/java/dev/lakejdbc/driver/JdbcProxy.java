package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.QueryCanceledException;
import dev.lakejdbc.adapter.StorageCalls;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLWarning;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
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
      PreparedStatement.class, CallableStatement.class, ResultSet.class, DatabaseMetaData.class,
      ResultSetMetaData.class);
  /** DatabaseMetaData's questions about updates seen by result sets: none, the lake is never written. */
  private static final Set<String> NO_UPDATES_VISIBLE = Set.of("ownUpdatesAreVisible",
      "ownDeletesAreVisible", "ownInsertsAreVisible", "othersUpdatesAreVisible",
      "othersDeletesAreVisible", "othersInsertsAreVisible", "updatesAreDetected", "deletesAreDetected",
      "insertsAreDetected");
  /** The methods that open a statement, whose result set type and concurrency may be downgraded. */
  private static final Set<String> OPENS_STATEMENT = Set.of("createStatement", "prepareStatement",
      "prepareCall");
  private static final Set<String> TAKES_SQL = Set.of("execute", "executeQuery", "executeUpdate",
      "executeLargeUpdate", "addBatch", "prepareStatement", "prepareCall");
  /** Avatica's message, without a SQLState, when a canceled statement's result set is read. */
  private static final String AVATICA_CANCELED = "Statement canceled";
  private static final String NOT_SUPPORTED = "0A000";

  private final Object target;
  private final Class<?> iface;
  private final Object parent;
  /** The result of an EXPLAIN ANALYZE run through {@code Statement.execute}, for getResultSet. */
  private ResultSet explainResult;
  /** A PreparedStatement's parameters, bound by their SQL types. */
  private ParameterBinding binding;
  /**
   * A connection's client info (ApplicationName and the like, which DBeaver and others set on connect):
   * kept for getClientInfo, used for nothing else. Avatica refuses to set any.
   */
  private final Properties clientInfo = new Properties();
  /** A connection's warnings: a result set type or concurrency it could not give. */
  private SQLWarning warnings;

  /**
   * Whether the target is Avatica's client of a lake-jdbc server ({@link RemoteLake}): the server's own
   * JdbcProxy handles the statement text; here only values, metadata and refusals are the client's.
   */
  private final boolean remote;

  /** A connection's: what closing it must do besides closing Calcite's connection; run once. */
  private Runnable onClose;
  /**
   * A statement's: the cancel flag and deadline of its current execution, which waits on remote
   * storage honour (while it executes and while its result set is read).
   */
  private volatile StorageCalls.Limit executionLimit;

  private JdbcProxy(Object target, Class<?> iface, Object parent, boolean remote) {
    this.target = target;
    this.iface = iface;
    this.parent = parent;
    this.remote = remote;
  }

  static Connection connection(Connection target) {
    return wrap(target, Connection.class, null, false);
  }

  /** A lake connection; {@code onClose} runs once, after Calcite's connection is closed. */
  static Connection connection(Connection target, Runnable onClose) {
    Connection connection = wrap(target, Connection.class, null, false);
    ((JdbcProxy) Proxy.getInvocationHandler(connection)).onClose = onClose;
    return connection;
  }

  /** A connection of Avatica's remote client to a lake-jdbc server. */
  static Connection remoteConnection(Connection target) {
    return wrap(target, Connection.class, null, true);
  }

  private static <T> T wrap(Object target, Class<T> iface, Object parent, boolean remote) {
    return iface.cast(Proxy.newProxyInstance(JdbcProxy.class.getClassLoader(), new Class<?>[] {iface},
        new JdbcProxy(target, iface, parent, remote)));
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
        case "getWarnings": return warnings;
        case "clearWarnings":
          warnings = null;
          return null;
        case "close":
          try {
            return invokeTarget(method, args);
          } finally {
            Runnable close = onClose;
            onClose = null;
            if (close != null) {
              close.run();
            }
          }
        case "setNetworkTimeout": case "getNetworkTimeout":
          if (remote) {
            break;
          }
          // Embedded, there is no network to time out; pools (HikariCP) need to be told so.
          throw new SQLFeatureNotSupportedException("lake-jdbc runs in this JVM: there is no network "
              + "timeout to " + (name.startsWith("set") ? "set" : "get"), NOT_SUPPORTED);
        default:
          break;
      }
      if (OPENS_STATEMENT.contains(name)) {
        downgradeResultSetType(name, args);
      }
    } else if (iface == DatabaseMetaData.class) {
      switch (name) {
        case "isReadOnly": return true;
        case "supportsTransactions": return false;
        case "getDefaultTransactionIsolation": return Connection.TRANSACTION_NONE;
        case "getConnection": return parent;
        case "getDatabaseProductName": case "getDatabaseProductVersion":
          if (remote) {
            // Avatica's client names itself; the server's metadata says what it serves.
            String key = name.equals("getDatabaseProductName") ? "GET_DATABASE_PRODUCT_NAME"
                : "GET_DATABASE_PRODUCT_VERSION";
            String served = ((AvaticaSpecificDatabaseMetaData) target).getRemoteAvaticaProperties()
                .getProperty(key);
            if (served != null) {
              return served;
            }
          }
          break;
        case "supportsResultSetHoldability":
          return (Integer) args[0] == ((DatabaseMetaData) target).getResultSetHoldability();
        default:
          if (NO_UPDATES_VISIBLE.contains(name)) {
            return false;
          }
          break;
      }
    } else if (iface == ResultSetMetaData.class) {
      ResultSetMetaData md = (ResultSetMetaData) target;
      switch (name) {
        case "getColumnDisplaySize": {
          int column = (Integer) args[0];
          return ColumnSizes.displaySize(md.getColumnType(column), md.getPrecision(column),
              md.getScale(column));
        }
        case "getPrecision": {
          int column = (Integer) args[0];
          return ColumnSizes.precision(md.getColumnType(column), md.getPrecision(column));
        }
        case "isSearchable": {
          // A column of a table (not an expression) can be filtered on.
          String table = md.getTableName((Integer) args[0]);
          return table != null && !table.isEmpty();
        }
        default:
          break;
      }
    } else if ((name.equals("getConnection") || name.equals("getStatement"))
        && method.getReturnType().isInstance(parent)) {
      return parent;
    }
    if (iface == PreparedStatement.class && ParameterBinding.binds(method, args)) {
      if (binding == null) {
        binding = new ParameterBinding((PreparedStatement) target, remote);
      }
      try {
        binding.bind(method, args);
      } catch (RuntimeException e) {
        throw SqlStates.translate(e);
      }
      return null;
    }
    if (iface == ResultSet.class && !remote) {
      ResultSet rs = (ResultSet) target;
      String column = ResultValues.nestedTimestampColumn(rs, name, args);
      if (column != null) {
        int index = args[0] instanceof Integer i ? i : rs.findColumn((String) args[0]);
        NestedTimestampValues.Answer answer = NestedTimestampValues.get(rs, index, name, args);
        if (answer != null) {
          return answer.value();
        }
        throw new SQLException("Column '" + column + "' is a nested value holding a TIMESTAMP, whose "
            + "row this result set cannot reach to keep its microseconds: select its fields "
            + "(t.s.ts, arr[1]) or connect with nestedColumns=json", "0A000");
      }
    }
    if (iface == ResultSet.class && !remote && ResultValues.readsTimestamp((ResultSet) target, name, args)) {
      try {
        return ResultValues.getTimestamp((ResultSet) target, name, args);
      } catch (RuntimeException e) {
        throw SqlStates.translate(e);
      }
    }
    if (iface == ResultSet.class && ResultValues.answers(name, args)) {
      try {
        return ResultValues.get((ResultSet) target, name, args);
      } catch (RuntimeException e) {
        throw SqlStates.translate(e);
      }
    }
    if (name.startsWith("execute") && target instanceof AvaticaStatement statement) {
      clearCancel(statement);
      executionLimit = limitOf(statement);
    }
    if (!remote && TAKES_SQL.contains(name) && args != null && args.length > 0
        && args[0] instanceof String text) {
      String sql = ClientSqlText.normalize(text);
      ReadOnlyStatements.check(sql);
      explainResult = null;
      String analyzed = ExplainStatements.analyzedQuery(sql);
      if (analyzed != null) {
        return explainAnalyze(name, analyzed);
      }
      if (RefreshStatement.matches(sql)) {
        return refresh(name);
      }
      ShowStatements.Shown shown = ShowStatements.rewrite(sql, connection().getSchema());
      if (shown != null && shown.names()) {
        requireExisting(shown);
      }
      args[0] = ExplainStatements.rewrite(shown != null ? shown.query() : sql);
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
    Object result;
    StorageCalls.Limit limit = storageLimit();
    if (limit == null) {
      result = invokeTarget(method, args);
    } else {
      try (StorageCalls.Scope scope = StorageCalls.enter(limit)) {
        result = invokeTarget(method, args);
      }
    }
    if (!patternFilters.isEmpty()) {
      result = MetadataPatterns.filter((ResultSet) result, patternFilters);
    }
    if (iface == DatabaseMetaData.class && name.equals("getTables")) {
      // JDBC's order, which Calcite does not keep.
      result = SortedRows.sort((ResultSet) result, "TABLE_TYPE", "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME");
    }
    Class<?> returnType = method.getReturnType();
    if (result != null && WRAPPED.contains(returnType)) {
      return wrap(result, returnType, proxy, remote);
    }
    return result;
  }

  /** The connection this object belongs to (the target itself for a connection). */
  /** Fails a statement naming a table or schema that does not exist, as a query reading it would. */
  private void requireExisting(ShowStatements.Shown shown) throws SQLException {
    try (Statement s = connection().createStatement(); ResultSet r = s.executeQuery(shown.existence())) {
      if (!r.next()) {
        throw shown.unknown();
      }
    }
  }

  private Connection connection() {
    return iface == Connection.class ? (Connection) target : (Connection) parent;
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

  /**
   * A scrollable or updatable result set cannot be given: the statement is opened forward-only and
   * read-only instead, with a warning on the connection, as JDBC asks of a driver that downgrades.
   */
  private void downgradeResultSetType(String method, Object[] args) {
    int typeArg = method.equals("createStatement") ? 0 : 1;
    if (args == null || args.length < typeArg + 2 || !(args[typeArg] instanceof Integer)) {
      return;
    }
    int type = (Integer) args[typeArg];
    int concurrency = (Integer) args[typeArg + 1];
    if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
      args[typeArg] = ResultSet.TYPE_FORWARD_ONLY;
      args[typeArg + 1] = ResultSet.CONCUR_READ_ONLY;
      SQLWarning warning = new SQLWarning("lake-jdbc result sets are forward-only and read-only: "
          + "the statement was opened TYPE_FORWARD_ONLY, CONCUR_READ_ONLY instead of the type "
          + type + " and concurrency " + concurrency + " asked for", "01000");
      if (warnings == null) {
        warnings = warning;
      } else {
        warnings.setNextWarning(warning);
      }
    }
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
      if (cause instanceof SQLFeatureNotSupportedException unsupported) {
        // Avatica's refusals carry no SQLState and often no message: name what was refused.
        String message = unsupported.getMessage();
        throw new SQLFeatureNotSupportedException(method.getDeclaringClass().getSimpleName() + "."
            + method.getName() + " is not supported by lake-jdbc"
            + (message == null || message.isEmpty() ? "" : ": " + message), NOT_SUPPORTED, cause);
      }
      // A constant the generated code computes once (5 % 0) fails in its class's initialiser: the
      // first execution gets ExceptionInInitializerError, later ones NoClassDefFoundError. Both are
      // the query's error, not the host's.
      if (Arrays.asList(method.getExceptionTypes()).contains(SQLException.class)
          && (cause instanceof SQLException || cause instanceof RuntimeException
              || cause instanceof ExceptionInInitializerError || cause instanceof NoClassDefFoundError)) {
        throw canceled(cause, SqlStates.translate(cause));
      }
      throw cause;
    }
  }

  /** A statement's cancel flag and its query timeout counted from now. */
  private static StorageCalls.Limit limitOf(AvaticaStatement statement) {
    try {
      AtomicBoolean flag = statement.connection.getCancelFlag(statement.handle);
      return StorageCalls.Limit.statement(flag, statement.getQueryTimeout() * 1000L);
    } catch (NoSuchStatementException | SQLException e) {
      return null;
    }
  }

  /**
   * The limit for a call on this object: a statement's current execution's, also for the calls on
   * its result sets (reading rows is where a scan waits on storage).
   */
  private StorageCalls.Limit storageLimit() {
    if (remote) {
      return null;
    }
    if (executionLimit != null) {
      return executionLimit;
    }
    if (iface == ResultSet.class && parent != null && Proxy.isProxyClass(parent.getClass())
        && Proxy.getInvocationHandler(parent) instanceof JdbcProxy statement) {
      return statement.executionLimit;
    }
    return null;
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
