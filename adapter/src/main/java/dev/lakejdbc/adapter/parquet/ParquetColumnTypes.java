package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The SQL type of a top-level Parquet field, taken from the Parquet schema and its logical annotation
 * (never from a derived Avro schema, which loses DECIMAL on INT64). A group is a ROW, a LIST an ARRAY,
 * a MAP a MAP and a repeated field without annotation (legacy) an ARRAY of its type; with
 * {@code nestedColumns=json} discovery types them VARCHAR (JSON) instead ({@link #sqlTypeOf(Type,
 * boolean)}).
 */
public final class ParquetColumnTypes {
  private ParquetColumnTypes() {}

  /** The column's type, nested fields as VARCHAR (JSON) when {@code nestedAsJson}. */
  public static ColumnType sqlTypeOf(Type field, boolean nestedAsJson) {
    if (nestedAsJson && isNested(field)) {
      return ColumnType.VARCHAR;
    }
    return sqlTypeOf(field);
  }

  /** Whether a top-level field is nested: a group or a repeated field. */
  public static boolean isNested(Type field) {
    return !field.isPrimitive() || field.isRepetition(Type.Repetition.REPEATED);
  }

  public static ColumnType sqlTypeOf(Type field) {
    if (field.isRepetition(Type.Repetition.REPEATED)) {
      return ColumnType.array(valueTypeOf(field));
    }
    return valueTypeOf(field);
  }

  /** The type of one value of the field, whatever its repetition. */
  private static ColumnType valueTypeOf(Type field) {
    if (!field.isPrimitive()) {
      GroupType g = field.asGroupType();
      if (isList(g)) {
        return ColumnType.array(valueTypeOf(listElement(g)));
      }
      if (isMap(g)) {
        GroupType kv = g.getType(0).asGroupType();
        return ColumnType.map(sqlTypeOf(kv.getType(0)), sqlTypeOf(kv.getType(1)));
      }
      List<String> names = new ArrayList<>();
      List<ColumnType> types = new ArrayList<>();
      for (Type child : g.getFields()) {
        names.add(child.getName());
        types.add(sqlTypeOf(child));
      }
      return ColumnType.row(names, types);
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

  /** Whether a group is a LIST: annotated so, with one repeated field. */
  static boolean isList(GroupType g) {
    return g.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
        && g.getFieldCount() == 1 && g.getType(0).isRepetition(Type.Repetition.REPEATED);
  }

  /** Whether a group is a MAP: annotated so, with one repeated group of key and value. */
  static boolean isMap(GroupType g) {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (!(a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) || g.getFieldCount() != 1) {
      return false;
    }
    Type keyValue = g.getType(0);
    return keyValue.isRepetition(Type.Repetition.REPEATED) && !keyValue.isPrimitive()
        && keyValue.asGroupType().getFieldCount() == 2;
  }

  /**
   * The element of a LIST-annotated group, by the Parquet format's backward-compatibility rules: the
   * repeated field itself when it is primitive, has several fields, or is named {@code array} or
   * {@code <list>_tuple} (2-level lists of parquet-avro and Thrift); otherwise its one field (the
   * 3-level {@code list}/{@code element} of the spec, DuckDB, Spark and parquet-avro's new writer).
   * The element is returned as a field whose repetition is not REPEATED.
   */
  static Type listElement(GroupType list) {
    Type repeated = list.getType(0);
    if (isTwoLevel(list)) {
      return repeated.isPrimitive()
          ? org.apache.parquet.schema.Types.optional(repeated.asPrimitiveType().getPrimitiveTypeName())
              .length(repeated.asPrimitiveType().getTypeLength())
              .as(repeated.getLogicalTypeAnnotation()).named(repeated.getName())
          : new GroupType(Type.Repetition.OPTIONAL, repeated.getName(), repeated.asGroupType().getFields());
    }
    return repeated.asGroupType().getType(0);
  }

  /** Whether a LIST's repeated field is its element (2-level), not a wrapper of it (3-level). */
  static boolean isTwoLevel(GroupType list) {
    Type repeated = list.getType(0);
    return repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 1
        || repeated.getName().equals("array") || repeated.getName().equals(list.getName() + "_tuple");
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
