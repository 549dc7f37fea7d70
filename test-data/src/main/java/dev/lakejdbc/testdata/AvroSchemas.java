package dev.lakejdbc.testdata;

import java.math.BigInteger;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;

/** Short-hands for the Avro schemas of the generated tables. */
final class AvroSchemas {
  static final Schema LONG = Schema.create(Schema.Type.LONG);
  static final Schema INT = Schema.create(Schema.Type.INT);
  static final Schema DOUBLE = Schema.create(Schema.Type.DOUBLE);
  static final Schema BOOLEAN = Schema.create(Schema.Type.BOOLEAN);
  static final Schema STRING = Schema.create(Schema.Type.STRING);

  private static final String NAMESPACE = "dev.lakejdbc.testdata";

  private AvroSchemas() {}

  /**
   * decimal(precision, scale) on the smallest {@code fixed} that holds it, which parquet-avro writes as
   * FIXED_LEN_BYTE_ARRAY with a DECIMAL annotation (as Hive does).
   */
  static Schema decimal(int precision, int scale) {
    Schema fixed = Schema.createFixed(
        "decimal_" + precision + "_" + scale, null, NAMESPACE, fixedSize(precision));
    return LogicalTypes.decimal(precision, scale).addToSchema(fixed);
  }

  static Schema date() {
    return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
  }

  static Schema timestampMillis() {
    return LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
  }

  /** A column that never holds NULL. */
  static Field required(String name, Schema type) {
    return new Field(name, type);
  }

  /** A nullable column (union with null, default null). */
  static Field optional(String name, Schema type) {
    return new Field(name, Schema.createUnion(Schema.create(Schema.Type.NULL), type), null,
        Field.NULL_DEFAULT_VALUE);
  }

  static Schema record(String name, List<Field> fields) {
    return Schema.createRecord(name, null, NAMESPACE, false, fields);
  }

  /** Fewest bytes whose signed two's complement range holds every unscaled value of the precision. */
  private static int fixedSize(int precision) {
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    return (max.bitLength() + 1 + 7) / 8; // + 1 for the sign bit
  }
}
