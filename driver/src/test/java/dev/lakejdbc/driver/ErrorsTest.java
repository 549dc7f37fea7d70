package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** Every failure is a SQLException with a SQLState and the offending path or name in its message. */
class ErrorsTest {
  @TempDir Path lake;

  private static final Schema ID_LONG = SchemaBuilder.record("r").fields()
      .requiredLong("id").endRecord();
  private static final Schema ID_STRING = SchemaBuilder.record("r").fields()
      .requiredString("id").endRecord();

  private static void writeFile(Path file, Schema schema, Object... ids) throws Exception {
    List<GenericRecord> records = new java.util.ArrayList<>();
    for (Object id : ids) {
      GenericRecord r = new GenericData.Record(schema);
      r.put("id", id);
      records.add(r);
    }
    ParquetFiles.write(file, schema, records);
  }

  private Connection connect(String properties) throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + lake + properties);
  }

  private static SQLException assertSqlState(String state, String named, Executable action) {
    SQLException e = assertThrows(SQLException.class, action);
    assertEquals(state, e.getSQLState(), () -> "SQLState of: " + e.getMessage());
    assertTrue(e.getMessage().contains(named), () -> "message should name '" + named + "': "
        + e.getMessage());
    return e;
  }

  private void query(String sql) throws SQLException {
    try (Connection c = connect(""); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
  }

  @Test void unknownTableAndColumn() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    assertSqlState("42S02", "no_such", () -> query("SELECT * FROM no_such"));
    assertSqlState("42S22", "missing_col", () -> query("SELECT missing_col FROM t"));
  }

  @Test void syntaxError() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    assertSqlState("42000", "Syntax error", () -> query("SELEKT 1"));
  }

  @Test void aStringThatIsNoNumberInACastIsAnInvalidCastValue() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    // Computed at run time (the parameter-like CAST of a column), not folded while planning.
    assertSqlState("22018", "\"1x\"", () -> query("SELECT CAST(CAST(id AS VARCHAR) || 'x' AS INTEGER) FROM t"));
  }

  /** What Calcite cannot implement is named in a sentence, not in the planner's 8 KB state. */
  @Test void aFunctionWithoutAnImplementationIsNotSupported() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    SQLException e = assertSqlState("0A000", "PERCENTILE_CONT",
        () -> query("SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY id) FROM t"));
    assertTrue(e instanceof java.sql.SQLFeatureNotSupportedException, e::toString);
    assertTrue(e.getMessage().length() < 300, e::getMessage);
  }

  /**
   * Integer arithmetic that overflows fails with 22003, per row and as a constant folded while
   * planning, where Java's arithmetic would wrap (2147483647 + 1 = -2147483648); DuckDB fails too.
   */
  @Test void integerOverflowIsAnErrorNotAWrappedValue() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    try (DuckDb duck = new DuckDb(); Connection c = connect("")) {
      for (String sql : List.of("SELECT CAST(id AS INTEGER) + 2147483647 FROM t",
          "SELECT 2147483647 + CAST(1 AS INTEGER) FROM t", "SELECT id * 9223372036854775807 * 2 FROM t",
          "SELECT CAST(id - 2 AS INTEGER) * 2147483647 - 3 FROM t",
          "SELECT -(CAST(id AS INTEGER) - 2147483647 - 2) FROM t")) {
        assertThrows(SQLException.class, () -> duck.query(sql.replace("FROM t",
            "FROM read_parquet('" + lake.resolve("t/part-0.parquet") + "')")), "DuckDB refuses " + sql);
        assertSqlState("22003", "overflow", () -> query(sql));
      }
      String fits = "SELECT CAST(id AS INTEGER) + 2147483646, -CAST(id AS INTEGER) * 2147483647 FROM t";
      assertEquals(duck.query(fits.replace("FROM t", "FROM read_parquet('" + lake.resolve("t/part-0.parquet") + "')")),
          Rows.query(c, fits));
    }
  }

  /**
   * A text that is no date, per row or constant, and a partition filter comparing with one; a text
   * that is no boolean.
   */
  @Test void aStringThatIsNoDateInACastIsAnInvalidCastValue() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    writeFile(lake.resolve("p/dt=2026-01-01/part-0.parquet"), ID_LONG, 1L);
    assertSqlState("22018", "'1-02-30'",
        () -> query("SELECT CAST(CAST(id AS VARCHAR) || '-02-30' AS DATE) FROM t"));
    assertSqlState("22018", "'notadate'", () -> query("SELECT CAST('notadate' AS DATE) FROM t"));
    assertSqlState("22018", "dt=2026-01-01", () -> query("SELECT * FROM p WHERE dt = '2026-13-01'"));
    assertSqlState("22018", "yes", () -> query("SELECT CAST(CAST(id AS VARCHAR) || 'yes' AS BOOLEAN) FROM t"));
  }

  /**
   * A constant that fails when computed (Calcite computes it once, in the generated class's static
   * initialiser) is the query's 22012 on every execution, not an Error thrown into the host.
   */
  @Test void aFailingConstantIsTheQuerysErrorEveryTime() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    try (Connection c = connect(""); Statement s = c.createStatement();
        java.sql.PreparedStatement p = c.prepareStatement("SELECT id, 7 % 0 FROM t")) {
      for (int i = 0; i < 2; i++) {
        assertSqlState("22012", "by zero", () -> s.executeQuery("SELECT 5 % 0").next());
        assertSqlState("22012", "by zero", () -> p.executeQuery().next());
      }
      // Another failure there names itself too, not the class initialiser it happened in.
      for (int i = 0; i < 2; i++) {
        assertSqlState("HY000", "logarithm of zero", () -> s.executeQuery("SELECT ln(0)").next());
      }
      // The connection goes on.
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
        assertTrue(rs.next());
        assertEquals(1, rs.getLong(1));
      }
    }
  }

  @Test void writesAreRefused() throws Exception {
    writeFile(lake.resolve("t/part-0.parquet"), ID_LONG, 1L);
    try (Connection c = connect(""); Statement s = c.createStatement()) {
      assertSqlState("25006", "INSERT", () -> s.executeUpdate("INSERT INTO t VALUES (2)"));
      assertSqlState("25006", "DROP", () -> s.execute("  /* why */ DROP TABLE t"));
      assertSqlState("25006", "CREATE", () -> c.prepareStatement("CREATE TABLE x (a INT)"));
    }
  }

  @Test void corruptZeroByteAndForeignFilesNameThePath() throws Exception {
    writeFile(lake.resolve("good/part-0.parquet"), ID_LONG, 1L);
    Files.createDirectories(lake.resolve("empty_file"));
    Files.write(lake.resolve("empty_file/part-0.parquet"), new byte[0]);
    Files.createDirectories(lake.resolve("not_parquet"));
    Files.writeString(lake.resolve("not_parquet/data.csv"), "id\n1\n");
    writeFile(lake.resolve("truncated/part-0.parquet"), ID_LONG, 1L, 2L, 3L);
    byte[] bytes = Files.readAllBytes(lake.resolve("truncated/part-0.parquet"));
    Files.write(lake.resolve("truncated/part-0.parquet"), java.util.Arrays.copyOf(bytes, bytes.length / 2));

    assertSqlState("58030", "empty_file/part-0.parquet", () -> query("SELECT * FROM empty_file"));
    assertSqlState("58030", "not_parquet/data.csv", () -> query("SELECT * FROM not_parquet"));
    assertSqlState("58030", "truncated/part-0.parquet", () -> query("SELECT * FROM truncated"));
    // A query that does not touch the bad files succeeds.
    try (Connection c = connect("")) {
      assertEquals(List.of(List.of("1")), Rows.query(c, "SELECT count(*) FROM good"));
    }
  }

  @Test void inconsistentLayoutsNameThePath() throws Exception {
    writeFile(lake.resolve("mixed/dt=2026-01-01/part-0.parquet"), ID_LONG, 1L);
    writeFile(lake.resolve("mixed/dt=2026-01-02/branch=A/part-0.parquet"), ID_LONG, 2L);
    writeFile(lake.resolve("names/dt=2026-01-01/a=1/part-0.parquet"), ID_LONG, 1L);
    writeFile(lake.resolve("names/dt=2026-01-02/b=1/part-0.parquet"), ID_LONG, 2L);
    writeFile(lake.resolve("stray/dt=2026-01-01/part-0.parquet"), ID_LONG, 1L);
    writeFile(lake.resolve("stray/backup/part-0.parquet"), ID_LONG, 2L);
    Files.createDirectories(lake.resolve("nofiles/dt=2026-01-01"));

    assertSqlState("22000", "dt=2026-01-01", () -> query("SELECT * FROM mixed"));
    assertSqlState("22000", "b=1", () -> query("SELECT * FROM names"));
    assertSqlState("22000", "stray/backup", () -> query("SELECT * FROM stray"));
    assertSqlState("22000", "nofiles", () -> query("SELECT * FROM nofiles"));
  }

  @Test void conflictingColumnTypesNameBothFiles() throws Exception {
    writeFile(lake.resolve("t/dt=1/part-0.parquet"), ID_LONG, 1L);
    writeFile(lake.resolve("t/dt=2/part-0.parquet"), ID_STRING, "x");
    SQLException e = assertSqlState("42804", "dt=1/part-0.parquet", () -> query("SELECT * FROM t"));
    assertTrue(e.getMessage().contains("dt=2/part-0.parquet"), e.getMessage());
  }

  @Test void partitionValueThatDoesNotFitItsDeclaredType() throws Exception {
    writeFile(lake.resolve("t/dt=2026-01-01/part-0.parquet"), ID_LONG, 1L);
    writeFile(lake.resolve("t/dt=yesterday/part-0.parquet"), ID_LONG, 2L);
    try (Connection c = connect(";partitionTypes=dt:date"); Statement s = c.createStatement()) {
      assertSqlState("22018", "dt=yesterday", () -> s.executeQuery("SELECT * FROM t"));
    }
  }

  @Test void badUrlsAndProperties() throws Exception {
    assertSqlState("08001", "does not exist", () -> DriverManager.getConnection(
        "jdbc:lake:" + lake.resolve("nowhere")));
    assertSqlState("08001", "noSuchOption", () -> connect(";noSuchOption=1"));
    assertSqlState("08001", "key=value", () -> connect(";justAWord"));
    assertSqlState("08001", "no location", () -> DriverManager.getConnection("jdbc:lake:"));
    assertSqlState("08001", "partitionTypeInference", () -> connect(";partitionTypeInference=maybe"));
    assertSqlState("08001", "nosuchtype", () -> connect(";partitionTypes=dt:nosuchtype"));
  }

  @Test void locationsTheHadoopClientRejectsAreRefusedNamingThem() throws Exception {
    // An s3a FileSystem class that is not on the class path (JarOnlyClasspathIT shows the jar without
    // the AWS SDK): Hadoop throws unchecked, the message names the jars to add.
    SQLException s3a = assertSqlState("08001", "s3a://bucket/lake",
        () -> DriverManager.getConnection("jdbc:lake:s3a://bucket/lake;fs.s3a.impl=org.example.NoSuchFs"));
    assertTrue(s3a.getMessage().contains("not on the class path")
        && s3a.getMessage().contains("software.amazon.awssdk:bundle"), s3a.getMessage());
    assertSqlState("08001", "hdfs://127.0.0.1:99999/lake",
        () -> DriverManager.getConnection("jdbc:lake:hdfs://127.0.0.1:99999/lake"));
    // A colon is not allowed in an HDFS name; the client says so before it connects.
    assertSqlState("08001", "hdfs://127.0.0.1:1/a:b",
        () -> DriverManager.getConnection("jdbc:lake:hdfs://127.0.0.1:1/a:b"));
    assertSqlState("08001", "nosuchscheme://x/lake",
        () -> DriverManager.getConnection("jdbc:lake:nosuchscheme://x/lake"));
    assertSqlState("08001", "hdfs://[x/lake", () -> DriverManager.getConnection("jdbc:lake:hdfs://[x/lake"));
  }
}
