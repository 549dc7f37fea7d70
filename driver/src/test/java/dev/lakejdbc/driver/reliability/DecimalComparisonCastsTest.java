package dev.lakejdbc.driver.reliability;

import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
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
 * Comparisons of a DECIMAL(7, 2) column with integers, wider decimals and another decimal column:
 * Calcite casts the column to the common type, and the driver compares the column itself where that
 * cast keeps every value and the scale (LosslessComparisonCasts). Answers as DuckDB's, also at the
 * edges of the column's precision and where the cast changes the scale (and stays).
 */
class DecimalComparisonCastsTest {
  @TempDir Path lake;

  private static Schema.Field decimal(String name, int precision, int scale) {
    return new Schema.Field(name, Schema.createUnion(Schema.create(Schema.Type.NULL),
        LogicalTypes.decimal(precision, scale).addToSchema(Schema.create(Schema.Type.BYTES))),
        null, Schema.Field.NULL_DEFAULT_VALUE);
  }

  @Test void comparisonsOfACastDecimalAnswerAsDuckDb() throws Exception {
    Schema schema = Schema.createRecord("r", null, null, false,
        List.of(decimal("x", 7, 2), decimal("y", 12, 2)));
    String[][] values = {{"-99999.99", "0.00"}, {"-1.50", "-1.50"}, {"0.00", "1.00"}, {"5.00", "5.00"},
        {"5.01", "4.99"}, {"10.50", "10.50"}, {"122.00", "200.00"}, {"127.35", "127.35"},
        {"132.00", "131.99"}, {"99999.99", "100000.00"}, {null, "1.00"}, {"7.00", null}};
    List<GenericRecord> rows = new ArrayList<>();
    for (String[] v : values) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("x", v[0] == null ? null : new BigDecimal(v[0]));
      r.put("y", v[1] == null ? null : new BigDecimal(v[1]));
      rows.add(r);
    }
    ParquetFiles.write(lake.resolve("t/part-0.parquet"), schema, rows);
    List<String> queries = List.of(
        "SELECT x FROM t WHERE x BETWEEN 122 AND 132",
        "SELECT x FROM t WHERE x < 100000",
        "SELECT x FROM t WHERE x >= 99999.99 OR x <= -99999",
        "SELECT x FROM t WHERE x = 5",
        "SELECT x FROM t WHERE x <> 5",
        "SELECT x FROM t WHERE x = 5.000",
        "SELECT x FROM t WHERE x > -1.5 AND x < 10.5",
        "SELECT x FROM t WHERE x IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10.5)",
        "SELECT x FROM t WHERE x NOT IN (5, 7, 10.5)",
        "SELECT x, y FROM t WHERE x < y",
        "SELECT x, y FROM t WHERE x = y",
        "SELECT x FROM t WHERE CAST(x AS DECIMAL(20, 2)) > 100");
    try (DuckDb duck = new DuckDb(); Connection c = DriverManager.getConnection("jdbc:lake:" + lake)) {
      duck.viewOfTable(lake, "t");
      for (String q : queries) {
        Rows.assertSameRows(duck.query(q), Rows.query(c, q), false, q);
      }
    }
  }
}
