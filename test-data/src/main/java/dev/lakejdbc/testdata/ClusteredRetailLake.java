package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.AvroSchemas.DOUBLE;
import static dev.lakejdbc.testdata.AvroSchemas.INT;
import static dev.lakejdbc.testdata.AvroSchemas.LONG;
import static dev.lakejdbc.testdata.AvroSchemas.STRING;
import static dev.lakejdbc.testdata.AvroSchemas.optional;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The retail lake for data filters: {@code fact_orders} partitioned by {@code dt} only, one file a day
 * of {@code rowsPerDay} rows, each sorted by {@code branch_id} (a data column here) and cut into row
 * groups and pages of a fixed number of rows; {@code order_id} is numbered in that order, so it is sorted
 * too, within and across files. With the retail {@code dim_date} and {@code branches}: a join on
 * {@code branch_id} to the 5 CLOSED branches is a join on a non-partition key to a filtered dimension.
 */
public final class ClusteredRetailLake {
  static final List<String> TABLES = RetailLake.TABLES;

  /**
   * @param rowGroupRows rows per row group (the last of a file may hold fewer)
   * @param pageRows rows per page at most
   */
  public record Options(LocalDate startDate, int days, int rowsPerDay, int rowGroupRows, int pageRows,
      long seed) {
    public Options {
      if (days < 1 || rowsPerDay < 1 || rowGroupRows < 1 || pageRows < 1) {
        throw new IllegalArgumentException("days, rows per day, row group and page rows must be >= 1");
      }
    }

    /** 30 days of 50,000 rows (1.5 million), row groups of 2,500 rows (20 a file), pages of 500. */
    public static Options benchmark() {
      return new Options(LocalDate.of(2026, 1, 1), 30, 50_000, 2_500, 500, 42);
    }

    public Options withDays(int value) {
      return new Options(startDate, value, rowsPerDay, rowGroupRows, pageRows, seed);
    }

    public Options withRowsPerDay(int value) {
      return new Options(startDate, days, value, rowGroupRows, pageRows, seed);
    }

    public Options withRowGroupRows(int value) {
      return new Options(startDate, days, rowsPerDay, value, pageRows, seed);
    }

    /** Row groups in the whole fact table. */
    public long rowGroups() {
      return (long) days * ((rowsPerDay + rowGroupRows - 1) / rowGroupRows);
    }
  }

  private ClusteredRetailLake() {}

  public static void write(Path root, Options o) throws IOException {
    LakeOutput.requireFresh(root, TABLES);
    RetailLake.writeBranches(root.resolve("branches"));
    RetailLake.writeDimDate(root.resolve("dim_date"), RetailLake.Options.defaults()
        .withStartDate(o.startDate()).withDays(o.days()));
    writeFactOrders(root.resolve("fact_orders"), o);
  }

  /** Like {@link #write}, but a no-op when root already holds a clustered lake of the same options. */
  public static void ensure(Path root, Options o) throws IOException {
    LakeOutput.ensure(root, "clustered-retail", "ClusteredRetailLake " + o, () -> write(root, o));
  }

  private static void writeFactOrders(Path table, Options o) throws IOException {
    // Nullable columns (that hold no NULL), as Spark and DuckDB write them.
    Schema schema = AvroSchemas.record("fact_orders", List.of(
        optional("order_id", LONG), optional("branch_id", STRING), optional("customer_id", INT),
        optional("amount", AvroSchemas.decimal(12, 2)), optional("qty", INT), optional("price", DOUBLE)));
    SplittableRandom random = new SplittableRandom(o.seed());
    ParquetFiles.Layout layout = ParquetFiles.Layout.rows(o.rowGroupRows(), o.pageRows());
    for (int d = 0; d < o.days(); d++) {
      List<GenericRecord> rows = new ArrayList<>(o.rowsPerDay());
      for (int i = 0; i < o.rowsPerDay(); i++) {
        int qty = 1 + random.nextInt(10);
        long priceCents = 99 + random.nextInt(50_000);
        GenericRecord r = new GenericData.Record(schema);
        r.put("branch_id", RetailLake.branchId(1 + random.nextInt(RetailLake.BRANCH_COUNT)));
        r.put("customer_id", 1 + random.nextInt(5_000));
        r.put("qty", qty);
        r.put("price", priceCents / 100.0);
        r.put("amount", BigDecimal.valueOf(priceCents * qty, 2));
        rows.add(r);
      }
      rows.sort(Comparator.comparing((GenericRecord r) -> (String) r.get("branch_id"))
          .thenComparing(r -> (Integer) r.get("customer_id")));
      long first = (long) d * o.rowsPerDay() + 1;
      for (int i = 0; i < rows.size(); i++) {
        rows.get(i).put("order_id", first + i);
      }
      Path day = HivePaths.partition(table, "dt", o.startDate().plusDays(d));
      ParquetFiles.write(day.resolve(HivePaths.partFile(0)), schema, rows, layout);
    }
  }
}
