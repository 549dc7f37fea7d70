package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.AvroSchemas.INT;
import static dev.lakejdbc.testdata.AvroSchemas.LONG;
import static dev.lakejdbc.testdata.AvroSchemas.STRING;
import static dev.lakejdbc.testdata.AvroSchemas.required;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The bank's lake: {@code transactions} partitioned by {@code branch_id} with the {@code dim_branches}
 * dimension (5% of branches in the West), the same rows partitioned by city ({@code txn_by_city}), and
 * {@code txn_by_date}, a fact partitioned by date but joined on branch, where dynamic pruning cannot help.
 */
public final class BankLake {
  static final List<String> TABLES = List.of("dim_branches", "transactions", "txn_by_city", "txn_by_date");

  static final LocalDate TXN_BY_DATE_START = LocalDate.of(2026, 7, 1);
  static final int TXN_BY_DATE_DAYS = 30;

  private static final Instant YEAR_START = Instant.parse("2026-01-01T00:00:00Z");
  private static final long YEAR_MILLIS = Instant.parse("2027-01-01T00:00:00Z").toEpochMilli()
      - YEAR_START.toEpochMilli();
  private static final List<String> CHANNELS = List.of("ATM", "BRANCH", "ONLINE");

  private record City(String code, String name, String region) {
    boolean west() {
      return region.equals("West");
    }
  }

  /** Branches cycle through these in order; only the first three are in the West. */
  private static final List<City> CITIES = List.of(
      new City("MUM", "Mumbai", "West"), new City("PUN", "Pune", "West"),
      new City("GOA", "Goa", "West"), new City("DEL", "Delhi", "North"),
      new City("CHN", "Chennai", "South"), new City("KOL", "Kolkata", "East"),
      new City("BLR", "Bengaluru", "South"), new City("HYD", "Hyderabad", "South"),
      new City("JAI", "Jaipur", "North"), new City("LKO", "Lucknow", "North"),
      new City("CHD", "Chandigarh", "North"), new City("KOC", "Kochi", "South"),
      new City("BBS", "Bhubaneswar", "East"), new City("PAT", "Patna", "East"),
      new City("GUW", "Guwahati", "East"), new City("AMR", "Amritsar", "North"),
      new City("MYS", "Mysuru", "South"), new City("RAN", "Ranchi", "East"),
      new City("VNS", "Varanasi", "North"), new City("CBE", "Coimbatore", "South"));

  /** One branch row; {@code index} is 0-based, the id's number is {@code index + 1}. */
  record Branch(int index, String id, String city, String region, String status) {}

  /** One transaction before it becomes a record of a particular table. */
  private record Txn(long id, int accountId, BigDecimal amount, Instant ts, String channel) {}

  /**
   * @param branches rows of {@code dim_branches} and partitions of {@code transactions} (1..999)
   * @param rowsPerBranch transactions per branch
   */
  public record Options(int branches, int rowsPerBranch, long seed) {
    public Options {
      if (branches < 1 || branches > 999 || rowsPerBranch < 1) {
        throw new IllegalArgumentException("Need branches within 1..999 and rowsPerBranch >= 1: branches="
            + branches + ", rowsPerBranch=" + rowsPerBranch);
      }
    }

    /** 200 branches, 40 rows per branch, seed 7. */
    public static Options defaults() {
      return new Options(200, 40, 7);
    }

    public Options withBranches(int value) {
      return new Options(value, rowsPerBranch, seed);
    }

    public Options withRowsPerBranch(int value) {
      return new Options(branches, value, seed);
    }

    public Options withSeed(long value) {
      return new Options(branches, rowsPerBranch, value);
    }
  }

  private BankLake() {}

  /** Writes the four tables under root; fails if any of them already exists and is not empty. */
  public static void write(Path root, Options o) throws IOException {
    LakeOutput.requireFresh(root, TABLES);
    List<Branch> branches = branches(o.branches());
    writeDimBranches(root.resolve("dim_branches"), branches);
    writeTransactions(root.resolve("transactions"), branches, o);
    writeTxnByCity(root.resolve("txn_by_city"), branches, o);
    writeTxnByDate(root.resolve("txn_by_date"), branches, o);
  }

  /** Like {@link #write}, but a no-op when root already holds a bank lake of the same options. */
  public static void ensure(Path root, Options o) throws IOException {
    LakeOutput.ensure(root, "bank", "BankLake " + o, () -> write(root, o));
  }

  /**
   * The branches in id order: MUM001, PUN002, GOA003, DEL004, ... Once {@code max(3, count / 20)} West
   * branches exist (10 of 200), the cycle skips the West cities, so that region stays a property of
   * the city and exactly 5% of branches are West. Every 40th branch is CLOSED (5 of 200).
   */
  static List<Branch> branches(int count) {
    int westQuota = Math.max(3, count / 20);
    List<Branch> branches = new ArrayList<>(count);
    int west = 0;
    int cursor = 0;
    for (int i = 0; i < count; i++) {
      City city;
      do {
        city = CITIES.get(cursor++ % CITIES.size());
      } while (city.west() && west >= westQuota);
      if (city.west()) {
        west++;
      }
      int number = i + 1;
      branches.add(new Branch(i, String.format(Locale.ROOT, "%s%03d", city.code(), number), city.name(),
          city.region(), number % 40 == 0 ? "CLOSED" : "ACTIVE"));
    }
    return branches;
  }

  private static void writeDimBranches(Path table, List<Branch> branches) throws IOException {
    Schema schema = AvroSchemas.record("dim_branches", List.of(
        required("branch_id", STRING), required("city", STRING),
        required("region", STRING), required("status", STRING)));
    List<GenericRecord> rows = new ArrayList<>();
    for (Branch b : branches) {
      GenericRecord r = new GenericData.Record(schema);
      r.put("branch_id", b.id());
      r.put("city", b.city());
      r.put("region", b.region());
      r.put("status", b.status());
      rows.add(r);
    }
    ParquetFiles.write(table.resolve(HivePaths.partFile(0)), schema, rows);
  }

  private static void writeTransactions(Path table, List<Branch> branches, Options o)
      throws IOException {
    Schema schema = txnSchema("transactions", false);
    for (Branch b : branches) {
      ParquetFiles.write(HivePaths.partition(table, "branch_id", b.id()).resolve(HivePaths.partFile(0)),
          schema, toRecords(schema, b, transactions(o, b)));
    }
  }

  /** The rows of {@code transactions} again, one file per city, with {@code branch_id} as a column. */
  private static void writeTxnByCity(Path table, List<Branch> branches, Options o) throws IOException {
    Schema schema = txnSchema("txn_by_city", true);
    Map<String, List<GenericRecord>> byCity = new LinkedHashMap<>();
    for (Branch b : branches) {
      byCity.computeIfAbsent(b.city(), c -> new ArrayList<>())
          .addAll(toRecords(schema, b, transactions(o, b)));
    }
    for (Map.Entry<String, List<GenericRecord>> city : byCity.entrySet()) {
      ParquetFiles.write(HivePaths.partition(table, "branch", city.getKey()).resolve(HivePaths.partFile(0)),
          schema, city.getValue());
    }
  }

  /** One row per branch per day, so every date partition holds every branch key. */
  private static void writeTxnByDate(Path table, List<Branch> branches, Options o) throws IOException {
    Schema schema = AvroSchemas.record("txn_by_date", List.of(
        required("txn_id", LONG), required("branch_id", STRING),
        required("amount", AvroSchemas.decimal(12, 2))));
    SplittableRandom random = random(o, 0);
    long nextId = 1;
    for (int d = 0; d < TXN_BY_DATE_DAYS; d++) {
      LocalDate date = TXN_BY_DATE_START.plusDays(d);
      List<GenericRecord> rows = new ArrayList<>(branches.size());
      for (Branch b : branches) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("txn_id", nextId++);
        r.put("branch_id", b.id());
        r.put("amount", amount(random));
        rows.add(r);
      }
      ParquetFiles.write(HivePaths.partition(table, "txn_date", date).resolve(HivePaths.partFile(0)),
          schema, rows);
    }
  }

  private static Schema txnSchema(String name, boolean withBranchId) {
    List<Field> fields = new ArrayList<>(List.of(
        required("txn_id", LONG), required("account_id", INT),
        required("amount", AvroSchemas.decimal(12, 2)), required("txn_ts", AvroSchemas.timestampMillis()),
        required("channel", STRING), required("txn_date", AvroSchemas.date())));
    if (withBranchId) {
      fields.add(1, required("branch_id", STRING));
    }
    return AvroSchemas.record(name, fields);
  }

  /**
   * A branch's transactions, from a random stream of its own so that both tables that hold them get
   * the same rows. Ids are unique across branches and increase in branch order.
   */
  private static List<Txn> transactions(Options o, Branch b) {
    SplittableRandom random = random(o, b.index() + 1);
    List<Txn> txns = new ArrayList<>(o.rowsPerBranch());
    for (int i = 0; i < o.rowsPerBranch(); i++) {
      txns.add(new Txn((long) b.index() * o.rowsPerBranch() + i + 1,
          100_000 + random.nextInt(900_000), amount(random),
          YEAR_START.plusMillis(random.nextLong(YEAR_MILLIS)),
          CHANNELS.get(random.nextInt(CHANNELS.size()))));
    }
    return txns;
  }

  private static List<GenericRecord> toRecords(Schema schema, Branch b, List<Txn> txns) {
    boolean withBranchId = schema.getField("branch_id") != null;
    List<GenericRecord> rows = new ArrayList<>(txns.size());
    for (Txn t : txns) {
      GenericRecord r = new GenericData.Record(schema);
      r.put("txn_id", t.id());
      if (withBranchId) {
        r.put("branch_id", b.id());
      }
      r.put("account_id", t.accountId());
      r.put("amount", t.amount());
      r.put("txn_ts", t.ts());
      r.put("channel", t.channel());
      r.put("txn_date", LocalDate.ofInstant(t.ts(), ZoneOffset.UTC));
      rows.add(r);
    }
    return rows;
  }

  /** 1.00 to 50,000.00. */
  private static BigDecimal amount(SplittableRandom random) {
    return BigDecimal.valueOf(100 + random.nextLong(4_999_901), 2);
  }

  /** Stream 0 is txn_by_date's, stream n the n-th branch's. */
  private static SplittableRandom random(Options o, int stream) {
    return new SplittableRandom(o.seed() * 1_000_003L + stream);
  }
}
