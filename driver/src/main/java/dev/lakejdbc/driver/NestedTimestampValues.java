package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.time.Micros;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Struct;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.avatica.util.Cursor;
import org.apache.calcite.avatica.util.StructImpl;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.rel.type.RelDataType;

/**
 * The JDBC values of a nested column (ROW, ARRAY, MAP) that holds a TIMESTAMP at some depth, made from
 * the row's own value: Avatica's accessors would read the TIMESTAMP's microseconds (the lake's run-time
 * value, see adapter.time) as milliseconds. Values become what Avatica gives for other nested columns —
 * {@link Struct}, {@link Array}, {@link Map}, with {@link Timestamp}, {@link Date}, {@link Time} leaves —
 * but exact to the microsecond. The row is read through Avatica's cursor, which JDBC does not expose;
 * where that fails the caller refuses the read (0A000) rather than answer wrong.
 */
final class NestedTimestampValues {
  private static final Field CURSOR = field("cursor");
  private static final Field SIGNATURE = field("signature");

  private NestedTimestampValues() {}

  private static Field field(String name) {
    try {
      Field f = AvaticaResultSet.class.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /**
   * {@code method(args)} (getObject, getArray, getString) on nested column {@code index}; null when
   * the row cannot be reached.
   */
  static Answer get(ResultSet rs, int index, String method, Object[] args) throws SQLException {
    Object raw;
    RelDataType type;
    try {
      AvaticaResultSet avatica = rs.unwrap(AvaticaResultSet.class);
      if (CURSOR == null || SIGNATURE == null
          || !(SIGNATURE.get(avatica) instanceof CalcitePrepare.CalciteSignature<?> signature)
          || signature.rowType == null) {
        return null;
      }
      type = signature.rowType.getFieldList().get(index - 1).getType();
      raw = column(currentRow((Cursor) CURSOR.get(avatica)), index, signature.rowType.getFieldCount());
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
    Object value = jdbcValue(raw, type);
    switch (method) {
      case "getString": case "getNString":
        return new Answer(value == null ? null : text(value));
      case "getArray":
        return new Answer(value);
      default:
        if (args.length == 2 && args[1] instanceof Class<?> wanted && value != null
            && !wanted.isInstance(value)) {
          if (wanted == String.class) {
            return new Answer(text(value));
          }
          throw new SQLException("Cannot convert column " + index + " (" + type.getFullTypeString()
              + ") to " + wanted.getName(), "22018");
        }
        return new Answer(value);
    }
  }

  /** A getter's result, which may be null. */
  record Answer(Object value) {}

  /** The cursor's current row: its {@code current()}, which Calcite's and Avatica's cursors have. */
  private static Object currentRow(Cursor cursor) throws ReflectiveOperationException {
    for (Class<?> c = cursor.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Method current = c.getDeclaredMethod("current");
        current.setAccessible(true);
        return current.invoke(cursor);
      } catch (NoSuchMethodException e) {
        // look in the superclass
      }
    }
    throw new NoSuchMethodException("current() of " + cursor.getClass());
  }

  /** Column {@code index} of a row: one column's row is the value itself, more are an array or list. */
  private static Object column(Object row, int index, int columns) {
    if (columns == 1) {
      return row;
    }
    if (row instanceof Object[] values) {
      return values[index - 1];
    }
    if (row instanceof List<?> values) {
      return values.get(index - 1);
    }
    throw new IllegalStateException("a row of " + row.getClass());
  }

  /** A run-time value of SQL type {@code type} as JDBC hands it out. */
  static Object jdbcValue(Object raw, RelDataType type) {
    if (raw == null) {
      return null;
    }
    if (type.isStruct()) {
      List<?> fields = raw instanceof Object[] a ? Arrays.asList(a) : (List<?>) raw;
      List<Object> attributes = new ArrayList<>();
      for (int i = 0; i < fields.size(); i++) {
        attributes.add(jdbcValue(fields.get(i), type.getFieldList().get(i).getType()));
      }
      return new StructImpl(attributes);
    }
    switch (type.getSqlTypeName()) {
      case ARRAY:
      case MULTISET: {
        List<Object> elements = new ArrayList<>();
        for (Object e : (List<?>) raw) {
          elements.add(jdbcValue(e, type.getComponentType()));
        }
        return new LakeArray(elements, type.getComponentType());
      }
      case MAP: {
        Map<Object, Object> map = new LinkedHashMap<>();
        ((Map<?, ?>) raw).forEach((k, v) -> map.put(jdbcValue(k, type.getKeyType()),
            jdbcValue(v, type.getValueType())));
        return map;
      }
      case TIMESTAMP:
        return Timestamp.valueOf(Micros.toLocalDateTime(((Number) raw).longValue()));
      case DATE:
        return Date.valueOf(LocalDate.ofEpochDay(((Number) raw).intValue()));
      case TIME:
        return new Time(LocalTime.ofNanoOfDay(((Number) raw).intValue() * 1_000_000L)
            .atDate(LocalDate.EPOCH).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
      default:
        return raw instanceof ByteString b ? b.getBytes() : raw;
    }
  }

  /** The text of a value as Avatica shows nested values: {@code {1, [2026-01-01 10:00:00.000007]}}. */
  private static String text(Object value) {
    try {
      if (value instanceof Struct s) {
        List<String> parts = new ArrayList<>();
        for (Object a : s.getAttributes()) {
          parts.add(text(a));
        }
        return "{" + String.join(", ", parts) + "}";
      }
      if (value instanceof Array a) {
        List<String> parts = new ArrayList<>();
        for (Object e : (Object[]) a.getArray()) {
          parts.add(text(e));
        }
        return "[" + String.join(", ", parts) + "]";
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    if (value instanceof Map<?, ?> m) {
      List<String> parts = new ArrayList<>();
      m.forEach((k, v) -> parts.add(text(k) + "=" + text(v)));
      return "{" + String.join(", ", parts) + "}";
    }
    if (value instanceof Timestamp t) {
      return Micros.text(t.toLocalDateTime());
    }
    return value instanceof byte[] b ? new ByteString(b).toString() : String.valueOf(value);
  }

  /** A JDBC Array of values already converted; its elements' SQL type from the column's type. */
  private static final class LakeArray implements Array {
    private final List<Object> elements;
    private final RelDataType elementType;

    LakeArray(List<Object> elements, RelDataType elementType) {
      this.elements = elements;
      this.elementType = elementType;
    }

    @Override public String getBaseTypeName() {
      return elementType.getSqlTypeName().getName();
    }

    @Override public int getBaseType() {
      return elementType.isStruct() ? java.sql.Types.STRUCT : elementType.getSqlTypeName().getJdbcOrdinal();
    }

    @Override public Object getArray() {
      return elements.toArray();
    }

    @Override public Object getArray(Map<String, Class<?>> map) {
      return getArray();
    }

    @Override public Object getArray(long index, int count) throws SQLException {
      if (index < 1 || count < 0 || index - 1 + count > elements.size()) {
        throw new SQLException("Array slice from " + index + " of " + count + " elements is outside "
            + "its " + elements.size() + " elements", "2202E");
      }
      return elements.subList((int) index - 1, (int) index - 1 + count).toArray();
    }

    @Override public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
      return getArray(index, count);
    }

    @Override public ResultSet getResultSet() throws SQLException {
      throw notSupported();
    }

    @Override public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
      throw notSupported();
    }

    @Override public ResultSet getResultSet(long index, int count) throws SQLException {
      throw notSupported();
    }

    @Override public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map)
        throws SQLException {
      throw notSupported();
    }

    private static SQLException notSupported() {
      return new SQLFeatureNotSupportedException("Array.getResultSet of an array holding TIMESTAMP "
          + "values: use getArray()", "0A000");
    }

    @Override public void free() {
      // nothing held
    }

    @Override public String toString() {
      return text(this);
    }
  }
}
