package dev.lakejdbc.bench;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * TPC-DS at a scale factor, written as a Hive lake the way Spark's TPC-DS kit (spark-sql-perf) lays
 * it out: 24 tables (TPC-DS's base tables without {@code dbgen_version}), one directory each; the seven
 * fact tables partitioned by their date key ({@link #PARTITION_KEYS}), one file per partition, rows
 * with a NULL key under {@code <key>=__HIVE_DEFAULT_PARTITION__}, the key only in the directory name;
 * each dimension one file. Rows come from Trino's Java port of dsdgen ({@code io.trino.tpcds:tpcds}),
 * so the lake is the same for the same scale factor, whatever the number of threads.
 *
 * <p>Types (the TPC-DS specification's, as spark-sql-perf declares them): identifiers and integers
 * INT32 (INTEGER), ticket and order numbers INT64 (BIGINT), {@code decimal(p,s)} DECIMAL(p,s) (on
 * INT32 up to 9 digits, as Spark writes them, else INT64), dates DATE, char/varchar UTF-8 strings.
 * SNAPPY, written through java.nio ({@link LocalOutputFile}: no Hadoop FileSystem, no {@code .crc}).
 */
final class TpcdsLake {
  /** The fact tables and the date key each is partitioned by, as in spark-sql-perf. */
  static final Map<String, String> PARTITION_KEYS = Map.of(
      "store_sales", "ss_sold_date_sk",
      "catalog_sales", "cs_sold_date_sk",
      "web_sales", "ws_sold_date_sk",
      "store_returns", "sr_returned_date_sk",
      "catalog_returns", "cr_returned_date_sk",
      "web_returns", "wr_returned_date_sk",
      "inventory", "inv_date_sk");

  /** Largest first, so that two threads finish at about the same time. */
  static final List<String> TABLES = List.of(
      "store_sales", "catalog_sales", "web_sales", "inventory", "store_returns", "catalog_returns",
      "web_returns", "customer_demographics", "customer", "customer_address", "item", "time_dim",
      "date_dim", "catalog_page", "web_page", "promotion", "household_demographics", "store",
      "call_center", "web_site", "warehouse", "reason", "ship_mode", "income_band");

  static final String HIVE_NULL = "__HIVE_DEFAULT_PARTITION__";
  static final String STAMP = ".lake-jdbc-tpcds";
  static final String GENERATOR = "io.trino.tpcds:tpcds:1.4";
  /** Bump when the layout or the types change, so that an older lake is not reused. */
  private static final int FORMAT = 1;
  /** Rows a dimension buffers before they go to its file. */
  private static final int DIMENSION_BATCH = 65_536;

  private TpcdsLake() {}

  /** What determines the lake's bytes. */
  static String fingerprint(double scale) {
    return "TPC-DS scale=" + scale(scale) + " generator=" + GENERATOR + " layout=spark-sql-perf format="
        + FORMAT;
  }

  static String scale(double scale) {
    return scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale);
  }

  /**
   * Generates the lake under {@code root} unless an identical one is there (its stamp file, written
   * last, says so). Refuses to write into a directory that holds anything else.
   *
   * @return true if it generated, false if it reused
   */
  static boolean ensure(Path root, double scale, int threads) throws IOException {
    Path stamp = root.resolve(STAMP);
    String fingerprint = fingerprint(scale);
    if (Files.exists(stamp)) {
      String existing = Files.readString(stamp, StandardCharsets.UTF_8);
      if (existing.equals(fingerprint)) {
        return false;
      }
      throw new IllegalStateException("Directory " + root + " holds a lake generated as [" + existing
          + "], not [" + fingerprint + "]: delete it first");
    }
    if (Files.isDirectory(root)) {
      try (Stream<Path> entries = Files.list(root)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalStateException("Refusing to generate TPC-DS into the non-empty directory "
              + root + " (no " + STAMP + " stamp: an interrupted generation?): delete it first");
        }
      }
    }
    Files.createDirectories(root);
    generate(root, scale, threads);
    Files.writeString(stamp, fingerprint, StandardCharsets.UTF_8);
    return true;
  }

  /** Writes every table, each on one thread of a pool of {@code threads}. */
  static void generate(Path root, double scale, int threads) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "tpcds-generator");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> tasks = new ArrayList<>();
      for (String table : TABLES) {
        tasks.add(pool.submit(() -> {
          writeTable(root, Table.getTable(table), scale);
          return null;
        }));
      }
      for (Future<?> task : tasks) {
        try {
          task.get();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof IOException io) {
            throw io;
          }
          if (cause instanceof RuntimeException re) {
            throw re;
          }
          throw new IOException(cause);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** The kinds of column this lake writes. */
  enum Kind { INT, LONG, DECIMAL_INT, DECIMAL_LONG, DATE, STRING }

  /** A written column: its name, kind, position in the generator's row, and decimal scale. */
  record Col(String name, Kind kind, int source, int precision, int scale) {
    static Col of(Column c) {
      ColumnType type = c.getType();
      String name = c.getName();
      return switch (type.getBase()) {
        case IDENTIFIER -> new Col(name, name.endsWith("_ticket_number") || name.endsWith("_order_number")
            ? Kind.LONG : Kind.INT, c.getPosition(), 0, 0);
        case INTEGER -> new Col(name, Kind.INT, c.getPosition(), 0, 0);
        case DECIMAL -> {
          int p = type.getPrecision().orElseThrow();
          int s = type.getScale().orElseThrow();
          yield new Col(name, p <= 9 ? Kind.DECIMAL_INT : Kind.DECIMAL_LONG, c.getPosition(), p, s);
        }
        case DATE -> new Col(name, Kind.DATE, c.getPosition(), 0, 0);
        case CHAR, VARCHAR -> new Col(name, Kind.STRING, c.getPosition(), 0, 0);
        case TIME -> throw new IllegalArgumentException("no TIME column is written: " + name);
      };
    }

    Type parquetType() {
      return switch (kind) {
        case INT -> Types.optional(PrimitiveTypeName.INT32).named(name);
        case LONG -> Types.optional(PrimitiveTypeName.INT64).named(name);
        case DECIMAL_INT -> Types.optional(PrimitiveTypeName.INT32)
            .as(LogicalTypeAnnotation.decimalType(scale, precision)).named(name);
        case DECIMAL_LONG -> Types.optional(PrimitiveTypeName.INT64)
            .as(LogicalTypeAnnotation.decimalType(scale, precision)).named(name);
        case DATE -> Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType())
            .named(name);
        case STRING -> Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
            .named(name);
      };
    }
  }

  private static void writeTable(Path root, Table table, double scale) throws IOException {
    String name = table.getName();
    String key = PARTITION_KEYS.get(name);
    List<Col> cols = new ArrayList<>();
    int keySource = -1;
    for (Column c : table.getColumns()) {
      if (c.getName().equals(key)) {
        keySource = c.getPosition();
      } else {
        cols.add(Col.of(c));
      }
    }
    MessageType schema = new MessageType(name, cols.stream().map(Col::parquetType).toList());
    Session session = Session.getDefaultSession().withScale(scale).withTable(table);
    Path dir = root.resolve(name);
    Files.createDirectories(dir);
    Batch batch = new Batch(cols);
    if (key == null) {
      try (ParquetWriter<Integer> writer = writer(dir.resolve("part-00000.snappy.parquet"), schema, batch)) {
        for (List<List<String>> rows : Results.constructResults(table, session)) {
          batch.add(rows.get(0));
          if (batch.size() == DIMENSION_BATCH) {
            batch.writeAll(writer);
            batch.clear();
          }
        }
        batch.writeAll(writer);
      }
      return;
    }
    // A fact: buffer it (compactly: only numbers) and write each partition's rows in generation order.
    IntColumn keys = new IntColumn();
    for (List<List<String>> rows : Results.constructResults(table, session)) {
      List<String> row = rows.get(0);
      batch.add(row);
      keys.add(row.get(keySource));
    }
    long[] order = new long[batch.size()];
    for (int i = 0; i < order.length; i++) {
      // NULL keys sort first; the row number keeps generation order within a partition.
      long k = keys.nulls.get(i) ? Integer.MIN_VALUE : keys.values[i];
      order[i] = (k << 32) | i;
    }
    Arrays.sort(order);
    int start = 0;
    while (start < order.length) {
      int end = start;
      long k = order[start] >> 32;
      while (end < order.length && (order[end] >> 32) == k) {
        end++;
      }
      String value = k == Integer.MIN_VALUE ? HIVE_NULL : Long.toString(k);
      Path file = dir.resolve(key + "=" + value).resolve("part-00000.snappy.parquet");
      Files.createDirectories(file.getParent());
      try (ParquetWriter<Integer> writer = writer(file, schema, batch)) {
        for (int i = start; i < end; i++) {
          writer.write((int) order[i]);
        }
      }
      start = end;
    }
  }

  private static ParquetWriter<Integer> writer(Path file, MessageType schema, Batch batch)
      throws IOException {
    return new Builder(new LocalOutputFile(file), new BatchWriteSupport(schema, batch))
        .withConf(new PlainParquetConfiguration())
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withWriteMode(ParquetFileWriter.Mode.CREATE)
        .build();
  }

  private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
    private final WriteSupport<Integer> support;

    Builder(OutputFile file, WriteSupport<Integer> support) {
      super(file);
      this.support = support;
    }

    @Override protected Builder self() {
      return this;
    }

    @Override protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
      return support;
    }

    @Override protected WriteSupport<Integer> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }

  /** Writes row {@code i} of a {@link Batch}: the record is the row's index. */
  private static final class BatchWriteSupport extends WriteSupport<Integer> {
    private final MessageType schema;
    private final Batch batch;
    private RecordConsumer out;

    BatchWriteSupport(MessageType schema, Batch batch) {
      this.schema = schema;
      this.batch = batch;
    }

    @Override public WriteContext init(Configuration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override public void prepareForWrite(RecordConsumer recordConsumer) {
      this.out = recordConsumer;
    }

    @Override public void write(Integer row) {
      out.startMessage();
      batch.write(row, out);
      out.endMessage();
    }
  }

  /** Rows column by column, parsed from the generator's strings. */
  static final class Batch {
    private final List<Col> cols;
    private final Object[] columns;
    private int size;

    Batch(List<Col> cols) {
      this.cols = cols;
      this.columns = new Object[cols.size()];
      clear();
    }

    int size() {
      return size;
    }

    void clear() {
      for (int c = 0; c < columns.length; c++) {
        columns[c] = switch (cols.get(c).kind()) {
          case INT, DECIMAL_INT, DATE -> new IntColumn();
          case LONG, DECIMAL_LONG -> new LongColumn();
          case STRING -> new StringColumn();
        };
      }
      size = 0;
    }

    void add(List<String> row) {
      for (int c = 0; c < columns.length; c++) {
        Col col = cols.get(c);
        String v = row.get(col.source());
        switch (col.kind()) {
          case INT -> ((IntColumn) columns[c]).add(v);
          case LONG -> ((LongColumn) columns[c]).add(v == null ? null : Long.parseLong(v), v == null);
          case DECIMAL_INT -> ((IntColumn) columns[c]).add(v == null ? 0 : Math.toIntExact(
              unscaled(v, col.scale())), v == null);
          case DECIMAL_LONG -> ((LongColumn) columns[c]).add(v == null ? 0 : unscaled(v, col.scale()),
              v == null);
          case DATE -> ((IntColumn) columns[c]).add(v == null ? 0 : Math.toIntExact(
              LocalDate.parse(v).toEpochDay()), v == null);
          case STRING -> ((StringColumn) columns[c]).add(v);
        }
      }
      size++;
    }

    void writeAll(ParquetWriter<Integer> writer) throws IOException {
      for (int i = 0; i < size; i++) {
        writer.write(i);
      }
    }

    void write(int row, RecordConsumer out) {
      for (int c = 0; c < columns.length; c++) {
        Col col = cols.get(c);
        switch (col.kind()) {
          case INT, DECIMAL_INT, DATE -> {
            IntColumn ints = (IntColumn) columns[c];
            if (!ints.nulls.get(row)) {
              out.startField(col.name(), c);
              out.addInteger(ints.values[row]);
              out.endField(col.name(), c);
            }
          }
          case LONG, DECIMAL_LONG -> {
            LongColumn longs = (LongColumn) columns[c];
            if (!longs.nulls.get(row)) {
              out.startField(col.name(), c);
              out.addLong(longs.values[row]);
              out.endField(col.name(), c);
            }
          }
          case STRING -> {
            String s = ((StringColumn) columns[c]).values.get(row);
            if (s != null) {
              out.startField(col.name(), c);
              out.addBinary(Binary.fromString(s));
              out.endField(col.name(), c);
            }
          }
        }
      }
    }
  }

  /**
   * The unscaled value of a decimal string ({@code -12.3} at scale 2 is -1230), without BigDecimal:
   * the facts hold tens of millions of them.
   */
  static long unscaled(String s, int scale) {
    int i = 0;
    boolean negative = false;
    if (s.charAt(0) == '-' || s.charAt(0) == '+') {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    long v = 0;
    int fraction = -1;
    for (; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '.') {
        if (fraction >= 0) {
          throw new NumberFormatException(s);
        }
        fraction = 0;
        continue;
      }
      if (ch < '0' || ch > '9') {
        throw new NumberFormatException(s);
      }
      if (fraction >= 0 && ++fraction > scale) {
        throw new NumberFormatException(s + " has more than " + scale + " decimals");
      }
      v = Math.addExact(Math.multiplyExact(v, 10), ch - '0');
    }
    for (int f = Math.max(fraction, 0); f < scale; f++) {
      v = Math.multiplyExact(v, 10);
    }
    return negative ? -v : v;
  }

  static final class IntColumn {
    int[] values = new int[1024];
    final BitSet nulls = new BitSet();
    int size;

    void add(String v) {
      add(v == null ? 0 : Integer.parseInt(v), v == null);
    }

    void add(int v, boolean isNull) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      if (isNull) {
        nulls.set(size);
      }
      values[size++] = v;
    }
  }

  static final class LongColumn {
    long[] values = new long[1024];
    final BitSet nulls = new BitSet();
    int size;

    void add(Long v, boolean isNull) {
      add(v == null ? 0 : v.longValue(), isNull);
    }

    void add(long v, boolean isNull) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      if (isNull) {
        nulls.set(size);
      }
      values[size++] = v;
    }
  }

  static final class StringColumn {
    final List<String> values = new ArrayList<>();

    void add(String v) {
      values.add(v);
    }
  }

  /** Tables, partitions, files and bytes of a generated lake, for the report. */
  record Summary(int tables, int partitions, int files, long bytes) {
    static Summary of(Path root) throws IOException {
      Map<String, Integer> counts = new HashMap<>();
      long[] bytes = {0};
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
            .forEach(p -> {
              counts.merge("files", 1, Integer::sum);
              if (p.getParent().getFileName().toString().contains("=")) {
                counts.merge("partitions", 1, Integer::sum);
              }
              try {
                bytes[0] += Files.size(p);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
      }
      return new Summary(TABLES.size(), counts.getOrDefault("partitions", 0),
          counts.getOrDefault("files", 0), bytes[0]);
    }

    String describe() {
      return String.format(Locale.ROOT, "%d tables, %,d fact partitions, %,d files, %.2f GiB", tables,
          partitions, files, bytes / (double) (1L << 30));
    }
  }
}
