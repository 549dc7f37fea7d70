package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimals with a scale meeting a DECIMAL(38, 0): Calcite 1.42's common type dropped the scale, so
 * {@code x IN (-7.28, 206.18, CAST(NULL AS DECIMAL))} compared x rounded to a whole number and matched
 * -7.50 and -7.00 (found by DifferentialTest's long run, lake seed 20260736 query 83). The driver's
 * LakeTypeFactory keeps the scale; a value too large for the common type is then an error (22003), not
 * a wrong answer.
 */
class DecimalCommonTypeTest {
  @TempDir Path lake;

  @Test void scaledDecimalsMeetingAFullPrecisionDecimalKeepTheirScaleLikeDuckDb() throws Exception {
    Schema schema = SchemaBuilder.record("r").fields().name("x").type(LogicalTypes.decimal(9, 2)
        .addToSchema(Schema.create(Schema.Type.BYTES))).noDefault().endRecord();
    List<GenericRecord> rows = new ArrayList<>();
    for (String x : new String[] {"-7.28", "-7.50", "-7.00", "1.00", "206.18"}) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("x", new BigDecimal(x));
      rows.add(r);
    }
    ParquetFiles.write(lake.resolve("t/part-0.parquet"), schema, rows);
    List<String> queries = List.of(
        "SELECT x FROM t WHERE x IN (-7.28, 206.18, CAST(NULL AS DECIMAL(38, 0)))",
        "SELECT x FROM t WHERE x IN (-7.28, 206.18, CAST(1 AS DECIMAL(38, 0)))",
        "SELECT x FROM t WHERE x NOT IN (-7.28, CAST(1 AS DECIMAL(38, 0)))",
        "SELECT x FROM t WHERE x = -7.28 OR x = CAST(1 AS DECIMAL(38, 0))",
        "SELECT x FROM t WHERE x IN (-7.28, CAST(123456789012345678901234567890123456 AS DECIMAL(38, 0)))");
    // Where the common type is the result's type, DuckDB also drops the scale (DECIMAL(38, 0)): ours
    // keeps it, so DuckDB is asked with the common type written out.
    List<List<String>> resultTypes = List.of(
        List.of("SELECT x FROM t UNION ALL SELECT CAST(5 AS DECIMAL(38, 0)) FROM t",
            "SELECT CAST(x AS DECIMAL(38, 2)) FROM t UNION ALL SELECT CAST(5 AS DECIMAL(38, 2)) FROM t"),
        List.of("SELECT CASE WHEN x > 0 THEN x ELSE CAST(-1 AS DECIMAL(38, 0)) END FROM t",
            "SELECT CASE WHEN x > 0 THEN CAST(x AS DECIMAL(38, 2)) ELSE CAST(-1 AS DECIMAL(38, 2)) END "
                + "FROM t"));
    try (DuckDb duck = new DuckDb(); Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      duck.viewOfTable(lake, "t");
      for (String q : queries) {
        Rows.assertSameRows(duck.query(q), Rows.query(c, q), false, q);
      }
      for (List<String> q : resultTypes) {
        Rows.assertSameRows(duck.query(q.get(1)), Rows.query(c, q.get(0)), false, q.get(0));
      }
      // An unqualified DECIMAL is DECIMAL(38, 0) here, DECIMAL(18, 3) in DuckDB: checked on its own.
      assertEquals(List.of(List.of("-7.28"), List.of("206.18")), Rows.query(c,
          "SELECT x FROM t WHERE x IN (-7.28, 206.18, CAST(NULL AS DECIMAL)) ORDER BY x"));
      // 38 integer digits do not fit the common type DECIMAL(38, 2): an error, not a rounded match.
      SQLException e = assertThrows(SQLException.class, () -> Rows.query(c, "SELECT x FROM t WHERE x IN "
          + "(-7.28, CAST(12345678901234567890123456789012345678 AS DECIMAL(38, 0)))"));
      assertEquals("22003", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("DECIMAL(38, 2)"), e::getMessage);
    }
  }
}
