package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The SQL type of a top-level Parquet field, taken from the Parquet schema and its logical annotation
 * (never from a derived Avro schema, which loses DECIMAL on INT64). Nested fields and repeated fields
 * are exposed as VARCHAR holding JSON.
 */
public final class ParquetColumnTypes {
  private ParquetColumnTypes() {}

  public static ColumnType sqlTypeOf(Type field) {
    if (!field.isPrimitive() || field.isRepetition(Type.Repetition.REPEATED)) {
      return ColumnType.VARCHAR;
    }
    PrimitiveType p = field.asPrimitiveType();
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      return ColumnType.decimal(d.getPrecision(), d.getScale());
    }
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        return ColumnType.BOOLEAN;
      case INT32:
        if (a instanceof IntLogicalTypeAnnotation i) {
          return switch (i.getBitWidth()) {
            case 8 -> i.isSigned() ? ColumnType.TINYINT : ColumnType.SMALLINT;
            case 16 -> i.isSigned() ? ColumnType.SMALLINT : ColumnType.INTEGER;
            default -> i.isSigned() ? ColumnType.INTEGER : ColumnType.BIGINT;
          };
        }
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return ColumnType.DATE;
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
          return ColumnType.TIME;
        }
        return ColumnType.INTEGER;
      case INT64:
        if (a instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
          return ColumnType.decimal(20, 0);
        }
        if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) {
          return ColumnType.TIMESTAMP;
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
          return ColumnType.TIME;
        }
        return ColumnType.BIGINT;
      case INT96:
        return ColumnType.TIMESTAMP;
      case FLOAT:
        return ColumnType.REAL;
      case DOUBLE:
        return ColumnType.DOUBLE;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        if (isUtf8Text(a) || a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
          return ColumnType.VARCHAR;
        }
        if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
          return ColumnType.REAL;
        }
        return ColumnType.VARBINARY;
      default:
        throw new IllegalArgumentException("unsupported Parquet type " + field);
    }
  }

  /**
   * The BINARY annotations whose bytes are UTF-8 text. {@link PrimitiveDecoders} decodes exactly these
   * to String, and every unlisted annotation (GEOMETRY, VARIANT, INTERVAL, ...) to the VARBINARY bytes
   * it is typed as here: one list, so the schema and the rows cannot disagree.
   */
  static boolean isUtf8Text(LogicalTypeAnnotation a) {
    return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
  }
}
