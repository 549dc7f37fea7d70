package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Date;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nested Parquet columns (struct, LIST, MAP, nested in each other) as ROW, ARRAY and MAP, on files
 * DuckDB writes and on files parquet-avro writes (2-level and 3-level lists), each answer compared
 * with DuckDB reading the same files; and {@code nestedColumns=json}, which keeps them VARCHAR JSON.
 */
class NestedColumnsTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection lakeConnection;
  static Connection jsonConnection;

  @BeforeAll static void writeLake() throws Exception {
    duck = new DuckDb();
    // NULL struct vs struct of NULLs, NULL list vs empty list vs list with a NULL element, maps,
    // list of struct, struct of list; a partition column and a flat data column beside them.
    duck.execute("CREATE TABLE src AS SELECT i, i % 3 AS p, "
        + "CASE WHEN i % 7 = 0 THEN NULL WHEN i % 7 = 1 THEN {'a': NULL, 'b': NULL} "
        + "ELSE {'a': i, 'b': 'b' || i} END::STRUCT(a INTEGER, b VARCHAR) AS s, "
        + "CASE WHEN i % 5 = 0 THEN NULL WHEN i % 5 = 1 THEN []::INTEGER[] "
        + "WHEN i % 5 = 2 THEN [i, NULL, i + 2] ELSE [i, i * 10] END AS arr, "
        + "CASE WHEN i % 4 = 0 THEN NULL ELSE MAP(['k', 'k' || i], [i, NULL]) END AS m, "
        + "CASE WHEN i % 6 = 0 THEN NULL ELSE [{'x': i, 'y': i / 2.0}, {'x': NULL, 'y': 1.5}] END "
        + "AS ls, "
        + "{'tags': CASE WHEN i % 2 = 0 THEN ['t' || i, 'u'] ELSE NULL END, 'n': i * 2} AS sl, "
        + "DATE '2026-01-01' + i::INTEGER AS d, "
        + "{'ts': TIMESTAMP '2026-01-01 10:00:00' + to_microseconds(i), 'dd': DATE '2026-01-01' + "
        + "i::INTEGER} AS st, "
        + "CASE WHEN i % 5 = 0 THEN NULL ELSE [TIMESTAMP '2026-01-01 10:00:00' + to_microseconds(i), "
        + "TIMESTAMP '2026-01-01 10:00:00.5' + to_microseconds(i + 1), NULL] END AS tsl, "
        + "MAP(['at'], [TIMESTAMP '2026-01-01 10:00:00' + to_microseconds(i)]) AS tsm "
        + "FROM range(1, 61) t(i)");
    duck.execute("COPY src TO '" + lake.resolve("t") + "' (FORMAT PARQUET, PARTITION_BY (p))");
    duck.viewOfTable(lake, "t");
    Files.createDirectories(lake.resolve("big"));
    duck.execute("COPY (SELECT i, {'a': i, 'b': 'b' || md5(i::VARCHAR)} AS s, "
        + "CASE WHEN i % 9 = 0 THEN NULL ELSE [i, NULL, i + 1] END AS arr, MAP(['k'], [i]) AS m, "
        + "[{'x': i, 'y': i / 4.0}] AS ls FROM range(0, 4000) t(i)) TO '"
        + lake.resolve("big").resolve("data.parquet") + "' (FORMAT PARQUET)");
    duck.viewOfTable(lake, "big");
    writeAvro("avro3", false);
    writeAvro("avro2", true);
    duck.viewOfTable(lake, "avro3");
    duck.viewOfTable(lake, "avro2");
    lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake);
    jsonConnection = DriverManager.getConnection("jdbc:lake:" + lake + ";nestedColumns=json");
  }

  /** A parquet-avro file: 3-level lists ({@code list}/{@code element}) or 2-level ({@code array}). */
  private static void writeAvro(String table, boolean oldListStructure) throws Exception {
    Schema point = SchemaBuilder.record("point").fields()
        .optionalInt("x").optionalString("label").endRecord();
    Schema schema = SchemaBuilder.record("r").fields()
        .requiredInt("i")
        .name("nums").type().optional().array().items().intType()
        .name("pts").type().optional().array().items(point)
        .name("pt").type().optional().type(point)
        .name("attrs").type().optional().map().values().longType()
        .endRecord();
    Path dir = lake.resolve(table);
    Files.createDirectories(dir);
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    conf.set("parquet.avro.write-old-list-structure", Boolean.toString(oldListStructure));
    try (ParquetWriter<GenericRecord> w = AvroParquetWriter
        .<GenericRecord>builder(new LocalOutputFile(dir.resolve("part-0.parquet")))
        .withSchema(schema).withConf(conf).build()) {
      for (int i = 1; i <= 30; i++) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("i", i);
        r.put("nums", i % 4 == 0 ? null : i % 4 == 1 ? List.of() : List.of(i, i + 1));
        GenericRecord p = new GenericData.Record(point);
        p.put("x", i % 3 == 0 ? null : i);
        p.put("label", "p" + i);
        r.put("pts", i % 5 == 0 ? null : List.of(p, p));
        r.put("pt", i % 6 == 0 ? null : p);
        r.put("attrs", i % 7 == 0 ? null : Map.of("a", (long) i));
        w.write(r);
      }
    }
  }

  @AfterAll static void close() throws Exception {
    lakeConnection.close();
    jsonConnection.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT i, s, arr, m, ls, sl FROM t",
      "SELECT i, t.s.a, t.s.b FROM t",
      "SELECT i FROM t WHERE t.s IS NULL",
      "SELECT i FROM t WHERE t.s.a IS NULL",
      "SELECT i, arr[1], arr[2] FROM t",
      "SELECT i, m['k'] FROM t",
      "SELECT i, t.sl.n, t.sl.tags FROM t",
      "SELECT t.i, u.x FROM t, UNNEST(t.arr) AS u(x)",
      "SELECT i, d, s FROM t WHERE p = 1 AND i > 30",
      "SELECT p, count(*), sum(t.s.a) FROM t GROUP BY p",
      "SELECT i, t.st.ts, t.st.dd FROM t",
      "SELECT i FROM t WHERE t.st.ts = TIMESTAMP '2026-01-01 10:00:00.000007'",
      "SELECT i FROM t WHERE i > 40 AND t.s.a > 45",
      "SELECT i, nums, pts, pt, attrs FROM avro3",
      "SELECT i, nums, pts, pt, attrs FROM avro2",
      "SELECT i, avro2.pt.x, avro2.pt.label, nums[2] FROM avro2",
      "SELECT i, avro3.pt.x, attrs['a'] FROM avro3",
      // Fields read alone (NestedFields): in a list of structs, in a struct holding a list, in 2-level
      // and 3-level lists, beside a whole use of the same column, in two columns at once.
      "SELECT i, t.ls[1].x, t.ls[2].y FROM t",
      "SELECT i, t.sl.n FROM t",
      "SELECT i, t.sl.tags[1] FROM t WHERE t.sl.n > 20",
      "SELECT i, avro2.pts[1].label FROM avro2",
      "SELECT i, avro3.pts[2].x FROM avro3 WHERE avro3.pt.label > 'p2'",
      "SELECT i, t.s.a FROM t WHERE t.s.b = 'b5' OR t.s IS NULL",
      "SELECT i, t.st.dd, t.s.b FROM t WHERE t.s.a > 10",
      "SELECT big.s.a, big.ls[1].y FROM big WHERE big.s.a % 500 = 0",
  })
  void sameAnswersAsDuckDb(String sql) throws Exception {
    Rows.assertSameRows(query(duck.connection(), sql), query(lakeConnection, sql), false, sql);
  }

  /** Functions whose names differ: the lake's standard SQL beside DuckDB's spelling. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "SELECT i, CARDINALITY(arr) FROM t | SELECT i, len(arr) FROM t",
      "SELECT i, CARDINALITY(m) FROM t | SELECT i, cardinality(m) FROM t",
      "SELECT t.i, u.x, u.y FROM t, UNNEST(t.ls) AS u(x, y) WHERE t.ls IS NOT NULL "
          + "| SELECT i, e.x, e.y FROM (SELECT i, unnest(ls) AS e FROM t)",
      "SELECT i, CARDINALITY(pts) FROM avro2 | SELECT i, len(pts) FROM avro2",
      // A NULL array of ROWs unnests to no row, as an empty one (Calcite's run time would fail).
      "SELECT t.i, u.x, u.y FROM t, UNNEST(t.ls) AS u(x, y) "
          + "| SELECT i, e.x, e.y FROM (SELECT i, unnest(ls) AS e FROM t)",
      "SELECT a.i, u.x, u.label FROM avro3 a, UNNEST(a.pts) AS u(x, label) "
          + "| SELECT i, e.x, e.label FROM (SELECT i, unnest(pts) AS e FROM avro3)",
  })
  void sameAnswersAsDuckDbSpelledDifferently(String lakeSql, String duckSql) throws Exception {
    Rows.assertSameRows(query(duck.connection(), duckSql), query(lakeConnection, lakeSql), false,
        lakeSql);
  }

  /** Sorts and hash joins spill rows holding nested values and read them back equal. */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT i, s, arr, m, ls FROM big ORDER BY big.s.b DESC, i",
      "SELECT a.i, b.s, b.m, b.arr FROM big a JOIN big b ON a.i = b.i + 1",
  })
  void spillingKeepsNestedValues(String sql) throws Exception {
    try (Connection tiny = DriverManager.getConnection("jdbc:lake:" + lake + SpillingTest.TINY)) {
      Rows.assertSameRows(query(duck.connection(), sql), query(tiny, sql), false, sql);
      List<List<String>> spill = Rows.query(tiny, "SELECT spill_files FROM sys.queries "
          + "ORDER BY statement_id DESC LIMIT 1");
      assertTrue(Long.parseLong(spill.get(0).get(0)) > 0, sql + " spilled nothing: " + spill);
    }
  }

  /**
   * A struct's field read alone decodes only its own column chunk: EXPLAIN names it, and the scan reads
   * fewer bytes than when the struct's string field (distinct hashes) is read too; a whole use decodes all.
   */
  @Test void aNestedFieldReadAloneReadsOnlyItsLeaves() throws Exception {
    String alone = "SELECT sum(big.s.a) FROM big";
    String both = "SELECT sum(big.s.a), sum(length(big.s.b)) FROM big";
    String whole = "SELECT count(*) FROM big WHERE big.s IS NOT NULL";
    assertTrue(Rows.explain(lakeConnection, alone).contains("NestedFields=[s.a]"),
        Rows.explain(lakeConnection, alone));
    assertTrue(Rows.explain(lakeConnection, both).contains("NestedFields=[s.a, s.b]"),
        Rows.explain(lakeConnection, both));
    assertTrue(!Rows.explain(lakeConnection, whole).contains("NestedFields"),
        Rows.explain(lakeConnection, whole));
    long aloneBytes = bytesRead(alone);
    long bothBytes = bytesRead(both);
    assertTrue(aloneBytes * 2 < bothBytes, aloneBytes + " bytes for s.a, " + bothBytes + " with s.b");
    assertEquals(bothBytes, bytesRead(whole));
  }

  /** Runs {@code sql} (checked against DuckDB) and returns the bytes its one scan read. */
  private static long bytesRead(String sql) throws SQLException {
    Rows.assertSameRows(query(duck.connection(), sql), query(lakeConnection, sql), false, sql);
    return Long.parseLong(Rows.query(lakeConnection, "SELECT bytes_read FROM sys.scans "
        + "WHERE statement_id = (SELECT max(statement_id) FROM sys.scans)").get(0).get(0));
  }

  /** Nested values holding TIMESTAMPs keep their microseconds in Struct, Array and Map values. */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT i, st, tsl, tsm FROM t",
      "SELECT st FROM t WHERE i < 9",
      "SELECT i, tsl FROM t WHERE i % 5 = 0",
  })
  void nestedTimestampsKeepTheirMicroseconds(String sql) throws Exception {
    Rows.assertSameRows(query(duck.connection(), sql), query(lakeConnection, sql), false, sql);
  }

  @Test void nestedTimestampsThroughEveryGetter() throws Exception {
    try (Statement st = lakeConnection.createStatement();
        ResultSet rs = st.executeQuery("SELECT st, tsl, tsm, t.st.dd FROM t WHERE i = 7")) {
      assertTrue(rs.next());
      Struct s = assertInstanceOf(Struct.class, rs.getObject(1));
      assertEquals(List.of(Timestamp.valueOf("2026-01-01 10:00:00.000007"), Date.valueOf("2026-01-08")),
          List.of(s.getAttributes()));
      assertEquals("{2026-01-01 10:00:00.000007, 2026-01-08}", rs.getString(1));
      assertInstanceOf(Struct.class, rs.getObject("st", Struct.class));
      Array tsl = rs.getArray(2);
      assertEquals(Types.TIMESTAMP, tsl.getBaseType());
      assertEquals(Arrays.asList(Timestamp.valueOf("2026-01-01 10:00:00.000007"),
          Timestamp.valueOf("2026-01-01 10:00:00.500008"), null), Arrays.asList((Object[]) tsl.getArray()));
      assertEquals(List.of(Timestamp.valueOf("2026-01-01 10:00:00.500008")),
          List.of((Object[]) tsl.getArray(2, 1)));
      assertEquals(Map.of("at", Timestamp.valueOf("2026-01-01 10:00:00.000007")), rs.getObject(3));
      assertEquals(java.time.LocalDate.of(2026, 1, 8), rs.getObject(4, java.time.LocalDate.class));
    }
  }

  @Test void jdbcValuesAreStructArrayAndMap() throws Exception {
    try (Statement st = lakeConnection.createStatement();
        ResultSet rs = st.executeQuery("SELECT s, arr, m FROM t WHERE i = 3")) {
      assertTrue(rs.next());
      Struct s = assertInstanceOf(Struct.class, rs.getObject(1));
      assertEquals(List.of(3, "b3"), List.of(s.getAttributes()));
      Array arr = rs.getArray(2);
      assertEquals(List.of(3L, 30L), List.of((Object[]) arr.getArray()));
      assertInstanceOf(Array.class, rs.getObject(2));
      Map<?, ?> m = assertInstanceOf(Map.class, rs.getObject(3));
      assertEquals(2, m.size());
      assertEquals(3L, m.get("k"));
      assertTrue(m.containsKey("k3") && m.get("k3") == null, m.toString());
      assertEquals(Types.OTHER, rs.getMetaData().getColumnType(3), md0(rs.getMetaData()));
      ResultSetMetaData md = rs.getMetaData();
      assertEquals(Types.STRUCT, md.getColumnType(1));
      assertEquals(Types.ARRAY, md.getColumnType(2));
    }
  }

  private static String md0(ResultSetMetaData md) throws SQLException {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      b.append(md.getColumnName(i)).append('=').append(md.getColumnType(i)).append('/')
          .append(md.getColumnTypeName(i)).append(' ');
    }
    return b.toString();
  }

  @Test void getColumnsReportsNestedTypes() throws Exception {
    DatabaseMetaData md = lakeConnection.getMetaData();
    Map<String, Integer> types = new TreeMap<>();
    Map<String, String> names = new TreeMap<>();
    try (ResultSet rs = md.getColumns(null, null, "t", null)) {
      while (rs.next()) {
        types.put(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"));
        names.put(rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME"));
      }
    }
    assertEquals(Types.STRUCT, types.get("s"), names.toString());
    assertEquals(Types.ARRAY, types.get("arr"), names.toString());
    assertEquals(Types.ARRAY, types.get("ls"), names.toString());
    assertEquals(Types.OTHER, types.get("m"), names.toString());
    assertEquals(Types.BIGINT, types.get("i"), names.toString());
    assertEquals("ROW(a INTEGER, b VARCHAR)", names.get("s"));
    assertEquals("BIGINT ARRAY", names.get("arr"));
    assertEquals("MAP<VARCHAR, BIGINT>", names.get("m"));
    assertEquals("ROW(x BIGINT, y DOUBLE) ARRAY", names.get("ls"));
  }

  /** nestedColumns=json: VARCHAR holding the JSON of the value, as before ROW/ARRAY/MAP. */
  @ParameterizedTest
  @ValueSource(strings = {"s", "arr", "m", "ls", "sl"})
  void jsonPropertyKeepsVarcharJson(String column) throws Exception {
    ObjectMapper json = new ObjectMapper();
    Map<Long, JsonNode> expected = new TreeMap<>();
    try (Statement st = duck.connection().createStatement();
        ResultSet rs = st.executeQuery("SELECT i, to_json(" + column + ")::VARCHAR FROM t")) {
      while (rs.next()) {
        String text = rs.getString(2);
        expected.put(rs.getLong(1), text == null ? null : json.readTree(text));
      }
    }
    Map<Long, JsonNode> actual = new TreeMap<>();
    try (Statement st = jsonConnection.createStatement();
        ResultSet rs = st.executeQuery("SELECT i, " + column + " FROM t")) {
      assertEquals(Types.VARCHAR, rs.getMetaData().getColumnType(2));
      while (rs.next()) {
        Object v = rs.getObject(2);
        assertTrue(v == null || v instanceof String, String.valueOf(v));
        actual.put(rs.getLong(1), v == null ? null : json.readTree((String) v));
      }
    }
    assertEquals(expected, actual);
  }

  /** Rows with nested values rendered recursively: Struct, Array and Map by their contents. */
  static List<List<String>> query(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      List<List<String>> rows = new ArrayList<>();
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(render(rs.getObject(i)));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  static String render(Object v) throws SQLException {
    if (v instanceof Struct s) {
      List<String> parts = new ArrayList<>();
      for (Object a : s.getAttributes()) {
        parts.add(render(a));
      }
      return "{" + String.join(", ", parts) + "}";
    }
    if (v instanceof Array a) {
      List<String> parts = new ArrayList<>();
      for (Object e : (Object[]) a.getArray()) {
        parts.add(render(e));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    if (v instanceof List<?> l) {
      List<String> parts = new ArrayList<>();
      for (Object e : l) {
        parts.add(render(e));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, String> sorted = new TreeMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        sorted.put(render(e.getKey()), render(e.getValue()));
      }
      return sorted.toString();
    }
    return Rows.normalize(v);
  }
}
