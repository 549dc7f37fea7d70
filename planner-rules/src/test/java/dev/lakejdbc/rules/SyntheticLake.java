package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.catalog.LakeTable;
import dev.lakejdbc.adapter.hive.PartitionValueTypes;
import dev.lakejdbc.adapter.table.LakeColumn;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.table.TableSchema;
import dev.lakejdbc.adapter.table.TableSource;
import dev.lakejdbc.adapter.types.ColumnType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.tools.Frameworks;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The lake plan tests run on: the retail star schema with the schemas and statistics discovery would
 * find, and no file at all. Its location does not exist, so a plan test that listed or read anything
 * would fail.
 *
 * <ul>
 *   <li>{@code fact_orders}: data columns {@code order_id, customer_id, amount, qty, price}, partitioned
 *       by {@code dt DATE} (2026-07-01 .. 2026-07-30) and {@code branch_id VARCHAR} (B001 .. B003): 90
 *       partitions of one 700-row file each;
 *   <li>{@code dim_date} (365 rows, the year 2026), {@code branches} (200 rows), {@code promotions}
 *       (2,000 rows, keyed by {@code date_id} and {@code branch_id}), {@code customers} (10,000 rows):
 *       one file each, unpartitioned.
 * </ul>
 */
public final class SyntheticLake {
  public static final int DAYS = 30;
  public static final List<String> BRANCHES = List.of("B001", "B002", "B003");
  public static final int ROWS_PER_FILE = 700;
  private static final LocalDate FIRST_DAY = LocalDate.of(2026, 7, 1);
  private static final Path ROOT = new Path("file:/nonexistent-synthetic-lake");

  private SyntheticLake() {}

  /** A root schema with the lake's tables in its sub-schema {@code lake}, which is returned. */
  public static SchemaPlus schema() {
    SchemaPlus lake = Frameworks.createRootSchema(false).add("lake", new AbstractSchema());
    LakeStorage storage = storage();
    lake.add("fact_orders", table(storage, "fact_orders", factOrders()));
    // Distinct values of key columns as discovery estimates them from the footers' min and max.
    lake.add("dim_date", table(storage, "dim_date", unpartitioned(365, Map.of("date_id", 365.0),
        column("date_id", ColumnType.DATE), column("date_type", ColumnType.VARCHAR),
        column("day_name", ColumnType.VARCHAR), column("month", ColumnType.INTEGER))));
    lake.add("branches", table(storage, "branches", unpartitioned(200, Map.of(),
        column("branch_id", ColumnType.VARCHAR), column("branch_name", ColumnType.VARCHAR),
        column("region", ColumnType.VARCHAR), column("status", ColumnType.VARCHAR))));
    lake.add("promotions", table(storage, "promotions", unpartitioned(2_000, Map.of("date_id", 365.0),
        column("date_id", ColumnType.DATE), column("branch_id", ColumnType.VARCHAR),
        column("kind", ColumnType.VARCHAR), column("discount_pct", ColumnType.INTEGER))));
    lake.add("customers", table(storage, "customers", unpartitioned(10_000,
        Map.of("customer_id", 10_000.0),
        column("customer_id", ColumnType.INTEGER), column("segment", ColumnType.VARCHAR),
        column("country", ColumnType.VARCHAR))));
    return lake;
  }

  private static TableSchema factOrders() {
    List<LakeColumn> columns = List.of(
        column("order_id", ColumnType.BIGINT), column("customer_id", ColumnType.INTEGER),
        column("amount", ColumnType.decimal(12, 2)), column("qty", ColumnType.INTEGER),
        column("price", ColumnType.DOUBLE),
        new LakeColumn("dt", ColumnType.DATE, 0), new LakeColumn("branch_id", ColumnType.VARCHAR, 1));
    // Typed as discovery types them: DATE as days since the epoch, VARCHAR as String.
    List<Object[]> partitions = new ArrayList<>();
    for (int d = 0; d < DAYS; d++) {
      for (String branch : BRANCHES) {
        partitions.add(new Object[] {
            PartitionValueTypes.parse(FIRST_DAY.plusDays(d).toString(), ColumnType.DATE),
            PartitionValueTypes.parse(branch, ColumnType.VARCHAR)});
      }
    }
    int files = partitions.size();
    long rows = (long) files * ROWS_PER_FILE;
    return new TableSchema(columns, rows, partitions.size(), files, partitions,
        Map.of("order_id", (double) rows, "customer_id", 10_000.0));
  }

  /** A table of one file directly in its directory: one partition without values. */
  private static TableSchema unpartitioned(long rows, Map<String, Double> distinctCounts,
      LakeColumn... columns) {
    return new TableSchema(List.of(columns), rows, 1, 1, List.<Object[]>of(new Object[0]),
        distinctCounts);
  }

  private static LakeColumn column(String name, ColumnType type) {
    return new LakeColumn(name, type, -1);
  }

  private static LakeTable table(LakeStorage storage, String name, TableSchema schema) {
    FileStatus location = new FileStatus(0, true, 1, 0, 0, new Path(ROOT, name));
    return new LakeTable(new TableSource(name, location, storage, schema));
  }

  private static LakeStorage storage() {
    Configuration conf = new Configuration(false);
    try {
      return new LakeStorage(FileSystem.getLocal(conf), conf, LakeOptions.DEFAULTS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
