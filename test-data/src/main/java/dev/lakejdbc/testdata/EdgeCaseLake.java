package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.AvroSchemas.BOOLEAN;
import static dev.lakejdbc.testdata.AvroSchemas.DOUBLE;
import static dev.lakejdbc.testdata.AvroSchemas.INT;
import static dev.lakejdbc.testdata.AvroSchemas.LONG;
import static dev.lakejdbc.testdata.AvroSchemas.STRING;
import static dev.lakejdbc.testdata.AvroSchemas.optional;
import static dev.lakejdbc.testdata.AvroSchemas.required;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Layout corner cases: escaped and NULL partition values, two partition levels, a partition with two
 * files, per-file schema evolution, files readers must ignore, leading-zero partition values and a
 * single-file table.
 */
public final class EdgeCaseLake {
  static final List<String> TABLES = List.of("events", "codes", "measurements.parquet");

  /** In directory order; null is {@code __HIVE_DEFAULT_PARTITION__}. */
  static final List<String> CATEGORIES =
      Collections.unmodifiableList(Arrays.asList("books", "a/b", "x y:z", "100%", "é-ü", null));
  static final List<String> DAYS = List.of("1", "2", "10");
  /** Files under this day carry the extra {@code score} column. */
  static final String EVOLVED_DAY = "10";
  /** The leaf partition that holds two data files. */
  static final String TWO_FILE_CATEGORY = "books";
  static final String TWO_FILE_DAY = "2";
  static final int ROWS_PER_EVENT_FILE = 4;

  /** Values that look numeric but keep leading zeros, so a reader must type {@code code} VARCHAR. */
  static final List<String> CODES = List.of("05", "5", "007");
  static final int ROWS_PER_CODE = 3;
  static final int MEASUREMENTS = 12;

  private static final long SEED = 2026;
  private static final Instant YEAR_START = Instant.parse("2026-01-01T00:00:00Z");

  private EdgeCaseLake() {}

  /** Writes the three tables under root; fails if any of them already exists and is not empty. */
  public static void write(Path root) throws IOException {
    LakeOutput.requireFresh(root, TABLES);
    SplittableRandom random = new SplittableRandom(SEED);
    writeEvents(root.resolve("events"), random);
    writeCodes(root.resolve("codes"));
    writeMeasurements(root.resolve("measurements.parquet"), random);
  }

  /** Like {@link #write}, but a no-op when root already holds the edge-case lake. */
  public static void ensure(Path root) throws IOException {
    LakeOutput.ensure(root, "edge", "EdgeCaseLake v1", () -> write(root));
  }

  private static void writeEvents(Path table, SplittableRandom random) throws IOException {
    Schema plain = eventSchema(false);
    Schema evolved = eventSchema(true);
    long nextId = 1;
    for (String category : CATEGORIES) {
      for (String day : DAYS) {
        Path leaf = HivePaths.partition(HivePaths.partition(table, "category", category), "day", day);
        boolean withScore = day.equals(EVOLVED_DAY);
        int files = TWO_FILE_CATEGORY.equals(category) && TWO_FILE_DAY.equals(day) ? 2 : 1;
        for (int f = 0; f < files; f++) {
          List<GenericRecord> rows = new ArrayList<>();
          for (int i = 0; i < ROWS_PER_EVENT_FILE; i++) {
            GenericRecord r = new GenericData.Record(withScore ? evolved : plain);
            r.put("id", nextId);
            r.put("ts", YEAR_START.plusSeconds(random.nextLong(365L * 24 * 3600)));
            r.put("price", BigDecimal.valueOf(random.nextLong(1_000_000), 2));
            r.put("note", nextId % 3 == 0 ? null : "note " + nextId);
            r.put("flag", random.nextBoolean());
            if (withScore) {
              r.put("score", Math.round(random.nextDouble() * 1000) / 10.0);
            }
            rows.add(r);
            nextId++;
          }
          ParquetFiles.write(leaf.resolve(HivePaths.partFile(f)), withScore ? evolved : plain, rows);
        }
      }
    }
    writeIgnoredFiles(table);
  }

  /** What Hadoop/Spark jobs leave behind: a success marker, a checksum side file, a temp directory. */
  private static void writeIgnoredFiles(Path table) throws IOException {
    Files.write(table.resolve("_SUCCESS"), new byte[0]);
    Path leaf = HivePaths.partition(HivePaths.partition(table, "category", "books"), "day", "1");
    Files.write(leaf.resolve(".part-00000.parquet.crc"), new byte[] {'c', 'r', 'c', 0, 0, 0, 2, 0x7f});
    Path temporary = Files.createDirectories(table.resolve("_temporary").resolve("0"));
    Files.writeString(temporary.resolve("junk.parquet"), "not a parquet file\n", StandardCharsets.UTF_8);
  }

  private static Schema eventSchema(boolean withScore) {
    List<Field> fields = new ArrayList<>(List.of(
        required("id", LONG), required("ts", AvroSchemas.timestampMillis()),
        required("price", AvroSchemas.decimal(10, 2)), optional("note", STRING),
        required("flag", BOOLEAN)));
    if (withScore) {
      fields.add(required("score", DOUBLE));
    }
    return AvroSchemas.record("events", fields);
  }

  private static void writeCodes(Path table) throws IOException {
    Schema schema = AvroSchemas.record("codes", List.of(required("id", INT), required("label", STRING)));
    int nextId = 1;
    for (String code : CODES) {
      List<GenericRecord> rows = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_CODE; i++) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("id", nextId++);
        r.put("label", "code " + code + " #" + (i + 1));
        rows.add(r);
      }
      ParquetFiles.write(HivePaths.partition(table, "code", code).resolve(HivePaths.partFile(0)),
          schema, rows);
    }
  }

  private static void writeMeasurements(Path file, SplittableRandom random) throws IOException {
    Schema schema = AvroSchemas.record("measurements", List.of(
        required("sensor", STRING), required("reading", DOUBLE), required("taken", AvroSchemas.date())));
    List<GenericRecord> rows = new ArrayList<>();
    for (int i = 0; i < MEASUREMENTS; i++) {
      GenericRecord r = new GenericData.Record(schema);
      r.put("sensor", "sensor-" + (char) ('A' + i % 4));
      r.put("reading", Math.round(random.nextDouble() * 10_000) / 100.0);
      r.put("taken", LocalDate.of(2026, 3, 1).plusDays(i));
      rows.add(r);
    }
    ParquetFiles.write(file, schema, rows);
  }
}
