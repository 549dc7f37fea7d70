package dev.lakejdbc.driver;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A small metadata result set read into memory and sorted by named columns, for the orders JDBC
 * prescribes and Calcite does not keep ({@code getTables}: TABLE_TYPE, TABLE_CAT, TABLE_SCHEM,
 * TABLE_NAME). Values are served from the copy; the result set's metadata is the original's.
 */
final class SortedRows {
  private SortedRows() {}

  static ResultSet sort(ResultSet rows, String... columns) throws SQLException {
    ResultSetMetaData md = rows.getMetaData();
    int n = md.getColumnCount();
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      labels.add(md.getColumnLabel(i));
    }
    List<Object[]> copy = new ArrayList<>();
    while (rows.next()) {
      Object[] row = new Object[n];
      for (int i = 0; i < n; i++) {
        row[i] = rows.getObject(i + 1);
      }
      copy.add(row);
    }
    Comparator<Object[]> order = (a, b) -> 0;
    for (String column : columns) {
      int i = index(labels, column);
      order = order.thenComparing(r -> r[i] == null ? "" : String.valueOf(r[i]));
    }
    copy.sort(order);
    int[] position = {-1};
    boolean[] wasNull = {false};
    boolean[] closed = {false};
    return (ResultSet) Proxy.newProxyInstance(SortedRows.class.getClassLoader(),
        new Class<?>[] {ResultSet.class}, (proxy, method, args) -> {
          String name = method.getName();
          switch (name) {
            case "next":
              position[0]++;
              return position[0] < copy.size();
            case "close":
              closed[0] = true;
              rows.close();
              return null;
            case "isClosed": return closed[0];
            case "wasNull": return wasNull[0];
            case "getRow": return position[0] + 1;
            case "findColumn": return index(labels, (String) args[0]) + 1;
            case "unwrap": return ((Class<?>) args[0]).isInstance(proxy) ? proxy : rows.unwrap((Class<?>) args[0]);
            case "isWrapperFor": return ((Class<?>) args[0]).isInstance(proxy);
            default:
              break;
          }
          if (name.startsWith("get") && args != null && args.length == 1
              && (args[0] instanceof Integer || args[0] instanceof String)
              && !name.equals("getMetaData")) {
            int i = args[0] instanceof Integer c ? c - 1 : index(labels, (String) args[0]);
            if (position[0] < 0 || position[0] >= copy.size()) {
              throw new SQLException("No current row", "24000");
            }
            Object v = copy.get(position[0])[i];
            wasNull[0] = v == null;
            return value(v, method.getReturnType());
          }
          try {
            return method.invoke(rows, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  private static int index(List<String> labels, String column) throws SQLException {
    for (int i = 0; i < labels.size(); i++) {
      if (labels.get(i).equalsIgnoreCase(column)) {
        return i;
      }
    }
    throw new SQLException("No column " + column, "42S22");
  }

  private static Object value(Object v, Class<?> type) {
    if (type == String.class) {
      return v == null ? null : String.valueOf(v);
    }
    if (type == Object.class) {
      return v;
    }
    Number n = v instanceof Number number ? number : v instanceof Boolean b ? (b ? 1 : 0) : 0;
    if (type == int.class) {
      return n.intValue();
    }
    if (type == long.class) {
      return n.longValue();
    }
    if (type == short.class) {
      return n.shortValue();
    }
    if (type == byte.class) {
      return n.byteValue();
    }
    if (type == double.class) {
      return n.doubleValue();
    }
    if (type == float.class) {
      return n.floatValue();
    }
    if (type == boolean.class) {
      return v instanceof Boolean b ? b : n.intValue() != 0;
    }
    if (type == BigDecimal.class) {
      return v == null ? null : new BigDecimal(v.toString());
    }
    return v;
  }
}
