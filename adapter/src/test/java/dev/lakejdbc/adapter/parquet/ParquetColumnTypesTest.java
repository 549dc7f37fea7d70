package dev.lakejdbc.adapter.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.adapter.types.ColumnType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParquetColumnTypesTest {
  private static Type field(String declaration) {
    String terminated = declaration.endsWith("}") ? declaration : declaration + ";";
    return MessageTypeParser.parseMessageType("message m { " + terminated + " }").getType(0);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "optional boolean x | BOOLEAN",
      "required int32 x | INTEGER",
      "optional int32 x (INTEGER(8,true)) | TINYINT",
      "optional int32 x (INTEGER(16,true)) | SMALLINT",
      "optional int32 x (INTEGER(32,true)) | INTEGER",
      "optional int32 x (INTEGER(8,false)) | SMALLINT",
      "optional int32 x (INTEGER(16,false)) | INTEGER",
      "optional int32 x (INTEGER(32,false)) | BIGINT",
      "optional int64 x | BIGINT",
      "optional int64 x (INTEGER(64,true)) | BIGINT",
      "optional int64 x (INTEGER(64,false)) | DECIMAL(20,0)",
      "optional int32 x (DECIMAL(9,2)) | DECIMAL(9,2)",
      "optional int64 x (DECIMAL(18,4)) | DECIMAL(18,4)",
      "optional fixed_len_byte_array(9) x (DECIMAL(20,3)) | DECIMAL(20,3)",
      "optional binary x (DECIMAL(30,5)) | DECIMAL(30,5)",
      "optional int32 x (DATE) | DATE",
      "optional int32 x (TIME(MILLIS,true)) | TIME",
      "optional int64 x (TIME(MICROS,true)) | TIME",
      "optional int64 x (TIME(NANOS,false)) | TIME",
      "optional int64 x (TIMESTAMP(MILLIS,true)) | TIMESTAMP",
      "optional int64 x (TIMESTAMP(MICROS,false)) | TIMESTAMP",
      "optional int64 x (TIMESTAMP(NANOS,true)) | TIMESTAMP",
      "optional int96 x | TIMESTAMP",
      "optional float x | REAL",
      "optional double x | DOUBLE",
      "optional binary x (STRING) | VARCHAR",
      "optional binary x (ENUM) | VARCHAR",
      "optional binary x (JSON) | VARCHAR",
      "optional binary x | VARBINARY",
      "optional binary x (BSON) | VARBINARY",
      "optional fixed_len_byte_array(4) x | VARBINARY",
      "optional fixed_len_byte_array(16) x (UUID) | VARCHAR",
      "optional fixed_len_byte_array(2) x (FLOAT16) | REAL",
      "repeated int32 x | INTEGER ARRAY",
      "optional group x { optional int32 a; } | ROW(a INTEGER)",
      "optional group x { optional int32 a; repeated binary t (STRING); } | ROW(a INTEGER, t VARCHAR ARRAY)",
      "optional group x (LIST) { repeated group list { optional int32 element; } } | INTEGER ARRAY",
      "optional group x (LIST) { repeated group list { optional group element { optional int32 a; } } }"
          + " | ROW(a INTEGER) ARRAY",
      "optional group x (LIST) { repeated int32 array; } | INTEGER ARRAY",
      "optional group x (LIST) { repeated group array { optional int32 a; } } | ROW(a INTEGER) ARRAY",
      "optional group x (LIST) { repeated group x_tuple { optional int32 a; } } | ROW(a INTEGER) ARRAY",
      "optional group x (LIST) { repeated group bag { optional int32 a; optional int32 b; } }"
          + " | ROW(a INTEGER, b INTEGER) ARRAY",
      "optional group x (MAP) { repeated group key_value { required binary key (STRING); "
          + "optional int32 value; } } | MAP<VARCHAR, INTEGER>",
      "optional group x (MAP) { repeated group key_value { required binary key (STRING); "
          + "optional group value (LIST) { repeated group list { optional int64 element; } } } } "
          + "| MAP<VARCHAR, BIGINT ARRAY>"})
  void sqlTypeOfEveryPhysicalTypeAndAnnotation(String declaration, String expected) {
    ColumnType type = ParquetColumnTypes.sqlTypeOf(field(declaration));
    assertEquals(expected, type.toString());
  }

  /** nestedColumns=json: every nested field is VARCHAR, every flat one keeps its type. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "repeated int32 x | VARCHAR",
      "optional group x { optional int32 a; } | VARCHAR",
      "optional group x (LIST) { repeated group list { optional int32 element; } } | VARCHAR",
      "optional int32 x | INTEGER"})
  void nestedAsJsonIsVarchar(String declaration, String expected) {
    assertEquals(expected, ParquetColumnTypes.sqlTypeOf(field(declaration), true).toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "optional int32 x (TIME(MILLIS,true)) | 3",
      "optional int64 x (TIMESTAMP(NANOS,true)) | 6",
      "optional int64 x (TIMESTAMP(MILLIS,true)) | 6",
      "optional int96 x | 6"})
  void timeIsMillisecondsAndTimestampMicroseconds(String declaration, int precision) {
    assertEquals(precision, ParquetColumnTypes.sqlTypeOf(field(declaration)).precision());
  }
}
