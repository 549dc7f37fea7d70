package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.time.Micros;
import java.lang.reflect.Method;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.Set;

/**
 * Binds a PreparedStatement's parameters by their SQL types: whatever a client passes to {@code setInt},
 * {@code setLong}, {@code setTimestamp}, {@code setString}, {@code setObject}, ... is converted
 * ({@link JdbcValues}) to the class of the parameter's type in the statement's ParameterMetaData, and
 * bound as that. Calcite's generated code reads each parameter as the class of its type: without this, a
 * {@code java.util.Date} or a String bound to {@code dt >= ?} on a DATE, or a Long bound to {@code LIMIT
 * ?}, failed with a ClassCastException inside the query. The remote server binds its clients' values
 * through the same statements, so they are converted alike.
 */
final class ParameterBinding {
  /** The setters whose value is converted; the others (setNull, streams, LOBs) go to Calcite as they are. */
  private static final Set<String> CONVERTED = Set.of("setBoolean", "setByte", "setShort", "setInt",
      "setLong", "setFloat", "setDouble", "setBigDecimal", "setString", "setNString", "setBytes",
      "setDate", "setTime", "setTimestamp", "setObject");

  private final PreparedStatement target;
  /** A statement of Avatica's remote client: the server binds the values again, in its own terms. */
  private final boolean remote;
  private ParameterMetaData parameters;

  ParameterBinding(PreparedStatement target, boolean remote) {
    this.target = target;
    this.remote = remote;
  }

  /** Whether {@code method} with {@code args} sets a parameter value that this class binds. */
  static boolean binds(Method method, Object[] args) {
    return CONVERTED.contains(method.getName()) && args != null && args.length >= 2
        && args[0] instanceof Integer;
  }

  /** Binds the value of a {@code set...(index, value, ...)} call on the target statement. */
  void bind(Method method, Object[] args) throws SQLException {
    int index = (Integer) args[0];
    Object value = args[1];
    ZoneId zone = args.length == 3 && args[2] instanceof Calendar c ? c.getTimeZone().toZoneId() : null;
    int type = parameterType(index);
    if (JdbcValues.parameterClass(type) == null && method.getName().equals("setObject") && args.length >= 3) {
      // The statement does not type the parameter: the client's target type is the best guide.
      type = args[2] instanceof SQLType t && t.getVendorTypeNumber() != null ? t.getVendorTypeNumber()
          : args[2] instanceof Integer t ? t : type;
    }
    Object converted = JdbcValues.forParameter(value, type, zone);
    if (converted == null) {
      target.setNull(index, type);
    } else if (type == Types.TIMESTAMP && converted instanceof Timestamp t && !remote) {
      // The lake's TIMESTAMP is microseconds at run time (adapter.time); Avatica would bind milliseconds.
      target.setLong(index, Micros.of(t.toLocalDateTime()));
    } else {
      target.setObject(index, converted);
    }
  }

  /** The parameter's JDBC type (OTHER or ANY when the statement does not say). */
  private int parameterType(int index) throws SQLException {
    if (parameters == null) {
      parameters = target.getParameterMetaData();
    }
    if (index < 1 || index > parameters.getParameterCount()) {
      throw new SQLException("Parameter index " + index + " is out of range: the statement has "
          + parameters.getParameterCount() + " parameter(s)", "07009");
    }
    return parameters.getParameterType(index);
  }
}
