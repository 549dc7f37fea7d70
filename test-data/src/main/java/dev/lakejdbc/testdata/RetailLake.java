package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.AvroSchemas.DOUBLE;
import static dev.lakejdbc.testdata.AvroSchemas.INT;
import static dev.lakejdbc.testdata.AvroSchemas.LONG;
import static dev.lakejdbc.testdata.AvroSchemas.STRING;
import static dev.lakejdbc.testdata.AvroSchemas.optional;
import static dev.lakejdbc.testdata.AvroSchemas.required;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The retailer's star schema: {@code fact_orders} partitioned by {@code dt} (and optionally
 * {@code branch_id}), with the {@code dim_date} and {@code branches} dimensions that select a few of
 * its partitions (7 holidays; the West branches).
 */
public final class RetailLake {
  static final List<String> TABLES = List.of("fact_orders", "dim_date", "branches");

  /** Rows of {@code branches}; the fact uses the first {@code factBranches} of them. */
  static final int BRANCH_COUNT = 200;

  /** Holidays of the default range; other ranges get 7 evenly spaced days instead. */
  static final List<LocalDate> HOLIDAYS_2026 = List.of(
      LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 26), LocalDate.of(2026, 3, 14),
      LocalDate.of(2026, 5, 1), LocalDate.of(2026, 8, 15), LocalDate.of(2026, 10, 2),
      LocalDate.of(2026, 12, 25));

  private static final List<String> OTHER_REGIONS = List.of("North", "South", "East");

  /**
   * @param factBranches 0 for a {@code dt}-only fact, else the number of {@code branch_id} partitions
   *     under each day (at most 200)
   * @param rowsPerFile rows in each fact data file (one file per leaf partition)
   * @param withEvolution whether files from the middle of the range on gain a {@code discount} column
   */
  public record Options(LocalDate startDate, int days, int factBranches, int rowsPerFile, long seed,
      boolean withEvolution) {
    public Options {
      Objects.requireNonNull(startDate, "startDate");
      if (days < 1 || rowsPerFile < 1 || factBranches < 0 || factBranches > BRANCH_COUNT) {
        throw new IllegalArgumentException("Need days >= 1, rowsPerFile >= 1 and factBranches within 0.."
            + BRANCH_COUNT + ": days=" + days + ", rowsPerFile=" + rowsPerFile
            + ", factBranches=" + factBranches);
      }
    }

    /** 2026-01-01, 365 days, dt-only layout, 60 rows per file, seed 42, with evolution. */
    public static Options defaults() {
      return new Options(LocalDate.of(2026, 1, 1), 365, 0, 60, 42, true);
    }

    /** 2026-01-01, 365 days x 20 branches (7,300 files), 700 rows per file, seed 42, no evolution. */
    public static Options benchmark() {
      return new Options(LocalDate.of(2026, 1, 1), 365, 20, 700, 42, false);
    }

    public Options withStartDate(LocalDate value) {
      return new Options(value, days, factBranches, rowsPerFile, seed, withEvolution);
    }

    public Options withDays(int value) {
      return new Options(startDate, value, factBranches, rowsPerFile, seed, withEvolution);
    }

    public Options withFactBranches(int value) {
      return new Options(startDate, days, value, rowsPerFile, seed, withEvolution);
    }

    public Options withRowsPerFile(int value) {
      return new Options(startDate, days, factBranches, value, seed, withEvolution);
    }

    public Options withSeed(long value) {
      return new Options(startDate, days, factBranches, rowsPerFile, value, withEvolution);
    }

    public Options withEvolution(boolean value) {
      return new Options(startDate, days, factBranches, rowsPerFile, seed, value);
    }

    /** The first day whose fact files carry {@code discount} (when {@link #withEvolution}). */
    public LocalDate evolutionDate() {
      return startDate.plusDays(days / 2);
    }

    /** Leaf partitions of {@code fact_orders}, which is also its number of files. */
    public int factFiles() {
      return days * Math.max(1, factBranches);
    }
  }

  private RetailLake() {}

  /** Writes the three tables under root; fails if any of them already exists and is not empty. */
  public static void write(Path root, Options o) throws IOException {
    LakeOutput.requireFresh(root, TABLES);
    writeBranches(root.resolve("branches"));
    writeDimDate(root.resolve("dim_date"), o);
    writeFactOrders(root.resolve("fact_orders"), o);
  }

  /** Like {@link #write}, but a no-op when root already holds a retail lake of the same options. */
  public static void ensure(Path root, Options o) throws IOException {
    LakeOutput.ensure(root, "retail", "RetailLake " + o, () -> write(root, o));
  }

  /** {@code B001}, {@code B002}, ... */
  static String branchId(int number) {
    return String.format(Locale.ROOT, "B%03d", number);
  }

  /** Every 4th branch (B003, B007, ...) is West: 50 of 200, and 5 of the fact's first 20. */
  static boolean isWest(int number) {
    return number % 4 == 3;
  }

  /** The holiday dates within the fact's range: the 2026 list if it fits, else evenly spaced days. */
  static List<LocalDate> holidays(LocalDate start, int days) {
    LocalDate end = start.plusDays(days);
    if (HOLIDAYS_2026.stream().allMatch(d -> !d.isBefore(start) && d.isBefore(end))) {
      return HOLIDAYS_2026;
    }
    int count = Math.min(HOLIDAYS_2026.size(), days);
    return IntStream.range(0, count).mapToObj(i -> start.plusDays((long) i * days / count)).toList();
  }

  static void writeBranches(Path table) throws IOException {
    Schema schema = AvroSchemas.record("branches", List.of(
        required("branch_id", STRING), required("branch_name", STRING),
        required("region", STRING), required("status", STRING)));
    List<GenericRecord> rows = new ArrayList<>();
    int others = 0;
    for (int n = 1; n <= BRANCH_COUNT; n++) {
      GenericRecord r = new GenericData.Record(schema);
      r.put("branch_id", branchId(n));
      r.put("branch_name", "Store " + branchId(n));
      r.put("region", isWest(n) ? "West" : OTHER_REGIONS.get(others++ % OTHER_REGIONS.size()));
      r.put("status", n % 40 == 0 ? "CLOSED" : "ACTIVE");
      rows.add(r);
    }
    ParquetFiles.write(table.resolve(HivePaths.partFile(0)), schema, rows);
  }

  static void writeDimDate(Path table, Options o) throws IOException {
    Schema schema = AvroSchemas.record("dim_date", List.of(
        required("date_id", AvroSchemas.date()), required("date_type", STRING),
        required("day_name", STRING), required("month", INT)));
    List<LocalDate> holidays = holidays(o.startDate(), o.days());
    List<GenericRecord> rows = new ArrayList<>();
    for (int d = 0; d < o.days(); d++) {
      LocalDate date = o.startDate().plusDays(d);
      GenericRecord r = new GenericData.Record(schema);
      r.put("date_id", date);
      r.put("date_type", holidays.contains(date) ? "holiday" : isWeekend(date) ? "weekend" : "weekday");
      r.put("day_name", date.getDayOfWeek().name());
      r.put("month", date.getMonthValue());
      rows.add(r);
    }
    ParquetFiles.write(table.resolve(HivePaths.partFile(0)), schema, rows);
  }

  private static boolean isWeekend(LocalDate date) {
    return date.getDayOfWeek() == DayOfWeek.SATURDAY || date.getDayOfWeek() == DayOfWeek.SUNDAY;
  }

  private static void writeFactOrders(Path table, Options o) throws IOException {
    Schema plain = factSchema(false);
    Schema evolved = factSchema(true);
    Orders orders = new Orders(o.seed());
    for (int d = 0; d < o.days(); d++) {
      LocalDate dt = o.startDate().plusDays(d);
      boolean withDiscount = o.withEvolution() && !dt.isBefore(o.evolutionDate());
      Schema schema = withDiscount ? evolved : plain;
      Path day = HivePaths.partition(table, "dt", dt);
      List<Path> leaves = new ArrayList<>();
      if (o.factBranches() == 0) {
        leaves.add(day);
      }
      for (int b = 1; b <= o.factBranches(); b++) {
        leaves.add(HivePaths.partition(day, "branch_id", branchId(b)));
      }
      for (Path leaf : leaves) {
        ParquetFiles.write(leaf.resolve(HivePaths.partFile(0)), schema,
            orders.next(schema, withDiscount, o.rowsPerFile()));
      }
    }
  }

  private static Schema factSchema(boolean withDiscount) {
    List<Field> fields = new ArrayList<>(List.of(
        required("order_id", LONG), required("customer_id", INT),
        required("amount", AvroSchemas.decimal(12, 2)), required("qty", INT),
        required("price", DOUBLE)));
    if (withDiscount) {
      fields.add(optional("discount", AvroSchemas.decimal(5, 2)));
    }
    return AvroSchemas.record("fact_orders", fields);
  }

  /** One random stream and one id counter across all fact files, consumed in file order. */
  private static final class Orders {
    private final SplittableRandom random;
    private long nextId = 1;

    Orders(long seed) {
      this.random = new SplittableRandom(seed);
    }

    List<GenericRecord> next(Schema schema, boolean withDiscount, int count) {
      List<GenericRecord> rows = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        int qty = 1 + random.nextInt(10);
        long priceCents = 99 + random.nextInt(50_000);
        GenericRecord r = new GenericData.Record(schema);
        r.put("order_id", nextId++);
        r.put("customer_id", 1 + random.nextInt(5_000));
        r.put("qty", qty);
        r.put("price", priceCents / 100.0);
        r.put("amount", BigDecimal.valueOf(priceCents * qty, 2)); // amount = qty * price, exactly
        if (withDiscount) {
          r.put("discount", random.nextInt(10) == 0 ? null : BigDecimal.valueOf(random.nextInt(5_001), 2));
        }
        rows.add(r);
      }
      return rows;
    }
  }
}
