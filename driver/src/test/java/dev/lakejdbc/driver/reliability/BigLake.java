package dev.lakejdbc.driver.reliability;

import dev.lakejdbc.testdata.HivePaths;
import dev.lakejdbc.testdata.ParquetFiles;
import dev.lakejdbc.testing.TemporaryDirectories;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * A lake whose scans take seconds: table {@code big}, {@value #FILES} partitions {@code p=0 ...} of one
 * file each, every file a copy of one {@value #ROWS_PER_FILE}-row file ({@code id} bigint, {@code x}
 * double, {@code s} a random 24-character string): 10 million rows, about 0.5 GB decoded. Written once
 * per JVM (copying is quick), never modified.
 */
public final class BigLake {
  static final int FILES = 2_000;
  static final int ROWS_PER_FILE = 5_000;
  static final long ROWS = (long) FILES * ROWS_PER_FILE;

  private static Path root;

  private BigLake() {}

  static synchronized Path root() {
    if (root == null) {
      try {
        root = write(TemporaryDirectories.deletedAtExit("lake-jdbc-big").resolve("lake"), FILES,
            ROWS_PER_FILE);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return root;
  }

  /**
   * Writes a lake of this shape, {@code files} copies of one file, under {@code lake}; returns it. The
   * file copied is written beside {@code lake}, as {@code template.parquet}.
   */
  public static Path write(Path lake, int files, int rowsPerFile) throws IOException {
    Schema schema = SchemaBuilder.record("big").fields().requiredLong("id").requiredDouble("x")
        .requiredString("s").endRecord();
    SplittableRandom random = new SplittableRandom(7);
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < rowsPerFile; i++) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("id", (long) i);
      r.put("x", random.nextInt(1_000_000) / 100.0);
      StringBuilder s = new StringBuilder();
      for (int c = 0; c < 24; c++) {
        s.append((char) ('a' + random.nextInt(26)));
      }
      r.put("s", s.toString());
      records.add(r);
    }
    Path template = lake.resolveSibling("template.parquet");
    ParquetFiles.write(template, schema, records);
    Path table = lake.resolve("big");
    for (int p = 0; p < files; p++) {
      Path dir = HivePaths.partition(table, "p", p);
      Files.createDirectories(dir);
      Files.copy(template, dir.resolve(HivePaths.partFile(0)));
    }
    return lake;
  }
}
