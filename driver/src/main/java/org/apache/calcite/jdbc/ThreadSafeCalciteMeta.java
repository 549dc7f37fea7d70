package org.apache.calcite.jdbc;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;

/**
 * Calcite's {@link CalciteMetaImpl}, safe for threads that share one connection. Avatica numbers a
 * connection's statements with an unsynchronized counter ({@code MetaImpl.createStatement}) and Calcite
 * keeps them in a plain {@code HashMap}: two threads creating statements at once could get one id (two
 * statements then share one server entry), and a lookup during another thread's insert could miss it
 * ({@code NoSuchStatementException}, "no statement"). Here ids are handed out one at a time and the map
 * is a {@link ConcurrentHashMap}.
 *
 * <p>It lives in Calcite's package because CalciteMetaImpl's constructor takes the package-private
 * CalciteConnectionImpl; lake-jdbc ships as one jar with Calcite inside, so the package is not split
 * across class loaders.
 */
public final class ThreadSafeCalciteMeta extends CalciteMetaImpl {
  private final CalciteConnectionImpl connection;
  /** Whether the server's statement map was replaced (it does not exist yet when this is made). */
  private boolean concurrent;

  private ThreadSafeCalciteMeta(CalciteConnectionImpl connection, CalciteMetaTableFactory tables,
      CalciteMetaColumnFactory columns) {
    super(connection, tables, columns);
    this.connection = connection;
  }

  /** The Meta of a connection that Calcite's factory made. */
  public static Meta create(AvaticaConnection connection, CalciteMetaTableFactory tables,
      CalciteMetaColumnFactory columns) {
    return new ThreadSafeCalciteMeta((CalciteConnectionImpl) connection, tables, columns);
  }

  @Override public StatementHandle createStatement(ConnectionHandle ch) {
    synchronized (this) {
      // A statement is created before any is looked up, and a thread that uses one created it (or got
      // it from one that did): the replaced map is seen by all that use it.
      if (!concurrent) {
        concurrentStatements(connection.server);
        concurrent = true;
      }
      return super.createStatement(ch);
    }
  }

  /** Replaces the server's statement map (a final HashMap field) with a concurrent one. */
  private static void concurrentStatements(Object server) {
    try {
      Field field = server.getClass().getDeclaredField("statementMap");
      field.setAccessible(true);
      @SuppressWarnings("unchecked")
      Map<Object, Object> statements = (Map<Object, Object>) field.get(server);
      field.set(server, new ConcurrentHashMap<>(statements));
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot make Calcite's statement map concurrent in "
          + server.getClass().getName() + " (another Calcite version?)", e);
    }
  }
}
