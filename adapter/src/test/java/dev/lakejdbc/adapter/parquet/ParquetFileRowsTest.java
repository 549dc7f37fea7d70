package dev.lakejdbc.adapter.parquet;

import static dev.lakejdbc.adapter.LakeTestFiles.dataFile;
import static dev.lakejdbc.adapter.LakeTestFiles.parquet;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.parquet.ParquetFileRows.Request;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.types.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decoding through {@link ParquetFileRows} (and so {@link PrimitiveDecoders}, {@link RowMaterializer}
 * and {@link NestedJsonConverter}) of files written with Parquet's low-level example writer, covering
 * every physical type and annotation the lake maps; some values are checked against DuckDB reading the
 * same file.
 */
class ParquetFileRowsTest {
  private static final String TYPES = """
      message types {
        required int32 row;
        optional boolean b;
        optional int32 i8 (INTEGER(8,true));
        optional int32 i16 (INTEGER(16,true));
        optional int32 u8 (INTEGER(8,false));
        optional int32 u16 (INTEGER(16,false));
        optional int32 u32 (INTEGER(32,false));
        optional int64 i64;
        optional int64 u64 (INTEGER(64,false));
        optional int32 dec_i32 (DECIMAL(9,2));
        optional int64 dec_i64 (DECIMAL(18,4));
        optional fixed_len_byte_array(9) dec_fixed (DECIMAL(20,3));
        optional binary dec_bin (DECIMAL(30,5));
        optional int32 d (DATE);
        optional int32 t_ms (TIME(MILLIS,true));
        optional int64 t_us (TIME(MICROS,true));
        optional int64 ts_ms (TIMESTAMP(MILLIS,true));
        optional int64 ts_us (TIMESTAMP(MICROS,false));
        optional int64 ts_ns (TIMESTAMP(NANOS,true));
        optional int96 ts96;
        optional float f;
        optional double db;
        optional binary s (STRING);
        optional binary e (ENUM);
        optional binary j (JSON);
        optional binary raw;
        optional fixed_len_byte_array(16) id (UUID);
      }""";

  private static final String NESTED = """
      message nested {
        required int32 id;
        optional group address {
          optional binary city (STRING);
          optional int32 since (DATE);
        }
        optional group tags (LIST) {
          repeated group list {
            optional int32 element;
          }
        }
        optional group attrs (MAP) {
          repeated group key_value {
            required binary key (STRING);
            optional int32 value;
          }
        }
        repeated int32 scores;
      }""";

  private static final LocalDate DAY = LocalDate.of(2026, 7, 8);
  private static final LocalTime TIME = LocalTime.of(10, 11, 12, 345_678_901);
  private static final LocalDateTime TS = LocalDateTime.of(DAY, TIME);
  private static final long TS_SECONDS = TS.toEpochSecond(ZoneOffset.UTC);
  /** The timestamp truncated to milliseconds (what a TIMESTAMP(MILLIS) column stores). */
  private static final long TS_MILLIS = TS_SECONDS * 1000 + 345;
  private static final UUID ID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  private static final BigInteger DEC_FIXED = new BigInteger("12345678901234567890");
  private static final BigInteger DEC_BIN = new BigInteger("-98765432109876543210987654321");

  @TempDir static Path dir;
  private static LakeStorage storage;
  private static Path typesFile;
  private static Path nestedFile;
  private static Decoded types;

  @BeforeAll
  static void writeFiles() {
    storage = LakeTestFiles.storage(LakeOptions.DEFAULTS);
    typesFile = parquet(dir.resolve("types.parquet"), TYPES, ParquetFileRowsTest::positiveRow,
        ParquetFileRowsTest::negativeRow, g -> g.add("row", 2));
    nestedFile = parquet(dir.resolve("nested.parquet"), NESTED, ParquetFileRowsTest::fullNestedRow,
        ParquetFileRowsTest::emptyNestedRow, g -> g.add("id", 3));
    types = readAll(typesFile);
  }

  private static void positiveRow(Group g) {
    g.add("row", 0);
    g.add("b", true);
    g.add("i8", 127);
    g.add("i16", 32767);
    g.add("u8", 255);
    g.add("u16", 65535);
    g.add("u32", -1); // all 32 bits set: 4294967295 unsigned
    g.add("i64", 1234567890123L);
    g.add("u64", -1L); // all 64 bits set: 18446744073709551615 unsigned
    g.add("dec_i32", 12345);
    g.add("dec_i64", 12345678901234L);
    g.add("dec_fixed", Binary.fromConstantByteArray(twosComplement(DEC_FIXED, 9)));
    g.add("dec_bin", Binary.fromConstantByteArray(DEC_BIN.negate().toByteArray()));
    g.add("d", (int) DAY.toEpochDay());
    g.add("t_ms", (int) (TIME.toNanoOfDay() / 1_000_000));
    g.add("t_us", TIME.toNanoOfDay() / 1_000_000 * 1_000); // whole milliseconds: a TIME keeps those
    g.add("ts_ms", TS_MILLIS);
    g.add("ts_us", TS_SECONDS * 1_000_000 + 345_678);
    g.add("ts_ns", TS_SECONDS * 1_000_000_000 + 345_678_901);
    g.add("ts96", Binary.fromConstantByteArray(int96(LocalDateTime.of(DAY,
        LocalTime.of(10, 11, 12, 345_000_000)))));
    g.add("f", 1.5f);
    g.add("db", -2.25);
    g.add("s", "héllo");
    g.add("e", "RED");
    g.add("j", "{\"a\":1}");
    g.add("raw", Binary.fromConstantByteArray(new byte[] {0, 1, (byte) 0xFF}));
    g.add("id", Binary.fromConstantByteArray(ByteBuffer.allocate(16)
        .putLong(ID.getMostSignificantBits()).putLong(ID.getLeastSignificantBits()).array()));
  }

  private static void negativeRow(Group g) {
    g.add("row", 1);
    g.add("b", false);
    g.add("i8", -128);
    g.add("i16", -32768);
    g.add("u8", 200);
    g.add("u16", 40000);
    g.add("u32", 7);
    g.add("i64", Long.MIN_VALUE);
    g.add("u64", 42L);
    g.add("dec_i32", -12345);
    g.add("dec_i64", -12345678901234L);
    g.add("dec_fixed", Binary.fromConstantByteArray(twosComplement(BigInteger.ONE.negate(), 9)));
    g.add("dec_bin", Binary.fromConstantByteArray(DEC_BIN.toByteArray()));
    g.add("d", -1);
    g.add("t_ms", 0);
    g.add("t_us", 0L);
    g.add("ts_ms", -1L);
    g.add("ts_us", -500L); // 1969-12-31 23:59:59.9995: floor, not truncation toward zero
    g.add("ts_ns", -86_400_000_000_000L);
    g.add("ts96", Binary.fromConstantByteArray(int96(LocalDateTime.of(1969, 12, 31, 23, 59, 59,
        999_000_000))));
    g.add("f", -0.5f);
    g.add("db", 3.75);
    g.add("s", "");
    g.add("e", "GREEN");
    g.add("j", "[]");
    g.add("raw", Binary.fromConstantByteArray(new byte[0]));
  }

  private static void fullNestedRow(Group g) {
    g.add("id", 1);
    g.addGroup("address").append("city", "Pune").append("since", (int) DAY.toEpochDay());
    Group tags = g.addGroup("tags");
    tags.addGroup("list").append("element", 1);
    tags.addGroup("list");
    tags.addGroup("list").append("element", 3);
    Group attrs = g.addGroup("attrs");
    attrs.addGroup("key_value").append("key", "a").append("value", 1);
    attrs.addGroup("key_value").append("key", "b");
    g.add("scores", 7);
    g.add("scores", 8);
  }

  private static void emptyNestedRow(Group g) {
    g.add("id", 2);
    g.addGroup("address");
    g.addGroup("tags");
  }

  /** {@code value} as a big-endian two's complement of exactly {@code length} bytes. */
  private static byte[] twosComplement(BigInteger value, int length) {
    byte[] minimal = value.toByteArray();
    byte[] out = new byte[length];
    Arrays.fill(out, value.signum() < 0 ? (byte) 0xFF : 0);
    System.arraycopy(minimal, 0, out, length - minimal.length, minimal.length);
    return out;
  }

  /** Impala/Spark INT96: nanoseconds of the day, then the Julian day, both little-endian. */
  private static byte[] int96(LocalDateTime t) {
    long julianDay = t.toLocalDate().toEpochDay() + 2_440_588L;
    return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
        .putLong(t.toLocalTime().toNanoOfDay()).putInt((int) julianDay).array();
  }

  /** Decoded rows and the names of their columns. */
  private record Decoded(List<String> columns, List<Object[]> rows) {
    Object value(int row, String column) {
      int i = columns.indexOf(column);
      assertTrue(i >= 0, "no column " + column);
      return rows.get(row)[i];
    }
  }

  /** Every column of the file, each requested with the type the lake gives it (nested as JSON). */
  private static Decoded readAll(Path file) {
    return readAll(file, true);
  }

  /** Every column, nested ones as JSON text or as ROW/ARRAY/MAP values. */
  private static Decoded readAll(Path file, boolean nestedAsJson) {
    DataFile data = dataFile(file);
    MessageType schema = storage.footers().footer(data).getFileMetaData().getSchema();
    List<String> names = schema.getFields().stream().map(Type::getName).toList();
    List<Request> requests = IntStream.range(0, names.size())
        .mapToObj(i -> new Request(names.get(i), i,
            ParquetColumnTypes.sqlTypeOf(schema.getType(i), nestedAsJson)))
        .toList();
    return new Decoded(names, read(file, requests, new Object[names.size()]));
  }

  private static List<Object[]> read(Path file, List<Request> requests, Object[] template) {
    List<Object[]> rows = new ArrayList<>();
    try (ParquetFileRows r = new ParquetFileRows(storage.footers(), dataFile(file), requests,
        template, bytesRead -> { })) {
      while (r.next()) {
        rows.add(r.current());
      }
    }
    return rows;
  }

  private static void assertValues(int row, Map<String, Object> expected) {
    for (Map.Entry<String, Object> e : expected.entrySet()) {
      assertEquals(e.getValue(), types.value(row, e.getKey()), () -> "row " + row + ", " + e.getKey());
    }
  }

  private static Map<String, Object> values(Object... columnsAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < columnsAndValues.length; i += 2) {
      map.put((String) columnsAndValues[i], columnsAndValues[i + 1]);
    }
    return map;
  }

  @Test
  void readsEveryRowInFileOrder() {
    assertEquals(3, types.rows().size());
    assertEquals(List.of(0, 1, 2), types.rows().stream().map(r -> r[0]).toList());
  }

  @Test
  void booleansAndIntegersTakeTheirSignedOrWidenedJavaType() {
    assertValues(0, values("b", true, "i8", (byte) 127, "i16", (short) 32767, "u8", (short) 255,
        "u16", 65535, "u32", 4294967295L, "i64", 1234567890123L,
        "u64", new BigDecimal("18446744073709551615")));
    assertValues(1, values("b", false, "i8", (byte) -128, "i16", (short) -32768, "u8", (short) 200,
        "u16", 40000, "u32", 7L, "i64", Long.MIN_VALUE, "u64", new BigDecimal("42")));
  }

  @Test
  void decimalsOfEveryPhysicalTypeAreBigDecimalsWithTheDeclaredScale() {
    assertValues(0, values("dec_i32", new BigDecimal("123.45"),
        "dec_i64", new BigDecimal("1234567890.1234"),
        "dec_fixed", new BigDecimal("12345678901234567.890"),
        "dec_bin", new BigDecimal("987654321098765432109876.54321")));
    assertValues(1, values("dec_i32", new BigDecimal("-123.45"),
        "dec_i64", new BigDecimal("-1234567890.1234"),
        "dec_fixed", new BigDecimal("-0.001"),
        "dec_bin", new BigDecimal("-987654321098765432109876.54321")));
  }

  @Test
  void datesAreEpochDaysAndTimesAreMillisOfDay() {
    int millisOfDay = (int) (TIME.toNanoOfDay() / 1_000_000);
    assertValues(0, values("d", (int) DAY.toEpochDay(), "t_ms", millisOfDay, "t_us", millisOfDay));
    assertValues(1, values("d", -1, "t_ms", 0, "t_us", 0));
  }

  @Test
  void timestampsOfEveryUnitAreEpochMicros() {
    long micros = TS_SECONDS * 1_000_000 + 345_678;
    // Nanoseconds are rounded down to microseconds; milliseconds and INT96's whole milliseconds exact.
    assertValues(0, values("ts_ms", TS_MILLIS * 1_000, "ts_us", micros, "ts_ns", micros,
        "ts96", TS_MILLIS * 1_000));
    assertValues(1, values("ts_ms", -1_000L, "ts_us", -500L, "ts_ns", -86_400_000_000L, "ts96", -1_000L));
  }

  @Test
  void floatingPointKeepsItsWidth() {
    assertValues(0, values("f", 1.5f, "db", -2.25));
    assertValues(1, values("f", -0.5f, "db", 3.75));
  }

  @Test
  void float16IsRealAndBsonIsByteString() {
    // Kept out of the main file: DuckDB rejects BSON columns.
    Path file = parquet(dir.resolve("half.parquet"),
        "message m { optional fixed_len_byte_array(2) h (FLOAT16); optional binary bson (BSON); }",
        g -> g.append("h", Binary.fromConstantByteArray(new byte[] {0x00, 0x3E})) // 1.5, little-endian
            .append("bson", Binary.fromConstantByteArray(new byte[] {5, 0, 0, 0, 0})),
        g -> g.append("h", Binary.fromConstantByteArray(new byte[] {0x00, (byte) 0xC0})), // -2.0
        g -> g.append("h", Binary.fromConstantByteArray(new byte[] {0x01, 0x00}))); // 2^-24

    Decoded decoded = readAll(file);

    assertEquals(List.of(1.5f, -2.0f, 0x1p-24f),
        decoded.rows().stream().map(r -> r[0]).toList());
    assertEquals(new ByteString(new byte[] {5, 0, 0, 0, 0}), decoded.value(0, "bson"));
    assertNull(decoded.value(1, "bson"));
  }

  @Test
  void textAnnotationsAreStringsAndOtherBinaryIsByteString() {
    assertValues(0, values("s", "héllo", "e", "RED", "j", "{\"a\":1}",
        "raw", new ByteString(new byte[] {0, 1, (byte) 0xFF}), "id", ID.toString()));
    assertValues(1, values("s", "", "e", "GREEN", "j", "[]", "raw", ByteString.EMPTY));
  }

  @Test
  void unsetOptionalFieldsAreNull() {
    for (String column : types.columns()) {
      if (!column.equals("row")) {
        assertNull(types.value(2, column), column);
      }
    }
    assertNull(types.value(1, "id"));
  }

  @Test
  void nestedFieldsBecomeJsonText() {
    Decoded nested = readAll(nestedFile);

    assertEquals("{\"city\":\"Pune\",\"since\":\"2026-07-08\"}", nested.value(0, "address"));
    assertEquals("[1,null,3]", nested.value(0, "tags"));
    assertEquals("{\"a\":1,\"b\":null}", nested.value(0, "attrs"));
    assertEquals("[7,8]", nested.value(0, "scores"));
  }

  @Test
  void nestedFieldsBecomeRowsListsAndMaps() {
    Decoded nested = readAll(nestedFile, false);

    assertEquals(Arrays.asList("Pune", (int) java.time.LocalDate.of(2026, 7, 8).toEpochDay()),
        Arrays.asList((Object[]) nested.value(0, "address")));
    assertEquals(Arrays.asList(1, null, 3), nested.value(0, "tags"));
    java.util.Map<Object, Object> attrs = new java.util.LinkedHashMap<>();
    attrs.put("a", 1);
    attrs.put("b", null);
    assertEquals(attrs, nested.value(0, "attrs"));
    assertEquals(List.of(7, 8), nested.value(0, "scores"));
    // A struct of NULLs is a ROW of NULLs, an empty list is empty, a NULL map stays NULL, a repeated
    // field without values is an empty list; a missing struct is NULL.
    assertEquals(Arrays.asList(null, null), Arrays.asList((Object[]) nested.value(1, "address")));
    assertEquals(List.of(), nested.value(1, "tags"));
    assertNull(nested.value(1, "attrs"));
    assertEquals(List.of(), nested.value(1, "scores"));
    assertNull(nested.value(2, "address"));
    assertNull(nested.value(2, "tags"));
    // Each row owns its values: rows are kept downstream (sorts, joins).
    assertTrue(nested.value(1, "scores") != nested.value(2, "scores"));
  }

  @Test
  void emptyAndMissingNestedValues() {
    Decoded nested = readAll(nestedFile);

    assertEquals("{\"city\":null,\"since\":null}", nested.value(1, "address"), "empty struct");
    assertEquals("[]", nested.value(1, "tags"), "empty list");
    assertNull(nested.value(1, "attrs"));
    assertEquals("[]", nested.value(1, "scores"), "a repeated field without values");
    assertEquals(Arrays.asList(3, null, null, null, "[]"), Arrays.asList(nested.rows().get(2)));
  }

  @Test
  void requestedColumnMissingFromTheFileStaysNullAndTemplateValuesStay() {
    Object[] template = {null, null, "partition-value"};
    List<Request> requests = List.of(
        new Request("S", 0, ColumnType.VARCHAR), // matched case-insensitively
        new Request("not_in_file", 1, ColumnType.BIGINT));

    List<Object[]> rows = read(typesFile, requests, template);

    assertEquals(3, rows.size());
    assertArrayEquals(new Object[] {"héllo", null, "partition-value"}, rows.get(0));
    assertArrayEquals(new Object[] {null, null, "partition-value"}, rows.get(2));
    assertArrayEquals(new Object[] {null, null, "partition-value"}, template, "template untouched");
  }

  @Test
  void noRequestedDataColumnGivesTheFootersRowCountOfTemplateCopies() {
    Object[] template = {"p"};

    List<Object[]> rows = read(typesFile, List.of(new Request("absent", 1, ColumnType.INTEGER)),
        template);
    List<Object[]> empty = read(typesFile, List.of(), new Object[0]);

    assertEquals(3, empty.size());
    assertTrue(empty.stream().allMatch(r -> r.length == 0));
    assertEquals(3, rows.size());
    rows.forEach(r -> assertArrayEquals(new Object[] {"p"}, r));
    assertNotSame(rows.get(0), rows.get(1));
  }

  @Test
  void valuesAreCoercedToAWiderTableType() {
    List<Request> requests = List.of(
        new Request("row", 0, ColumnType.BIGINT),
        new Request("i16", 1, ColumnType.INTEGER),
        new Request("dec_i32", 2, ColumnType.decimal(12, 4)),
        new Request("f", 3, ColumnType.DOUBLE),
        new Request("u32", 4, ColumnType.decimal(20, 0)));

    Object[] first = read(typesFile, requests, new Object[5]).get(0);

    assertArrayEquals(new Object[] {0L, 32767, new BigDecimal("123.4500"), 1.5d,
        new BigDecimal("4294967295")}, first);
  }

  @Test
  void readsAcrossRowGroupsAndDictionaryPages() {
    int n = 5000;
    List<String> cities = List.of("Mumbai", "Delhi", "Pune");
    List<Consumer<Group>> records = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int k = i;
      records.add(g -> g.append("n", (long) k).append("city", cities.get(k % 3))
          .append("amount", k % 7 * 100 + 5));
    }
    Path file = parquet(dir.resolve("many.parquet"),
        "message m { required int64 n; required binary city (STRING); "
            + "required int32 amount (DECIMAL(9,2)); }", 4096, records);
    ParquetMetadata footer = storage.footers().footer(dataFile(file));
    BlockMetaData firstGroup = footer.getBlocks().get(0);

    List<Object[]> rows = read(file, List.of(new Request("n", 0, ColumnType.BIGINT),
        new Request("city", 1, ColumnType.VARCHAR),
        new Request("amount", 2, ColumnType.decimal(9, 2))), new Object[3]);

    assertTrue(footer.getBlocks().size() > 1, "several row groups");
    assertTrue(firstGroup.getColumns().get(1).hasDictionaryPage(), "dictionary-encoded city");
    assertEquals(n, rows.size());
    for (int i = 0; i < n; i++) {
      assertArrayEquals(new Object[] {(long) i, cities.get(i % 3),
          BigDecimal.valueOf(i % 7 * 100 + 5, 2)}, rows.get(i), "row " + i);
    }
  }

  @Test
  void decodedValuesAgreeWithDuckDb() throws SQLException {
    Map<String, String> duckDbExpressions = new LinkedHashMap<>();
    for (String c : List.of("b", "i8", "i16", "u8", "u16", "u32", "i64", "u64", "dec_i32",
        "dec_i64", "dec_fixed", "dec_bin", "f", "db", "s", "e", "id")) {
      duckDbExpressions.put(c, "CAST(" + c + " AS VARCHAR)");
    }
    duckDbExpressions.put("d", "CAST(d - DATE '1970-01-01' AS VARCHAR)");
    // Microseconds from DuckDB's exact value, rounded down (floor, not '//', which truncates toward
    // zero: ts_us's second row is before the epoch with a sub-millisecond part).
    for (String c : List.of("ts_ms", "ts_us", "ts_ns", "ts96")) {
      String ns = "epoch_ns(" + c + ")";
      duckDbExpressions.put(c, "CAST((" + ns + " - ((" + ns + " % 1000) + 1000) % 1000) // 1000 AS VARCHAR)");
    }
    duckDbExpressions.put("raw", "lower(hex(raw))");

    List<List<String>> ours = new ArrayList<>();
    for (int row = 0; row < types.rows().size(); row++) {
      List<String> values = new ArrayList<>();
      for (String column : duckDbExpressions.keySet()) {
        Object v = types.value(row, column);
        values.add(v == null ? null : v instanceof BigDecimal d ? d.toPlainString() : v.toString());
      }
      ours.add(values);
    }
    List<List<String>> duckDb = duckDbRows("SELECT " + String.join(", ", duckDbExpressions.values())
        + " FROM read_parquet('" + typesFile + "') ORDER BY row");

    assertEquals(duckDb, ours, "columns " + duckDbExpressions.keySet());
  }

  private static List<List<String>> duckDbRows(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
      try (ResultSet rs = s.executeQuery(sql)) {
        List<List<String>> rows = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            row.add(rs.getString(i));
          }
          rows.add(row);
        }
        return rows;
      }
    }
  }

  @Test
  void otherBinaryAnnotationsDecodeAsTheVarbinaryTheyAreTyped() {
    byte[] wkbPoint = ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN)
        .put((byte) 1).putInt(1).putDouble(1.0).putDouble(2.0).array();
    byte[] interval = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
    Path file = parquet(dir.resolve("varbinary.parquet"),
        "message m { optional binary geom (GEOMETRY); "
            + "optional fixed_len_byte_array(12) iv (INTERVAL); }",
        g -> g.append("geom", Binary.fromConstantByteArray(wkbPoint))
            .append("iv", Binary.fromConstantByteArray(interval)));

    Decoded decoded = readAll(file);

    assertEquals(List.of(ColumnType.VARBINARY, ColumnType.VARBINARY),
        storage.footers().footer(dataFile(file)).getFileMetaData().getSchema().getFields().stream()
            .map(ParquetColumnTypes::sqlTypeOf).toList());
    assertEquals(new ByteString(wkbPoint), decoded.value(0, "geom"));
    assertEquals(new ByteString(interval), decoded.value(0, "iv"));
  }
}
