package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.regex.Pattern;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;

/**
 * {@code REFRESH} (or Spark's {@code REFRESH TABLE name}): forgets the connection's directory
 * listings, table schemas and prepared plans, so the next statement sees the lake as it is now. It
 * reads nothing and writes nothing.
 */
final class RefreshStatement {
  private static final Pattern REFRESH = Pattern.compile(
      "^\\s*REFRESH(\\s+TABLE\\s+[\\w.\"`]+)?\\s*;?\\s*$", Pattern.CASE_INSENSITIVE);

  private RefreshStatement() {}

  static boolean matches(String sql) {
    return REFRESH.matcher(sql).matches();
  }

  static void run(Connection connection) throws SQLException {
    SchemaPlus lake = connection.unwrap(CalciteConnection.class).getRootSchema()
        .getSubSchema(LakeDriver.SCHEMA);
    LakeSchema schema = lake == null ? null : lake.unwrap(LakeSchema.class);
    if (schema != null) {
      schema.refresh();
      PlanCache.of(schema).clear();
    }
  }
}
