package dev.lakejdbc.driver;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.FilterableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code information_schema.schemata}, {@code .tables} and {@code .columns}: the SQL standard's views of
 * the catalog, built from the connection's own DatabaseMetaData ({@code getSchemas}, {@code getTables},
 * {@code getColumns}), so that they say what tools read through JDBC: the same names, plain type names,
 * sizes and the partition-column remarks. A filter on a table's name or schema (what DESCRIBE sends)
 * reads the columns of the matching tables only, not of the whole lake.
 */
final class InformationSchema extends AbstractSchema {
  static final String NAME = "information_schema";

  private final Connection connection;

  /** {@code connection}: the Calcite connection itself, whose metadata holds no lake-jdbc wrapper. */
  InformationSchema(Connection connection) {
    this.connection = connection;
  }

  @Override protected Map<String, Table> getTableMap() {
    return Map.of(
        "schemata", new View(List.of("catalog_name", "schema_name"), List.of()) {
          @Override List<Object[]> rows(String schema, String table) throws SQLException {
            List<Object[]> rows = new ArrayList<>();
            try (ResultSet rs = connection.getMetaData().getSchemas()) {
              while (rs.next()) {
                rows.add(new Object[] {rs.getString("TABLE_CATALOG"), rs.getString("TABLE_SCHEM")});
              }
            }
            return rows;
          }
        },
        "tables", new View(List.of("table_catalog", "table_schema", "table_name", "table_type",
            "remarks"), List.of()) {
          @Override List<Object[]> rows(String schema, String table) throws SQLException {
            List<Object[]> rows = new ArrayList<>();
            for (Object[] t : tables(schema, table)) {
              // The standard's name for JDBC's TABLE.
              rows.add(new Object[] {t[0], t[1], t[2], "TABLE".equals(t[3]) ? "BASE TABLE" : t[3], t[4]});
            }
            return rows;
          }
        },
        "columns", new View(List.of("table_catalog", "table_schema", "table_name", "column_name",
            "data_type", "is_nullable", "remarks"),
            List.of("ordinal_position", "character_maximum_length", "numeric_precision", "numeric_scale")) {
          @Override List<Object[]> rows(String schema, String table) throws SQLException {
            List<Object[]> rows = new ArrayList<>();
            DatabaseMetaData md = connection.getMetaData();
            for (Object[] t : tables(schema, table)) {
              try (ResultSet rs = md.getColumns(null, (String) t[1], (String) t[2], "%")) {
                while (rs.next()) {
                  if (!t[1].equals(rs.getString("TABLE_SCHEM")) || !t[2].equals(rs.getString("TABLE_NAME"))) {
                    continue;
                  }
                  int type = rs.getInt("DATA_TYPE");
                  Integer size = (Integer) rs.getObject("COLUMN_SIZE");
                  boolean text = type == java.sql.Types.VARCHAR || type == java.sql.Types.CHAR;
                  boolean numeric = rs.getObject("NUM_PREC_RADIX") != null && rs.getInt("NUM_PREC_RADIX") != 0;
                  rows.add(new Object[] {t[0], t[1], t[2], rs.getString("COLUMN_NAME"),
                      rs.getString("TYPE_NAME"), rs.getString("IS_NULLABLE"), rs.getString("REMARKS"),
                      rs.getInt("ORDINAL_POSITION"), text ? size : null, numeric ? size : null,
                      numeric ? (Integer) rs.getObject("DECIMAL_DIGITS") : null});
                }
              }
            }
            return rows;
          }
        });
  }

  /** getTables' rows (catalog, schema, name, type, remarks) whose schema and name match, when given. */
  private List<Object[]> tables(String schema, String table) throws SQLException {
    List<Object[]> tables = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getTables(null, null, "%", null)) {
      while (rs.next()) {
        String s = rs.getString("TABLE_SCHEM");
        String t = rs.getString("TABLE_NAME");
        if ((schema == null || schema.equalsIgnoreCase(s)) && (table == null || table.equalsIgnoreCase(t))) {
          tables.add(new Object[] {rs.getString("TABLE_CAT"), s, t, rs.getString("TABLE_TYPE"),
              rs.getString("REMARKS")});
        }
      }
    }
    return tables;
  }

  @Override public boolean isMutable() {
    return false;
  }

  /** One view: text columns, then integer ones; rows computed per scan. */
  private abstract static class View extends AbstractTable implements FilterableTable {
    private final List<String> textColumns;
    private final List<String> intColumns;

    View(List<String> textColumns, List<String> intColumns) {
      this.textColumns = textColumns;
      this.intColumns = intColumns;
    }

    /** The rows, restricted (case-insensitively) to a schema and a table name where they are not null. */
    abstract List<Object[]> rows(String schema, String table) throws SQLException;

    @Override public RelDataType getRowType(RelDataTypeFactory types) {
      RelDataTypeFactory.Builder row = types.builder();
      textColumns.forEach(c -> row.add(c, SqlTypeName.VARCHAR).nullable(true));
      intColumns.forEach(c -> row.add(c, SqlTypeName.INTEGER).nullable(true));
      return row.build();
    }

    @Override public Schema.TableType getJdbcTableType() {
      return Schema.TableType.VIEW;
    }

    /** Reads the filters for a table name and schema to narrow the metadata read; Calcite still applies them all. */
    @Override public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters) {
      String schema = null;
      String table = null;
      for (RexNode filter : filters) {
        String value = equalsLiteral(filter, textColumns.indexOf("table_schema"));
        schema = value != null ? value : schema;
        value = equalsLiteral(filter, textColumns.indexOf("table_name"));
        table = value != null ? value : table;
      }
      try {
        return Linq4j.asEnumerable(rows(schema, table));
      } catch (SQLException e) {
        throw new IllegalStateException("Cannot read the catalog: " + e.getMessage(), e);
      }
    }

    /** The literal of {@code column = 'x'} or {@code lower(column) = 'x'}, else null. */
    private static String equalsLiteral(RexNode filter, int column) {
      if (column < 0 || filter.getKind() != SqlKind.EQUALS) {
        return null;
      }
      List<RexNode> operands = ((RexCall) filter).getOperands();
      RexNode ref = operands.get(0);
      if (ref instanceof RexCall call && call.getOperator().getName().toLowerCase(Locale.ROOT).equals("lower")) {
        ref = call.getOperands().get(0);
      }
      if (ref instanceof RexInputRef input && input.getIndex() == column
          && operands.get(1) instanceof RexLiteral literal && literal.getValueAs(String.class) != null) {
        return literal.getValueAs(String.class);
      }
      return null;
    }
  }
}
