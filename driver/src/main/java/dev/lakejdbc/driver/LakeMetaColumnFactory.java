package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.catalog.LakeTable;
import dev.lakejdbc.adapter.table.LakeColumn;
import org.apache.calcite.avatica.MetaImpl.MetaColumn;
import org.apache.calcite.jdbc.CalciteMetaColumnFactoryImpl;
import org.apache.calcite.schema.Table;

/**
 * {@code getColumns} as BI tools expect it: a plain TYPE_NAME ({@code INTEGER}, not Calcite's
 * {@code INTEGER NOT NULL}; {@code DECIMAL}, not {@code DECIMAL(12, 2)}, whose precision and scale have
 * their own columns), a real COLUMN_SIZE for unbounded VARCHAR and VARBINARY, and a REMARKS of
 * {@code partition column} on the columns that come from directory names, so a user browsing the lake in
 * a tool sees which filters prune.
 */
public final class LakeMetaColumnFactory extends CalciteMetaColumnFactoryImpl {
  public static final LakeMetaColumnFactory INSTANCE = new LakeMetaColumnFactory();

  private LakeMetaColumnFactory() {}

  @Override public MetaColumn createColumn(Table table, String tableCat, String tableSchem,
      String tableName, String columnName, int dataType, String typeName, Integer columnSize,
      Integer decimalDigits, int numPrecRadix, int nullable, Integer charOctetLength,
      int ordinalPosition, String isNullable) {
    String plainType = plainTypeName(typeName);
    LakeColumn nested = nestedColumn(table, columnName);
    if (nested != null) {
      // Calcite names a ROW "RecordType"; a tool needs its fields. JDBC has no MAP type: a MAP is
      // OTHER (getObject returns a java.util.Map), as Calcite's ResultSetMetaData reports it, so both
      // agree (JAVA_OBJECT would promise a user-defined Java class, SQL's distinct/UDT meaning).
      plainType = nested.type().toString();
    }
    Integer size = columnSize == null || columnSize < 0 ? defaultSize(plainType) : columnSize;
    if ((dataType == java.sql.Types.TIMESTAMP || dataType == java.sql.Types.TIME) && columnSize != null
        && columnSize >= 0) {
      // JDBC: a datetime's COLUMN_SIZE is the length of its text, DECIMAL_DIGITS its fractional digits
      // (Calcite reports the fractional digits as the size): TIMESTAMP(6) is 26 and 6.
      decimalDigits = columnSize;
      size = ColumnSizes.displaySize(dataType, columnSize, 0);
    }
    Integer octets = plainType.startsWith("VAR") ? size : charOctetLength;
    return new LakeMetaColumn(tableCat, tableSchem, tableName, columnName, dataType, plainType, size,
        decimalDigits, numPrecRadix, nullable, octets, ordinalPosition, isNullable,
        remarks(table, columnName));
  }

  @Override public Class<? extends MetaColumn> getMetaColumnClass() {
    return LakeMetaColumn.class;
  }

  private static LakeColumn nestedColumn(Table table, String columnName) {
    if (!(table instanceof LakeTable lake)) {
      return null;
    }
    return lake.source().schema().columns().stream()
        .filter(c -> c.name().equals(columnName) && c.type().isNested())
        .findFirst().orElse(null);
  }

  private static String remarks(Table table, String columnName) {
    if (!(table instanceof LakeTable lake)) {
      return null;
    }
    // getColumns has just derived the row type, so the schema is already discovered.
    return lake.source().schema().columns().stream()
        .filter(c -> c.name().equals(columnName) && c.isPartition())
        .findFirst()
        .map(LakeMetaColumnFactory::partitionRemark)
        .orElse(null);
  }

  private static String partitionRemark(LakeColumn column) {
    return PARTITION_COLUMN + " (directory level " + (column.partitionIndex() + 1) + ")";
  }

  /** The start of a partition column's REMARKS. */
  public static final String PARTITION_COLUMN = "partition column";

  /**
   * Avatica's MetaColumn has REMARKS fixed to null; Calcite reads the columns of getColumns by name from
   * the class the factory names, so a field declared here hides it.
   */
  public static final class LakeMetaColumn extends MetaColumn {
    public final String remarks;

    LakeMetaColumn(String tableCat, String tableSchem, String tableName, String columnName,
        int dataType, String typeName, Integer columnSize, Integer decimalDigits, int numPrecRadix,
        int nullable, Integer charOctetLength, int ordinalPosition, String isNullable,
        String remarks) {
      super(tableCat, tableSchem, tableName, columnName, dataType, typeName, columnSize,
          decimalDigits, numPrecRadix, nullable, charOctetLength, ordinalPosition, isNullable);
      this.remarks = remarks;
    }
  }

  /** {@code DECIMAL(12, 2) NOT NULL} -> {@code DECIMAL}; {@code TIMESTAMP(3)} -> {@code TIMESTAMP}. */
  static String plainTypeName(String fullTypeName) {
    String s = fullTypeName.replace(" NOT NULL", "");
    int paren = s.indexOf('(');
    if (paren >= 0) {
      s = s.substring(0, paren) + s.substring(s.lastIndexOf(')') + 1);
    }
    // Character set and collation suffixes are not part of the JDBC type name.
    int charset = s.indexOf(" CHARACTER SET");
    return (charset >= 0 ? s.substring(0, charset) : s).trim();
  }

  private static Integer defaultSize(String typeName) {
    switch (typeName) {
      case "VARCHAR": case "VARBINARY": return ColumnSizes.UNBOUNDED;
      case "BOOLEAN": return 1;
      case "TINYINT": return 3;
      case "SMALLINT": return 5;
      case "INTEGER": return 10;
      case "BIGINT": return 19;
      case "REAL": return 7;
      case "DOUBLE": return 15;
      case "DATE": return 10;
      default: return null;
    }
  }
}
