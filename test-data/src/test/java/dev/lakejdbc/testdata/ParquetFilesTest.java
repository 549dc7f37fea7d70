package dev.lakejdbc.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetFilesTest {
  private static final Schema SCHEMA = AvroSchemas.record("t", List.of(
      AvroSchemas.required("amount", AvroSchemas.decimal(12, 2)),
      AvroSchemas.required("day", AvroSchemas.date()),
      AvroSchemas.required("at", AvroSchemas.timestampMillis()),
      AvroSchemas.optional("note", AvroSchemas.STRING)));

  @TempDir Path dir;

  @Test
  void roundTripsLogicalTypesAndCreatesParentDirectories() throws IOException {
    Path file = dir.resolve("a/b=1/part-00000.parquet");
    ParquetFiles.write(file, SCHEMA, List.of(
        row(new BigDecimal("-1234567890.12"), LocalDate.of(2026, 2, 28),
            Instant.parse("2026-05-06T07:08:09.123Z"), "x"),
        row(new BigDecimal("0.05"), LocalDate.of(1970, 1, 1), Instant.EPOCH, null)));

    List<GenericRecord> back = ParquetFiles.read(file);
    assertEquals(2, back.size());
    assertEquals(new BigDecimal("-1234567890.12"), back.get(0).get("amount"));
    assertEquals(LocalDate.of(2026, 2, 28), back.get(0).get("day"));
    assertEquals(Instant.parse("2026-05-06T07:08:09.123Z"), back.get(0).get("at"));
    assertEquals("x", LakeTree.str(back.get(0), "note"));
    assertNull(back.get(1).get("note"));
    assertEquals(List.of("a/b=1/part-00000.parquet"), List.copyOf(LakeTree.files(dir).keySet()));
  }

  @Test
  void decimalsUseTheSmallestFixed() {
    assertEquals(6, AvroSchemas.decimal(12, 2).getFixedSize());
    assertEquals(3, AvroSchemas.decimal(5, 2).getFixedSize());
    assertEquals(5, AvroSchemas.decimal(10, 2).getFixedSize());
    assertEquals(1, AvroSchemas.decimal(2, 0).getFixedSize());
    assertEquals(2, AvroSchemas.decimal(3, 0).getFixedSize()); // 999 needs 11 bits
  }

  @Test
  void refusesToOverwriteAFile() throws IOException {
    Path file = dir.resolve("part-00000.parquet");
    ParquetFiles.write(file, SCHEMA, List.of());
    assertThrows(FileAlreadyExistsException.class, () -> ParquetFiles.write(file, SCHEMA, List.of()));
  }

  private static GenericRecord row(BigDecimal amount, LocalDate day, Instant at, String note) {
    GenericRecord r = new GenericData.Record(SCHEMA);
    r.put("amount", amount);
    r.put("day", day);
    r.put("at", at);
    r.put("note", note);
    return r;
  }
}
