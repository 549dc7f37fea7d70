package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TIMESTAMPs keep their microseconds (issue 19), compared with DuckDB on the same files: DuckDB-written
 * TIMESTAMP (micros) and TIMESTAMP_NS, and parquet-java/Spark-style INT96, TIMESTAMP(MICROS) and
 * TIMESTAMP(MILLIS) adjusted to UTC or not, with a timestamp partition column. Every table holds
 * values 0..9 microseconds apart within one millisecond, so that anything computed in milliseconds
 * gives a different answer.
 */
class MicrosecondTimestampsTest {
  @TempDir static Path lake;
  static DuckDb duck;
  static Connection c;

  @BeforeAll static void write() throws Exception {
    duck = new DuckDb();
    // DuckDB: ts = 10:00:00 + i µs (i = 0..9), in two partitions of p (a timestamp partition value).
    duck.execute("CREATE TABLE src AS SELECT i, TIMESTAMP '2026-01-01 10:00:00' + to_microseconds(i) AS ts, "
        + "TIMESTAMP '2026-01-01 10:00:00' + to_microseconds(i * 1000003) AS wide, "
        + "CASE WHEN i % 2 = 0 THEN TIMESTAMP '2026-02-01 00:00:00.000001' "
        + "ELSE TIMESTAMP '2026-02-02 00:00:00' END AS p FROM range(0, 10) t(i)");
    duck.execute("COPY src TO '" + lake.resolve("ts") + "' (FORMAT PARQUET, PARTITION_BY (p))");
    duck.execute("CREATE VIEW ts AS SELECT * FROM read_parquet('" + lake.resolve("ts")
        + "/*/*.parquet', hive_partitioning = true, hive_types = {'p': TIMESTAMP})");
    duck.execute("COPY (SELECT i, CAST(ts AS TIMESTAMP_NS) AS tns FROM src) TO '"
        + dir("tsns").resolve("part-0.parquet") + "' (FORMAT PARQUET)");
    duck.viewOfFiles("tsns", lake.resolve("tsns") + "/*.parquet");
    // parquet-java, as Spark writes: INT96, TIMESTAMP(MICROS) adjusted or not, TIMESTAMP(MILLIS); row
    // groups of 2 rows so that data filters skip some.
    MessageType type = MessageTypeParser.parseMessageType("message spark { required int32 i; "
        + "optional int96 t96; optional int64 tus (TIMESTAMP(MICROS,true)); "
        + "optional int64 tlocal (TIMESTAMP(MICROS,false)); optional int64 tms (TIMESTAMP(MILLIS,true)); }");
    SimpleGroupFactory groups = new SimpleGroupFactory(type);
    Path file = dir("spark").resolve("part-00000-c000.snappy.parquet");
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(type)
        .withConf(new Configuration(false)).withRowGroupRowCountLimit(2).build()) {
      for (int i = 0; i < 10; i++) {
        LocalDateTime t = LocalDateTime.of(2026, 1, 1, 10, 0).plusNanos(i * 1_000L + (i % 3) * 1_001_000L);
        long micros = t.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + t.getNano() / 1_000;
        Group g = groups.newGroup().append("i", i).append("t96", Binary.fromConstantByteArray(int96(t)))
            .append("tus", micros).append("tlocal", micros).append("tms", Math.floorDiv(micros, 1000));
        w.write(g);
      }
    }
    duck.viewOfFiles("spark", lake.resolve("spark") + "/*.parquet");
    // A dimension whose TIMESTAMP key (microseconds) picks one partition of ts, or none.
    Path dimension = dir("dim_p").resolve("part-0.parquet");
    duck.execute("COPY (SELECT TIMESTAMP '2026-02-01 00:00:00.000001' AS k, 'first' AS name UNION ALL "
        + "SELECT TIMESTAMP '2026-02-01 00:00:00.000002', 'near' UNION ALL "
        + "SELECT TIMESTAMP '2026-02-02 00:00:00', 'second') TO '" + dimension + "' (FORMAT PARQUET)");
    duck.viewOfFiles("dim_p", dimension.toString());
    // TIME with microseconds, which the lake's TIME (milliseconds) cannot hold.
    duck.execute("COPY (SELECT 1 AS i, TIME '10:00:00.000003' AS t, TIME '10:00:00.123' AS tms) TO '"
        + dir("times").resolve("part-0.parquet") + "' (FORMAT PARQUET)");
    c = DriverManager.getConnection("jdbc:lake:" + lake);
  }

  private static Path dir(String table) throws Exception {
    return Files.createDirectories(lake.resolve(table));
  }

  private static byte[] int96(LocalDateTime t) {
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(t.toLocalTime().toNanoOfDay());
    b.putInt((int) (t.toLocalDate().toEpochDay() + 2_440_588));
    return b.array();
  }

  @AfterAll static void close() throws Exception {
    c.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT i, ts, wide, p FROM ts",
      "SELECT i FROM ts WHERE ts = TIMESTAMP '2026-01-01 10:00:00.000003'",
      "SELECT i FROM ts WHERE ts > TIMESTAMP '2026-01-01 10:00:00.000006'",
      "SELECT i FROM ts WHERE ts <= TIMESTAMP '2026-01-01 10:00:00.000002'",
      "SELECT i FROM ts WHERE ts BETWEEN TIMESTAMP '2026-01-01 10:00:00.000002' AND TIMESTAMP '2026-01-01 10:00:00.000004'",
      "SELECT i FROM ts WHERE ts IN (TIMESTAMP '2026-01-01 10:00:00.000001', TIMESTAMP '2026-01-01 10:00:00.000008')",
      "SELECT i FROM ts WHERE ts <> TIMESTAMP '2026-01-01 10:00:00.000005'",
      "SELECT i FROM ts WHERE ts = '2026-01-01 10:00:00.000007'",
      "SELECT count(DISTINCT ts), count(DISTINCT wide), count(DISTINCT p) FROM ts",
      "SELECT ts, count(*) FROM ts GROUP BY ts",
      "SELECT min(ts), max(ts), min(wide), max(wide) FROM ts",
      "SELECT p, min(ts), max(ts) FROM ts GROUP BY p",
      "SELECT a.i, b.i FROM ts a JOIN ts b ON a.ts = b.ts",
      "SELECT CAST(ts AS VARCHAR), CAST(wide AS VARCHAR) FROM ts",
      "SELECT i FROM ts WHERE CAST(ts AS VARCHAR) = '2026-01-01 10:00:00.000004'",
      "SELECT CAST('2026-01-01 10:00:00.000005' AS TIMESTAMP) FROM ts WHERE i = 1",
      "SELECT i FROM ts WHERE ts = CAST('2026-01-01 10:00:00.000005' AS TIMESTAMP)",
      "SELECT EXTRACT(MICROSECOND FROM wide), EXTRACT(SECOND FROM wide), EXTRACT(MINUTE FROM wide), "
          + "EXTRACT(YEAR FROM ts), EXTRACT(DAY FROM ts), EXTRACT(MILLISECOND FROM wide) FROM ts",
      "SELECT CAST(wide AS DATE), CAST(p AS DATE) FROM ts",
      "SELECT wide + INTERVAL '1' DAY, wide - INTERVAL '2' HOUR, wide + INTERVAL '1' MONTH FROM ts",
      "SELECT i FROM ts WHERE p = TIMESTAMP '2026-02-01 00:00:00.000001'",
      "SELECT i FROM ts WHERE p > TIMESTAMP '2026-02-01 00:00:00'",
      "SELECT i FROM ts WHERE p IN (SELECT max(p) FROM ts)",
      "SELECT i, tns FROM tsns",
      "SELECT count(DISTINCT tns) FROM tsns",
      "SELECT i FROM tsns WHERE tns = TIMESTAMP '2026-01-01 10:00:00.000003'",
      "SELECT i FROM tsns WHERE tns >= TIMESTAMP '2026-01-01 10:00:00.000003'",
      "SELECT i, t96, tus, tlocal, tms FROM spark",
      "SELECT count(DISTINCT t96), count(DISTINCT tus), count(DISTINCT tlocal), count(DISTINCT tms) FROM spark",
      "SELECT i FROM spark WHERE tus = TIMESTAMP '2026-01-01 10:00:00.001004'",
      "SELECT i FROM spark WHERE tlocal > TIMESTAMP '2026-01-01 10:00:00.001004'",
      "SELECT i FROM spark WHERE tms = TIMESTAMP '2026-01-01 10:00:00.001'",
      "SELECT i FROM spark WHERE tms < TIMESTAMP '2026-01-01 10:00:00.001004'",
      "SELECT i FROM spark WHERE tms >= TIMESTAMP '2026-01-01 10:00:00.001004'",
      "SELECT i FROM spark WHERE t96 = TIMESTAMP '2026-01-01 10:00:00.002005'",
      "SELECT t96, count(*) FROM spark GROUP BY t96",
      "SELECT a.i, b.i FROM spark a JOIN ts b ON a.tus = b.ts",
      "SELECT TIMESTAMP '2026-01-01 10:00:00.000003', TIMESTAMP '1969-12-31 23:59:59.999999'",
      "SELECT ts FROM ts UNION SELECT TIMESTAMP '2026-01-01 10:00:00.000011'",
      "SELECT count(*) FROM ts WHERE ts < CURRENT_TIMESTAMP",
      "SELECT i FROM ts WHERE ts >= DATE '2026-01-01' AND wide < DATE '2026-01-02'",
      "SELECT i FROM ts WHERE ts + INTERVAL '1' SECOND > TIMESTAMP '2026-01-01 10:00:01.000004'",
      "SELECT i, ROW_NUMBER() OVER (ORDER BY ts DESC) FROM ts",
      "SELECT i, LAG(ts) OVER (ORDER BY ts), min(wide) OVER (PARTITION BY p) FROM ts",
      "SELECT CASE WHEN i > 5 THEN ts ELSE wide END, COALESCE(ts, wide), NULLIF(ts, wide) FROM ts",
      "SELECT i FROM ts WHERE ts IS NOT DISTINCT FROM TIMESTAMP '2026-01-01 10:00:00.000009'",
      "SELECT ts, count(DISTINCT i) FROM (SELECT ts, i FROM ts UNION ALL SELECT tus, i FROM spark) GROUP BY ts",
      "SELECT i FROM ts WHERE ts IN (SELECT tus FROM spark)",
  })
  void sameAnswersAsDuckDb(String sql) throws Exception {
    for (String dataFilters : List.of("true", "false")) {
      try (Connection lakeConnection = DriverManager.getConnection("jdbc:lake:" + lake
          + ";dataFilterPushdown=" + dataFilters)) {
        Rows.assertSameRows(duck.query(sql), Rows.query(lakeConnection, sql), false,
            sql + " (dataFilterPushdown=" + dataFilters + ")");
      }
    }
  }

  /** Our SQL on the left, DuckDB's spelling of the same on the right. */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "SELECT FLOOR(wide TO SECOND), FLOOR(wide TO DAY) FROM ts | SELECT date_trunc('second', wide), date_trunc('day', wide) FROM ts",
      "SELECT FLOOR(wide TO MICROSECOND) FROM ts | SELECT wide FROM ts",
      "SELECT CAST(CAST(wide AS VARCHAR) AS TIMESTAMP) FROM ts | SELECT wide FROM ts",
      "SELECT CAST(DATE '2026-03-04' AS TIMESTAMP) FROM ts WHERE i = 0 | SELECT TIMESTAMP '2026-03-04 00:00:00'",
      "SELECT EXTRACT(EPOCH FROM wide), EXTRACT(HOUR FROM wide) FROM ts | SELECT CAST(floor(epoch(wide)) AS BIGINT), hour(wide) FROM ts",
      "SELECT CAST(tns AS VARCHAR) FROM tsns | SELECT CAST(CAST(tns AS TIMESTAMP) AS VARCHAR) FROM tsns",
      "SELECT TIMESTAMPADD(SECOND, 1, wide), TIMESTAMPADD(MICROSECOND, 3000, wide) FROM ts | SELECT wide + INTERVAL 1 SECOND, wide + INTERVAL 3 MILLISECOND FROM ts",
      "SELECT TIMESTAMPADD(DAY, -1, wide), TIMESTAMPADD(MONTH, 1, wide) FROM ts | SELECT wide - INTERVAL 1 DAY, wide + INTERVAL 1 MONTH FROM ts",
  })
  void sameAnswersAsDuckDbSpelledOtherwise(String ours, String duckDb) throws Exception {
    Rows.assertSameRows(duck.query(duckDb), Rows.query(c, ours), false, ours);
  }

  /** Pruning by a TIMESTAMP partition value with microseconds reads only its partition. */
  @Test void partitionsArePrunedByMicroseconds() throws Exception {
    try (Connection pruned = DriverManager.getConnection("jdbc:lake:" + lake)) {
      String sql = "SELECT i FROM ts WHERE p = TIMESTAMP '2026-02-01 00:00:00.000001'";
      Rows.assertSameRows(duck.query(sql), Rows.query(pruned, sql), false, sql);
      assertEquals(List.of(List.of("1", "2")), Rows.query(pruned, "SELECT partitions_read, partitions_total "
          + "FROM sys.scans WHERE table_name = 'ts'"), "static pruning: " + sql);
    }
    try (Connection pruned = DriverManager.getConnection("jdbc:lake:" + lake);
         PreparedStatement ps = pruned.prepareStatement("SELECT i FROM ts WHERE p = ?")) {
      ps.setObject(1, LocalDateTime.of(2026, 2, 2, 0, 0));
      assertEquals(5, rows(ps).size());
      assertEquals(List.of(List.of("1")), Rows.query(pruned, "SELECT partitions_read FROM sys.scans "
          + "WHERE table_name = 'ts'"), "static pruning by a parameter");
    }
    // Dynamic: a dimension whose TIMESTAMP key (microseconds) picks one partition.
    try (Connection pruned = DriverManager.getConnection("jdbc:lake:" + lake)) {
      for (String name : List.of("first", "near")) {
        String sql = "SELECT t.i FROM ts t JOIN dim_p d ON t.p = d.k WHERE d.name = '" + name + "'";
        Rows.assertSameRows(duck.query(sql), Rows.query(pruned, sql), false, sql);
        List<List<String>> scans = Rows.query(pruned, "SELECT partitions_read, dynamic_filter FROM sys.scans "
            + "WHERE table_name = 'ts' AND statement_id = (SELECT max(statement_id) FROM sys.scans)");
        assertEquals(1, scans.size(), scans.toString());
        assertEquals(name.equals("first") ? "1" : "0", scans.get(0).get(0), "dynamic pruning: " + sql + " " + scans);
        assertTrue(scans.get(0).get(1).contains(name.equals("first") ? "00:00:00.000001" : "00:00:00.000002"),
            scans.toString());
      }
    }
  }

  /** A data filter with microseconds reads only the row groups that can hold the value. */
  @Test void dataFiltersSkipRowGroupsByMicroseconds() throws Exception {
    try (Connection filtered = DriverManager.getConnection("jdbc:lake:" + lake)) {
      // Row groups of rows (0, 1), (2, 3), ...: their tus ranges in µs after 10:00 are [0, 1002],
      // [3, 2004], [1005, 2007], [6, 1008], [9, 2010]. 2,010 µs is in the last alone; read in
      // milliseconds (2 ms) it would be in three.
      String sql = "SELECT i FROM spark WHERE tus = TIMESTAMP '2026-01-01 10:00:00.002010'";
      Rows.assertSameRows(duck.query(sql), Rows.query(filtered, sql), false, sql);
      List<List<String>> scans = Rows.query(filtered, "SELECT row_groups_total, row_groups_read FROM sys.scans "
          + "WHERE table_name = 'spark'");
      assertEquals(List.of(List.of("5", "1")), scans, "one row group of 2 rows can hold the value");
    }
  }

  @Test void timeWithMicrosecondsFailsRatherThanRound() throws Exception {
    try (Connection fresh = DriverManager.getConnection("jdbc:lake:" + lake)) {
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(fresh, "SELECT t FROM times"));
      assertEquals("0A000", e.getSQLState(), e.getMessage());
      String sql = "SELECT i, CAST(tms AS VARCHAR) FROM times";
      Rows.assertSameRows(duck.query(sql.replace("times", "'" + lake.resolve("times") + "/*.parquet'")),
          Rows.query(fresh, sql), false, "a TIME of whole milliseconds beside it reads");
    }
  }

  /**
   * Text cast to TIME, folded while planning or computed per row: what DuckDB reads, and what it
   * refuses is refused (Calcite read '12:99' as 13:39 and '25:00:00' as a time past midnight).
   */
  @Test void textCastToTimeIsCheckedAsDuckDbChecksIt() throws Exception {
    for (String text : List.of("10:00", "7:05:09", "23:59:59.125", " 00:00:00.5 ", "12:30:00.120000")) {
      for (String value : List.of("'" + text + "'", "CASE WHEN i >= 0 THEN '" + text + "' END")) {
        String sql = "SELECT i, CAST(CAST(" + value + " AS TIME) AS VARCHAR) FROM times";
        Rows.assertSameRows(duck.query(sql.replace("times", "'" + lake.resolve("times") + "/*.parquet'")),
            Rows.query(c, sql), false, sql);
      }
    }
    for (String text : List.of("12:99", "25:00:00", "10:60:00", "noon")) {
      for (String value : List.of("'" + text + "'", "CASE WHEN i >= 0 THEN '" + text + "' END")) {
        String sql = "SELECT CAST(" + value + " AS TIME) FROM times";
        assertThrows(SQLException.class, () -> duck.query(sql.replace("times", "'" + lake.resolve("times")
            + "/*.parquet'")), "DuckDB refuses " + sql);
        SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, sql), sql);
        assertEquals("22018", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("'" + text + "' is not a TIME"), e.getMessage());
      }
    }
    SQLException e = assertThrows(SQLException.class,
        () -> Rows.query(c, "SELECT CAST('10:00:00.0000031' AS TIME) FROM times"));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
  }

  /** Constants as text keep their fraction, as values read from files do (Calcite's folding dropped it). */
  @Test void timestampAndTimeConstantsAsTextKeepTheirFraction() throws Exception {
    for (String value : List.of("TIMESTAMP '2026-01-01 10:00:00.5'", "TIMESTAMP '2026-01-01 10:00:00.123'",
        "TIMESTAMP '2026-01-01 10:00:00.000001'", "TIMESTAMP '2026-01-01 10:00:00'", "TIME '10:00:00.5'")) {
      for (String sql : List.of("SELECT i, CAST(" + value + " AS VARCHAR) FROM times",
          "SELECT i, " + value + " || '' FROM times")) {
        Rows.assertSameRows(duck.query(sql.replace("times", "'" + lake.resolve("times") + "/*.parquet'")),
            Rows.query(c, sql), false, sql);
      }
    }
  }

  @Test void aggregatesThatWouldComputeInMillisecondsAreRefused() {
    SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, "SELECT ARRAY_AGG(ts) FROM ts"));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    e = assertThrows(SQLException.class, () -> Rows.query(c,
        "SELECT TIMESTAMPDIFF(MICROSECOND, ts, wide) FROM ts"));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    // Calcite adds microseconds as milliseconds / 1000, which is 0 for 1 µs: refused, not ignored.
    e = assertThrows(SQLException.class, () -> Rows.query(c, "SELECT TIMESTAMPADD(MICROSECOND, 1, ts) FROM ts"));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
  }

  @Test void calendarGettersReadTheWallClockInTheCalendarsZone() throws Exception {
    try (ResultSet rs = c.createStatement().executeQuery("SELECT ts FROM ts WHERE i = 7")) {
      assertTrue(rs.next());
      java.util.Calendar utc = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"));
      Timestamp t = rs.getTimestamp(1, utc);
      assertEquals(java.time.Instant.parse("2026-01-01T10:00:00.000007Z"), t.toInstant());
      assertEquals(java.time.OffsetDateTime.parse("2026-01-01T10:00:00.000007Z"),
          rs.getObject(1, java.time.OffsetDateTime.class));
      assertEquals("2026-01-01 10:00:00.000007", rs.getObject(1, String.class));
    }
  }

  @Test void orderByKeepsMicroseconds() throws Exception {
    String sql = "SELECT i, ts FROM ts ORDER BY ts DESC, i";
    Rows.assertSameRows(duck.query(sql), Rows.query(c, sql), true, sql);
  }

  @Test void parametersCompareInMicroseconds() throws Exception {
    try (PreparedStatement ps = c.prepareStatement("SELECT i FROM ts WHERE ts = ?");
         PreparedStatement dps = duck.connection().prepareStatement("SELECT i FROM ts WHERE ts = ?")) {
      LocalDateTime t = LocalDateTime.of(2026, 1, 1, 10, 0, 0, 6_000);
      ps.setObject(1, t);
      dps.setObject(1, t);
      Rows.assertSameRows(rows(dps), rows(ps), false, "LocalDateTime parameter");
      ps.setTimestamp(1, Timestamp.valueOf(t.plusNanos(2_000)));
      dps.setTimestamp(1, Timestamp.valueOf(t.plusNanos(2_000)));
      Rows.assertSameRows(rows(dps), rows(ps), false, "Timestamp parameter");
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT i FROM ts WHERE p = ?")) {
      ps.setObject(1, LocalDateTime.of(2026, 2, 1, 0, 0, 0, 1_000));
      assertEquals(5, rows(ps).size(), "a parameter on a timestamp partition column");
    }
  }

  private static List<List<String>> rows(PreparedStatement ps) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      return Rows.read(rs);
    }
  }

  @Test void jdbcGettersSeeMicroseconds() throws Exception {
    try (ResultSet rs = c.createStatement().executeQuery("SELECT ts FROM ts WHERE i = 3")) {
      assertTrue(rs.next());
      LocalDateTime expected = LocalDateTime.of(2026, 1, 1, 10, 0, 0, 3_000);
      assertEquals(Timestamp.valueOf(expected), rs.getTimestamp(1));
      assertEquals(Timestamp.valueOf(expected), rs.getObject(1));
      assertEquals(expected, rs.getObject(1, LocalDateTime.class));
      assertEquals("2026-01-01 10:00:00.000003", rs.getString(1));
      assertEquals(expected, rs.getTimestamp("ts").toLocalDateTime());
    }
  }

  @Test void columnsReportSixDigits() throws Exception {
    for (String table : List.of("ts", "tsns", "spark")) {
      try (ResultSet rs = c.getMetaData().getColumns(null, null, table, null)) {
        while (rs.next()) {
          if (rs.getInt("DATA_TYPE") == java.sql.Types.TIMESTAMP) {
            assertEquals(26, rs.getInt("COLUMN_SIZE"), table + "." + rs.getString("COLUMN_NAME"));
            assertEquals(6, rs.getInt("DECIMAL_DIGITS"), table + "." + rs.getString("COLUMN_NAME"));
          }
        }
      }
    }
    try (ResultSet rs = c.createStatement().executeQuery("SELECT ts FROM ts")) {
      assertEquals(26, rs.getMetaData().getColumnDisplaySize(1));
    }
  }

  /** What is computed in milliseconds fails where it would lose microseconds, never answers otherwise. */
  @Test void millisecondOperationsRefuseMicroseconds() throws Exception {
    SQLException e = assertThrows(SQLException.class, () -> Rows.query(c,
        "SELECT CEIL(ts TO SECOND) FROM ts"));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("microseconds"), e.getMessage());
    // The same operation on values without microseconds is answered.
    String sql = "SELECT CEIL(tms TO SECOND) FROM spark";
    Rows.assertSameRows(duck.query("SELECT date_trunc('second', tms) + CASE WHEN tms = date_trunc('second', tms) "
        + "THEN INTERVAL 0 SECOND ELSE INTERVAL 1 SECOND END FROM spark"), Rows.query(c, sql), false, sql);
  }
}
