package dev.lakejdbc.driver.reliability;

import dev.lakejdbc.testdata.HivePaths;
import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.DuckDb;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * A small random Hive-layout lake, the same for the same seed: a fact table {@code f} with one to three
 * partition levels (INTEGER, DATE or VARCHAR; NULL partitions, values that need escaping, empty partition
 * directories, empty files, several files per partition, a column added in later files, decimals,
 * microsecond timestamps, pairs of them within a millisecond; nested columns: a struct, a list and a
 * list of structs, each sometimes NULL, with NULL fields and empty lists; a third of its files sorted
 * by a data column in row groups and pages of a few rows, for data filters) and two dimensions: {@code dim_p}, keyed on one of the fact's partition columns, and
 * {@code dim_i}, keyed on the fact's data column {@code i}.
 */
final class RandomLake {
  /** The SQL types the generator knows, each with a way to write a literal. */
  enum Type {
    INT("INTEGER"), BIGINT("BIGINT"), DECIMAL("DECIMAL"), DOUBLE("DOUBLE"), VARCHAR("VARCHAR"),
    DATE("DATE"), TIMESTAMP("TIMESTAMP");

    final String sql;

    Type(String sql) {
      this.sql = sql;
    }

    boolean numeric() {
      return this == INT || this == BIGINT || this == DECIMAL || this == DOUBLE;
    }

    String literal(Object v) {
      switch (this) {
        case VARCHAR: return "'" + v.toString().replace("'", "''") + "'";
        case DATE: return "DATE '" + v + "'";
        case TIMESTAMP: return "TIMESTAMP '" + timestampText((Instant) v) + "'";
        case DOUBLE: return BigDecimal.valueOf((Double) v).toPlainString();
        case DECIMAL: return ((BigDecimal) v).toPlainString();
        default: return v.toString();
      }
    }
  }

  /**
   * A column of a table: its values are drawn from {@code domain} (non-null), and literals for queries
   * come from the same domain so that comparisons hit rows.
   */
  record Column(String name, Type type, boolean partition, List<Object> domain) {}

  static final LocalDate DAY_ZERO = LocalDate.of(2026, 1, 1);
  static final Instant TIME_ZERO = Instant.parse("2026-01-01T00:00:00Z");
  private static final List<String> VARCHAR_PARTITION_VALUES = List.of("a", "B", "ab", "a/b", "x y:z",
      "100%", "a=b", "it's", "q?r", "#1", "Mixed Case", "z", "b");
  private static final List<String> NON_ASCII_VALUES = List.of("é-ü", "Ünïcode");
  private static final List<String> STRINGS = List.of("alpha", "Alpha", "beta", "gamma", "delta",
      "a%b", "O'Neil", "x_y", "", "zeta", "B");
  private static final List<String> GROUPS = List.of("g1", "g2", "g3");

  final long seed;
  final Path root;
  /** The fact's partition columns, in path order; their domains hold every non-null value used. */
  final List<Column> partitionColumns = new ArrayList<>();
  /** Whether each partition column's domain also holds NULL (a __HIVE_DEFAULT_PARTITION__ directory). */
  final List<Boolean> hasNull = new ArrayList<>();
  final List<Column> dataColumns = new ArrayList<>();
  /**
   * The scalar values inside the nested columns, named by the path that reads them from {@code f}
   * ({@code n.a}, {@code tags[1]}, {@code pts[2].x}): queries use them like columns.
   */
  final List<Column> nestedLeaves = new ArrayList<>();
  /** The partition column dim_p is keyed on. */
  Column dimPKey;
  /** Declare partition types with partitionTypes (otherwise the driver infers them). */
  final boolean declareTypes;
  /** One line per directory and file written, for replaying a failure. */
  final List<String> layout = new ArrayList<>();
  int files;
  long rows;
  private int filesWithAdded;
  /** The last file written that carries the added column. */
  private Path lastWithAdded;

  private final SplittableRandom random;

  private RandomLake(long seed, Path root) {
    this.seed = seed;
    this.root = root;
    this.random = new SplittableRandom(seed);
    this.declareTypes = random.nextBoolean();
  }

  /** Writes the lake of {@code seed} under {@code root} (which must not exist yet). */
  static RandomLake write(long seed, Path root) throws IOException {
    RandomLake lake = new RandomLake(seed, root);
    lake.generate();
    return lake;
  }

  /** The connection properties that declare the partition types, or "" when the driver infers them. */
  String properties() {
    if (!declareTypes) {
      return "";
    }
    return ";partitionTypes=" + partitionColumns.stream()
        .map(c -> "f." + c.name() + ":" + c.type().sql.toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(","));
  }

  /**
   * The lake's tables in DuckDB, read by its own Hive reader with the partition columns typed as
   * declared here, and loaded once: the lake never changes, and re-reading it for every query would
   * double the test's time.
   */
  void loadIntoDuckDb(DuckDb duck) throws SQLException {
    String glob = "*/".repeat(partitionColumns.size()) + "*.parquet";
    String types = partitionColumns.stream().map(c -> "'" + c.name() + "': " + c.type().sql)
        .collect(Collectors.joining(", ", "{", "}"));
    duck.execute("CREATE TABLE f AS SELECT * FROM read_parquet('" + root.resolve("f") + "/"
        + glob + "', hive_partitioning = true, union_by_name = true, hive_types = " + types + ")");
    for (String dim : List.of("dim_p", "dim_i")) {
      duck.execute("CREATE TABLE " + dim + " AS SELECT * FROM read_parquet('"
          + root.resolve(dim) + "/*.parquet')");
    }
  }

  /** The columns of {@code f}: data columns, nested leaves, then partition columns. */
  List<Column> factColumns() {
    List<Column> all = new ArrayList<>(dataColumns);
    all.addAll(nestedLeaves);
    all.addAll(partitionColumns);
    return all;
  }

  String describe() {
    return "lake seed " + seed + " at " + root + (declareTypes ? " (partition types declared: "
        + properties() + ")" : " (partition types inferred)") + "\n  partitions "
        + partitionColumns.stream().map(c -> c.name() + " " + c.type().sql).toList() + ", dim_p keyed on "
        + dimPKey.name() + "\n  " + String.join("\n  ", layout);
  }

  // ---------------------------------------------------------------------------------------------

  private void generate() throws IOException {
    int levels = 1 + random.nextInt(3);
    List<Type> kinds = List.of(Type.INT, Type.DATE, Type.VARCHAR);
    for (int level = 0; level < levels; level++) {
      Type type = kinds.get(random.nextInt(kinds.size()));
      int count = level == 0 ? 3 + random.nextInt(6) : level == 1 ? 2 + random.nextInt(3) : 2;
      List<Object> values = partitionValues(type, count);
      partitionColumns.add(new Column("p" + (level + 1) + type.name().toLowerCase(Locale.ROOT).charAt(0),
          type, true, values));
      hasNull.add(random.nextInt(3) == 0);
    }
    dataColumns.add(new Column("id", Type.BIGINT, false, List.of()));
    dataColumns.add(new Column("i", Type.INT, false, range(-20, 20)));
    dataColumns.add(new Column("amount", Type.DECIMAL, false, decimals(25, 2, 100_000)));
    dataColumns.add(new Column("x", Type.DOUBLE, false, doubles(25)));
    dataColumns.add(new Column("s", Type.VARCHAR, false, new ArrayList<>(STRINGS)));
    dataColumns.add(new Column("d", Type.DATE, false, dates(20, 60)));
    dataColumns.add(new Column("ts", Type.TIMESTAMP, false, timestamps(20)));
    dataColumns.add(new Column("added", Type.DECIMAL, false, decimals(15, 4, 10_000_000)));
    nestedLeaves.add(new Column("n.a", Type.INT, false, range(-5, 5)));
    nestedLeaves.add(new Column("n.b", Type.VARCHAR, false, new ArrayList<>(STRINGS)));
    nestedLeaves.add(new Column("tags[1]", Type.INT, false, range(0, 9)));
    nestedLeaves.add(new Column("pts[2].x", Type.INT, false, range(-3, 3)));
    writeFact();
    writeDimensions();
  }

  private List<Object> partitionValues(Type type, int count) {
    List<Object> pool = new ArrayList<>();
    switch (type) {
      case INT:
        for (int v = -3; v <= 25; v++) {
          pool.add(v);
        }
        break;
      case DATE:
        for (int d = 0; d < 45; d++) {
          pool.add(DAY_ZERO.plusDays(d));
        }
        break;
      default:
        pool.addAll(VARCHAR_PARTITION_VALUES);
        if (Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8")).equals(
            java.nio.charset.StandardCharsets.UTF_8)) {
          pool.addAll(NON_ASCII_VALUES);
        }
        break;
    }
    shuffle(pool);
    List<Object> values = new ArrayList<>(pool.subList(0, count));
    if (type != Type.VARCHAR) {
      values.sort(null);
    }
    return values;
  }

  private void writeFact() throws IOException {
    Path table = root.resolve("f");
    List<List<Object>> leaves = new ArrayList<>();
    leaves.add(new ArrayList<>());
    for (int level = 0; level < partitionColumns.size(); level++) {
      List<Object> values = new ArrayList<>(partitionColumns.get(level).domain());
      if (hasNull.get(level)) {
        values.add(null);
      }
      List<List<Object>> next = new ArrayList<>();
      for (List<Object> prefix : leaves) {
        for (Object v : values) {
          List<Object> leaf = new ArrayList<>(prefix);
          leaf.add(v);
          next.add(leaf);
        }
      }
      leaves = next;
    }
    long nextId = 1;
    int fileIndex = 0;
    for (List<Object> leaf : leaves) {
      Path dir = table;
      for (int level = 0; level < leaf.size(); level++) {
        dir = HivePaths.partition(dir, partitionColumns.get(level).name(), leaf.get(level));
      }
      int roll = random.nextInt(10);
      if (roll < 2 && !leaf.isEmpty()) {
        continue; // this combination is absent
      }
      if (roll == 2 && !leaf.isEmpty()) {
        // An empty partition: a directory without files (an interrupted write, or a deleted one).
        Files.createDirectories(dir);
        layout.add(table.relativize(dir) + "/ (empty directory)");
        continue;
      }
      int fileCount = 1 + (random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0);
      for (int f = 0; f < fileCount; f++) {
        // The later half of the files carries the added column (schema evolution).
        boolean withAdded = random.nextInt(2) == 0 ? fileIndex >= leaves.size() / 2 : random.nextBoolean();
        // A third of the files are sorted by a data column and cut into row groups and pages of a few
        // rows, so that data filters rule some out (and must keep every matching row).
        boolean clustered = random.nextInt(3) == 0;
        int rowCount = clustered ? 10 + random.nextInt(40)
            : random.nextInt(12) == 0 ? 0 : 1 + random.nextInt(14);
        Schema schema = factSchema(withAdded, random.nextInt(4) == 0);
        List<GenericRecord> records = new ArrayList<>();
        for (int r = 0; r < rowCount; r++) {
          records.add(factRecord(schema, nextId++, withAdded));
        }
        Path file = dir.resolve(HivePaths.partFile(f));
        String how = "";
        if (clustered) {
          String by = pick(List.of("id", "i", "amount", "x", "s", "d", "ts"));
          records.sort(byField(by, random.nextBoolean()));
          ParquetFiles.Layout small = ParquetFiles.Layout.rows(2 + random.nextInt(5), 1 + random.nextInt(3))
              .withDictionary(random.nextBoolean());
          ParquetFiles.write(file, schema, records, small);
          how = ", sorted by " + by + ", row groups of " + small.rowGroupRows() + ", pages of "
              + small.pageRows() + (small.dictionary() ? "" : ", no dictionary");
        } else {
          ParquetFiles.write(file, schema, records);
        }
        layout.add(table.relativize(file) + ": " + rowCount + " rows" + (withAdded ? ", with added" : "")
            + how);
        files++;
        rows += rowCount;
        fileIndex++;
        filesWithAdded += withAdded ? 1 : 0;
        lastWithAdded = withAdded ? file : lastWithAdded;
      }
    }
    if (rows == 0 || filesWithAdded == 0) {
      // A table needs a row for the test to say something, and the added column must exist.
      Path dir = table;
      for (Column c : partitionColumns) {
        dir = HivePaths.partition(dir, c.name(), c.domain().get(0));
      }
      Schema schema = factSchema(true, false);
      Path file = dir.resolve("part-extra.parquet");
      ParquetFiles.write(file, schema, List.of(factRecord(schema, nextId++, true),
          factRecord(schema, nextId++, true)));
      layout.add(table.relativize(file) + ": 2 rows, with added");
      files++;
      rows += 2;
      lastWithAdded = file;
    }
    // Discovery's sample (the differential test's pruned connection samples 2 partitions) always
    // holds the table's newest file: make that one carry the added column, as a writer whose schema
    // gained a column would. Files the sample misses may or may not carry it, and are reconciled
    // by name when opened.
    Files.setLastModifiedTime(lastWithAdded,
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
    layout.add(table.relativize(lastWithAdded) + ": the newest file");
  }

  /** Orders records by one field, NULLs first or last. */
  @SuppressWarnings("unchecked")
  private static java.util.Comparator<GenericRecord> byField(String field, boolean nullsFirst) {
    java.util.Comparator<Comparable<Object>> values = java.util.Comparator.naturalOrder();
    java.util.Comparator<Comparable<Object>> withNulls = nullsFirst
        ? java.util.Comparator.nullsFirst(values) : java.util.Comparator.nullsLast(values);
    // Strings come back as Avro's Utf8 or as String: compare them as text.
    return java.util.Comparator.comparing(r -> {
      Object v = r.get(field);
      return (Comparable<Object>) (v instanceof CharSequence cs ? cs.toString() : v);
    }, withNulls);
  }

  private Schema factSchema(boolean withAdded, boolean shuffled) {
    List<Schema.Field> fields = new ArrayList<>();
    fields.add(new Schema.Field("id", Schema.create(Schema.Type.LONG)));
    fields.add(optional("i", Schema.create(Schema.Type.INT)));
    fields.add(optional("amount", LogicalTypes.decimal(9, 2).addToSchema(
        Schema.createFixed("dec_9_2", null, "lake", 4))));
    fields.add(optional("x", Schema.create(Schema.Type.DOUBLE)));
    fields.add(optional("s", Schema.create(Schema.Type.STRING)));
    fields.add(optional("d", LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT))));
    // Microseconds, as DuckDB and Spark write them (issue 19): values a few µs apart must stay apart.
    fields.add(optional("ts", LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG))));
    // Nested columns (issue 19), in every file: a struct, a list, a list of structs (parquet-avro
    // writes 2-level lists).
    Schema point = Schema.createRecord("point", null, "lake", false, List.of(
        optional("x", Schema.create(Schema.Type.INT)), optional("label", Schema.create(Schema.Type.STRING))));
    fields.add(optional("n", Schema.createRecord("nest", null, "lake", false, List.of(
        optional("a", Schema.create(Schema.Type.INT)), optional("b", Schema.create(Schema.Type.STRING))))));
    fields.add(optional("tags", Schema.createArray(Schema.create(Schema.Type.INT))));
    fields.add(optional("pts", Schema.createArray(point)));
    if (withAdded) {
      fields.add(optional("added", LogicalTypes.decimal(18, 4).addToSchema(
          Schema.create(Schema.Type.BYTES))));
    }
    if (shuffled) {
      // Files of one table need not agree on the column order: columns are matched by name.
      Collections.reverse(fields);
    }
    return Schema.createRecord("fact", null, "lake", false, fields);
  }

  private GenericRecord factRecord(Schema schema, long id, boolean withAdded) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put("id", id);
    for (Column c : dataColumns) {
      if (c.name().equals("id") || c.name().equals("added") && !withAdded) {
        continue;
      }
      r.put(c.name(), random.nextInt(8) == 0 ? null : pick(c.domain()));
    }
    Schema nest = schema.getField("n").schema().getTypes().get(1);
    r.put("n", random.nextInt(8) == 0 ? null
        : record(nest, "a", maybe(leaf("n.a")), "b", maybe(leaf("n.b"))));
    r.put("tags", random.nextInt(8) == 0 ? null : list(() -> pick(leaf("tags[1]").domain())));
    Schema point = schema.getField("pts").schema().getTypes().get(1).getElementType();
    r.put("pts", random.nextInt(8) == 0 ? null
        : list(() -> record(point, "x", maybe(leaf("pts[2].x")), "label", maybe(leaf("n.b")))));
    return r;
  }

  private Column leaf(String path) {
    return nestedLeaves.stream().filter(c -> c.name().equals(path)).findFirst().orElseThrow();
  }

  /** A value of {@code c}'s domain, or NULL one time in eight. */
  private Object maybe(Column c) {
    return random.nextInt(8) == 0 ? null : pick(c.domain());
  }

  private static GenericRecord record(Schema schema, String f1, Object v1, String f2, Object v2) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put(f1, v1);
    r.put(f2, v2);
    return r;
  }

  /** Zero to three elements: lists are empty now and then, and often shorter than a subscript. */
  private List<Object> list(java.util.function.Supplier<Object> element) {
    List<Object> values = new ArrayList<>();
    for (int n = random.nextInt(4); n > 0; n--) {
      values.add(element.get());
    }
    return values;
  }

  private void writeDimensions() throws IOException {
    // dim_p: keyed on one partition column, with most of its values, one absent from the fact,
    // sometimes a NULL key and sometimes a repeated key.
    dimPKey = partitionColumns.get(random.nextInt(partitionColumns.size()));
    List<Object> keys = new ArrayList<>();
    for (Object v : dimPKey.domain()) {
      if (random.nextInt(5) != 0) {
        keys.add(v);
      }
    }
    keys.add(absentValue(dimPKey.type()));
    if (random.nextInt(3) == 0) {
      keys.add(null);
    }
    // Sometimes a key twice: each fact row of its partition then joins two dimension rows.
    if (random.nextInt(3) == 0) {
      keys.add(keys.get(random.nextInt(keys.size())));
    }
    Schema keyType = avroType(dimPKey.type());
    Schema dimP = Schema.createRecord("dim_p", null, "lake", false, List.of(
        optional("k", keyType), optional("grp", Schema.create(Schema.Type.STRING)),
        optional("w", Schema.create(Schema.Type.INT))));
    List<GenericRecord> records = new ArrayList<>();
    for (Object k : keys) {
      GenericData.Record r = new GenericData.Record(dimP);
      r.put("k", k);
      r.put("grp", pick(GROUPS));
      r.put("w", random.nextInt(100));
      records.add(r);
    }
    ParquetFiles.write(root.resolve("dim_p").resolve(HivePaths.partFile(0)), dimP, records);
    layout.add("dim_p: keys " + keys);

    Schema dimI = Schema.createRecord("dim_i", null, "lake", false, List.of(
        optional("k", Schema.create(Schema.Type.INT)), optional("label", Schema.create(Schema.Type.STRING))));
    records = new ArrayList<>();
    for (int k = -25; k <= 25; k += 1 + random.nextInt(3)) {
      GenericData.Record r = new GenericData.Record(dimI);
      r.put("k", k);
      r.put("label", pick(GROUPS));
      records.add(r);
    }
    ParquetFiles.write(root.resolve("dim_i").resolve(HivePaths.partFile(0)), dimI, records);
  }

  private static Object absentValue(Type type) {
    switch (type) {
      case INT: return 999;
      case DATE: return LocalDate.of(2030, 1, 1);
      default: return "not in the fact";
    }
  }

  private static Schema avroType(Type type) {
    switch (type) {
      case INT: return Schema.create(Schema.Type.INT);
      case DATE: return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      default: return Schema.create(Schema.Type.STRING);
    }
  }

  private static Schema.Field optional(String name, Schema type) {
    return new Schema.Field(name, Schema.createUnion(Schema.create(Schema.Type.NULL), type), null,
        Schema.Field.NULL_DEFAULT_VALUE);
  }

  private List<Object> range(int from, int to) {
    List<Object> values = new ArrayList<>();
    for (int v = from; v <= to; v++) {
      values.add(v);
    }
    return values;
  }

  private List<Object> decimals(int count, int scale, int maxUnscaled) {
    List<Object> values = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      values.add(BigDecimal.valueOf(random.nextInt(2 * maxUnscaled) - maxUnscaled, scale));
    }
    return values;
  }

  private List<Object> doubles(int count) {
    // Non-negative with three decimals: sums of a few hundred stay within 10 significant digits.
    List<Object> values = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      values.add(random.nextInt(1_000_000) / 1000.0);
    }
    return values;
  }

  private List<Object> dates(int count, int span) {
    List<Object> values = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      values.add(DAY_ZERO.plusDays(random.nextInt(span)));
    }
    return values;
  }

  /** Microsecond timestamps over 40 days; every other one within a millisecond of the one before. */
  private List<Object> timestamps(int count) {
    List<Object> values = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      Instant t = n % 2 == 1
          ? ((Instant) values.get(n - 1)).plus(1 + random.nextInt(999), java.time.temporal.ChronoUnit.MICROS)
          : TIME_ZERO.plus(random.nextLong(40L * 86_400_000_000L), java.time.temporal.ChronoUnit.MICROS);
      values.add(t);
    }
    return values;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  private void shuffle(List<Object> values) {
    for (int i = values.size() - 1; i > 0; i--) {
      Collections.swap(values, i, random.nextInt(i + 1));
    }
  }

  static String timestampText(Instant t) {
    String text = t.toString().replace('T', ' ').replace("Z", "");
    return text.length() == 16 ? text + ":00" : text;
  }
}
