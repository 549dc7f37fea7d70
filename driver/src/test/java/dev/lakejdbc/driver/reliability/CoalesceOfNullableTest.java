package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code COALESCE(x, 7) <= 6} on a nullable column drops the rows where x is NULL. Calcite 1.42 kept them
 * for INTEGER, BIGINT and DOUBLE columns (its simplifier drops the IS NOT NULL guard next to a cast to
 * NOT NULL, and the generated code reads the NULL as 0); the driver's LakeConvertletTable converts the
 * guarded branch without the cast. Found by DifferentialTest (lake seeds 20260710 and 20260712).
 */
class CoalesceOfNullableTest {
  @TempDir Path lake;

  @Test void coalesceComparedWithAConstantDropsTheNullRowsLikeDuckDb() throws Exception {
    Schema schema = SchemaBuilder.record("r").fields().optionalInt("v").optionalLong("b")
        .optionalDouble("x")
        .name("d").type().optional().type(LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)))
        .endRecord();
    for (String p : new String[] {"5", "8", "__HIVE_DEFAULT_PARTITION__"}) {
      boolean isNull = p.startsWith("__");
      GenericData.Record r = new GenericData.Record(schema);
      r.put("v", isNull ? null : Integer.parseInt(p));
      r.put("b", isNull ? null : Long.parseLong(p));
      r.put("x", isNull ? null : Double.parseDouble(p));
      r.put("d", isNull ? null : LocalDate.of(2026, 1, Integer.parseInt(p)));
      ParquetFiles.write(lake.resolve("t/p=" + p + "/part-0.parquet"), schema, List.of(r));
    }
    List<String> queries = List.of(
        "SELECT p FROM t WHERE COALESCE(p, 7) <= 6",
        "SELECT v FROM t WHERE COALESCE(v, 7) <= 6",
        "SELECT b FROM t WHERE COALESCE(b, 7) <= 6",
        "SELECT x FROM t WHERE COALESCE(x, 7) <= 6",
        "SELECT v FROM t WHERE COALESCE(v, 7) > 6",
        "SELECT v FROM t WHERE CASE WHEN v IS NOT NULL THEN v ELSE 7 END <= 6",
        "SELECT v FROM t WHERE COALESCE(v, b, 7) <= 6",
        "SELECT v FROM t WHERE COALESCE(d, DATE '2026-01-07') < DATE '2026-01-06'",
        "SELECT COALESCE(v, 7), COALESCE(p, 7), COALESCE(x, 0.5) FROM t");
    try (DuckDb duck = new DuckDb();
        Connection pruned = DriverManager.getConnection("jdbc:lake:" + lake);
        Connection unpruned = DriverManager.getConnection("jdbc:lake:" + lake + ";staticPruning=false")) {
      duck.viewOfTable(lake, "t");
      for (String q : queries) {
        List<List<String>> expected = duck.query(q);
        Rows.assertSameRows(expected, Rows.query(pruned, q), false, q);
        Rows.assertSameRows(expected, Rows.query(unpruned, q), false, q + " (staticPruning=false)");
      }
      // COALESCE with a non-null default is declared NOT NULL, as Calcite derives it.
      try (Statement s = pruned.createStatement()) {
        ResultSetMetaData md = s.executeQuery("SELECT COALESCE(v, 7) AS c FROM t").getMetaData();
        assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(1));
      }
    }
  }
}
