package dev.lakejdbc.driver.reliability;

import dev.lakejdbc.testing.DuckDb;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Files that peers' data filters got wrong, one table per trap, written by DuckDB, by parquet-java the
 * way Spark writes (its low-level writer, so that every physical type can be chosen), and as old
 * parquet-mr versions left them (footers patched by {@link FooterPatch}). Most tables hold several
 * small row groups, each of one kind of value, so that a wrong statistics decision drops a whole
 * group of matching rows.
 */
final class DataFilterCorpus {
  static final String LONG_PREFIX = "a".repeat(70);
  /** Strings whose orders differ: UTF-16 sorts U+FFFD after U+1F600, bytes (code points) before. */
  static final List<String> STRINGS = List.of("a", "b", "é", "ü", "日本", "😀", "\uFFFD", "", "z",
      LONG_PREFIX + "b", LONG_PREFIX + "c", LONG_PREFIX);

  private DataFilterCorpus() {}

  static void write(Path lake, DuckDb duck) throws Exception {
    floats(lake.resolve("floats"), duck);
    duckMixed(lake.resolve("duck_mixed"), duck);
    strings(lake.resolve("strings"));
    decimals(lake.resolve("decimals"));
    widened(lake.resolve("widened"));
    times(lake.resolve("times"));
    dictionaryFallback(lake.resolve("dictionary"));
    bloom(lake.resolve("bloom"));
    noStatistics(lake.resolve("nostats"));
    oldWriter(lake.resolve("oldwriter"));
    signedStatistics(lake.resolve("signedstats"));
  }

  // --- written by DuckDB ----------------------------------------------------------------------

  /** One file (one row group) per kind: finite values, NaN only, NaN with 3, -0.0, +0.0, NULL and infinities. */
  private static void floats(Path table, DuckDb duck) throws SQLException, IOException {
    Files.createDirectories(table);
    List<String> groups = List.of("1.0, 2.0, 3.0", "'NaN', 'NaN'", "3.0, 'NaN'", "'-0.0', '-0.0'",
        "0.0", "NULL, 5.0, 'Infinity', '-Infinity'");
    int id = 0;
    for (int g = 0; g < groups.size(); g++) {
      List<String> rows = new ArrayList<>();
      for (String v : groups.get(g).split(", ")) {
        rows.add("(" + id++ + ", " + v + "::DOUBLE, " + v + "::FLOAT, " + (id % 3) + "::DOUBLE)");
      }
      duck.execute("COPY (SELECT * FROM (VALUES " + String.join(", ", rows) + ") t(id, x, r, y)) TO '"
          + table.resolve("part-" + g + ".parquet") + "' (FORMAT PARQUET)");
    }
  }

  /** DuckDB's own types: DECIMAL(12,2) on INT64, DECIMAL(38,4), VARCHAR, BOOLEAN, DATE, TIMESTAMP. */
  private static void duckMixed(Path table, DuckDb duck) throws SQLException, IOException {
    Files.createDirectories(table);
    for (int g = 0; g < 4; g++) {
      duck.execute("COPY (SELECT i AS id, CAST((i - 20) * 1.25 AS DECIMAL(12,2)) AS amount, "
          + "CAST(i * 1000000000000.0001 AS DECIMAL(38,4)) AS big, "
          + "CASE WHEN i % 5 = 0 THEN NULL ELSE 's' || lpad(CAST(i AS VARCHAR), 3, '0') END AS s, "
          + "i % 2 = 0 AS flag, DATE '2026-01-01' + CAST(i AS INTEGER) AS d, "
          + "TIMESTAMP '2026-01-01 00:00:00' + to_seconds(i * 3600) AS ts "
          + "FROM range(" + (g * 10) + ", " + (g * 10 + 10) + ") t(i)) TO '"
          + table.resolve("part-" + g + ".parquet") + "' (FORMAT PARQUET)");
    }
  }

  // --- written by parquet-java ----------------------------------------------------------------

  /** A file of the given schema, rows filled by {@code rows}, laid out by {@code options}. */
  private static void parquet(Path file, String schema, List<Consumer<Group>> rows,
      Consumer<ExampleParquetWriter.Builder> options) throws IOException {
    MessageType type = MessageTypeParser.parseMessageType(schema);
    SimpleGroupFactory groups = new SimpleGroupFactory(type);
    Files.createDirectories(file.getParent());
    ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(type).withConf(new Configuration(false));
    options.accept(builder);
    try (ParquetWriter<Group> writer = builder.build()) {
      for (Consumer<Group> row : rows) {
        Group g = groups.newGroup();
        row.accept(g);
        writer.write(g);
      }
    }
  }

  /** Every string two rows apart from its neighbours in row groups of 2 rows, stats truncated to 8 bytes. */
  private static void strings(Path table) throws IOException {
    List<Consumer<Group>> rows = new ArrayList<>();
    int id = 0;
    for (String s : STRINGS) {
      int row = id++;
      rows.add(g -> g.append("id", row).append("s", s));
    }
    rows.add(g -> g.append("id", 99));
    parquet(table.resolve("part-0.parquet"), "message m { required int32 id; optional binary s (STRING); }",
        rows, b -> b.withRowGroupRowCountLimit(2).withPageRowCountLimit(1)
            .withStatisticsTruncateLength(8).withColumnIndexTruncateLength(8));
  }

  /** DECIMAL(9,2) on INT32, (12,2) on INT64, on FIXED(6) and on BINARY: one column, four storages. */
  private static void decimals(Path table) throws IOException {
    String[] storages = {"int32 d (DECIMAL(9,2))", "int64 d (DECIMAL(12,2))",
        "fixed_len_byte_array(6) d (DECIMAL(12,2))", "binary d (DECIMAL(12,2))"};
    long[] unscaled = {-1, 0, 1, 1234, -1234, 999_999, 10_000_005, -99_999_999};
    for (int f = 0; f < storages.length; f++) {
      int storage = f;
      List<Consumer<Group>> rows = new ArrayList<>();
      for (int i = 0; i < unscaled.length; i++) {
        long u = unscaled[i] + f;
        int id = f * 100 + i;
        rows.add(g -> {
          g.append("id", id);
          switch (storage) {
            case 0 -> g.append("d", (int) u);
            case 1 -> g.append("d", u);
            case 2 -> g.append("d", Binary.fromConstantByteArray(twosComplement(BigInteger.valueOf(u), 6)));
            default -> g.append("d", Binary.fromConstantByteArray(BigInteger.valueOf(u).toByteArray()));
          }
        });
      }
      parquet(table.resolve("part-" + f + ".parquet"), "message m { required int32 id; optional "
          + storages[f] + "; }", rows, b -> b.withRowGroupRowCountLimit(2).withDictionaryEncoding(storage % 2 == 0));
    }
  }

  /** v is INT32 in one file and INT64 (past INT32's range) in the other; w only in the second. */
  private static void widened(Path table) throws IOException {
    List<Consumer<Group>> small = new ArrayList<>();
    for (int i = -3; i <= 3; i++) {
      int v = i;
      small.add(g -> g.append("v", v));
    }
    parquet(table.resolve("part-0.parquet"), "message m { optional int32 v; }", small,
        b -> b.withRowGroupRowCountLimit(3));
    List<Consumer<Group>> large = new ArrayList<>();
    for (long v : new long[] {-5_000_000_000L, 1, 2_147_483_647L, 2_147_483_648L, 5_000_000_000L}) {
      large.add(g -> g.append("v", v).append("w", (int) (v % 7)));
    }
    parquet(table.resolve("part-1.parquet"), "message m { optional int64 v; optional int32 w; }", large,
        b -> b.withRowGroupRowCountLimit(2));
  }

  /** INT96 (no statistics order), TIMESTAMP(MICROS), TIMESTAMP(NANOS) read as milliseconds, DATE. */
  private static void times(Path table) throws IOException {
    List<Consumer<Group>> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      LocalDateTime t = LocalDateTime.of(2026, 3, 1 + i, 10, 0).plusNanos(123_456_789);
      long micros = t.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + t.getNano() / 1_000;
      long nanos = t.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000 + t.getNano();
      int day = (int) t.toLocalDate().toEpochDay();
      rows.add(g -> g.append("t96", Binary.fromConstantByteArray(int96(t))).append("tus", micros)
          .append("tns", nanos).append("d", day));
    }
    parquet(table.resolve("part-0.parquet"), "message m { optional int96 t96; "
        + "optional int64 tus (TIMESTAMP(MICROS,false)); optional int64 tns (TIMESTAMP(NANOS,false)); "
        + "optional int32 d (DATE); }", rows, b -> b.withRowGroupRowCountLimit(2));
  }

  /**
   * A chunk whose dictionary fills up after a few values, so that its later pages are PLAIN: the
   * dictionary then does not hold every value of the chunk and must not rule it out.
   */
  private static void dictionaryFallback(Path table) throws IOException {
    List<Consumer<Group>> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      String s = "value-" + i + "-" + "x".repeat(20);
      String low = "k" + (i % 3);
      rows.add(g -> g.append("s", s).append("low", low));
    }
    parquet(table.resolve("part-0.parquet"), "message m { required binary s (STRING); "
        + "required binary low (STRING); }", rows,
        b -> b.withDictionaryPageSize(256).withPageRowCountLimit(20).withRowGroupRowCountLimit(100));
  }

  /** A bloom filter on a column whose values interleave, so that only the bloom filter can rule out. */
  private static void bloom(Path table) throws IOException {
    List<Consumer<Group>> rows = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      long k = i % 2 == 0 ? i * 2L : 10_000 - i * 2L;
      rows.add(g -> g.append("k", k));
    }
    parquet(table.resolve("part-0.parquet"), "message m { required int64 k; }", rows,
        b -> b.withRowGroupRowCountLimit(200).withDictionaryEncoding(false).withBloomFilterEnabled("k", true));
  }

  private static void noStatistics(Path table) throws IOException {
    List<Consumer<Group>> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      int v = i;
      rows.add(g -> g.append("v", v).append("s", "s" + v));
    }
    parquet(table.resolve("part-0.parquet"), "message m { required int32 v; required binary s (STRING); }",
        rows, b -> b.withRowGroupRowCountLimit(5).withStatisticsEnabled(false));
  }

  /** Binary statistics parquet-mr before 1.8 wrote wrongly (PARQUET-251): parquet-java ignores them. */
  private static void oldWriter(Path table) throws IOException {
    List<Consumer<Group>> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      int v = i;
      rows.add(g -> g.append("v", v).append("s", String.format("s%02d", v)));
    }
    Path file = table.resolve("part-0.parquet");
    parquet(file, "message m { required int32 v; required binary s (STRING); }", rows,
        b -> b.withRowGroupRowCountLimit(5).withDictionaryEncoding(false));
    FooterPatch.patch(file, FooterPatch.oldWriter(
        "parquet-mr version 1.6.0 (build 6aa21f8776625b5fa6b18059cfebe7549f2e00cb)"));
  }

  /** A string column whose only statistics are old signed-order min/max (PARQUET-686). */
  private static void signedStatistics(Path table) throws IOException {
    List<List<String>> groups = List.of(List.of("a", "é"), List.of("b", "ü"), List.of("c", "z"));
    List<Consumer<Group>> rows = new ArrayList<>();
    for (List<String> group : groups) {
      for (String s : group) {
        rows.add(g -> g.append("s", s));
      }
    }
    Path file = table.resolve("part-0.parquet");
    parquet(file, "message m { required binary s (STRING); }", rows,
        b -> b.withRowGroupRowCountLimit(2).withDictionaryEncoding(false));
    FooterPatch.patch(file, FooterPatch.oldWriter(
        "parquet-mr version 1.9.0 (build 38262e2c80015d0935dad20f8e18f2d6f9fbd03c)"));
    FooterPatch.patch(file, FooterPatch.signedStringStatistics("s", groups));
  }

  // --- helpers ---------------------------------------------------------------------------------

  private static byte[] twosComplement(BigInteger value, int length) {
    byte[] minimal = value.toByteArray();
    byte[] out = new byte[length];
    byte sign = (byte) (value.signum() < 0 ? 0xFF : 0);
    for (int i = 0; i < length; i++) {
      int j = i - (length - minimal.length);
      out[i] = j < 0 ? sign : minimal[j];
    }
    return out;
  }

  /** INT96: nanoseconds of the day, then the Julian day, little-endian. */
  private static byte[] int96(LocalDateTime t) {
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(t.toLocalTime().toNanoOfDay());
    b.putInt((int) (t.toLocalDate().toEpochDay() + 2_440_588));
    return b.array();
  }
}
