package dev.lakejdbc.testdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateLakeTest {
  /** Small retail options so that tests which generate several lakes stay fast. */
  private static final RetailLake.Options SMALL_RETAIL =
      RetailLake.Options.defaults().withDays(20).withFactBranches(2).withRowsPerFile(7);

  @TempDir Path dir;

  @Test
  void sameOptionsGiveByteIdenticalTrees() throws IOException {
    GenerateLake.writeAll(dir.resolve("a"), 1);
    GenerateLake.writeAll(dir.resolve("b"), 1);
    SortedMap<String, byte[]> a = LakeTree.files(dir.resolve("a"));
    SortedMap<String, byte[]> b = LakeTree.files(dir.resolve("b"));
    assertEquals(a.keySet(), b.keySet());
    a.forEach((path, bytes) -> assertArrayEquals(bytes, b.get(path), path));
    // 367 retail + 251 bank + 19 event + 3 ignorable + 3 code + 1 measurement files
    assertEquals(644, a.size());
  }

  @Test
  void aDifferentSeedGivesDifferentData() throws IOException {
    GenerateLake.writeAll(dir.resolve("a"), SMALL_RETAIL, BankLake.Options.defaults().withBranches(3));
    GenerateLake.writeAll(dir.resolve("b"), SMALL_RETAIL.withSeed(43),
        BankLake.Options.defaults().withBranches(3));
    String file = "fact_orders/dt=2026-01-01/branch_id=B001/part-00000.parquet";
    assertFalse(Arrays.equals(Files.readAllBytes(dir.resolve("a").resolve(file)),
        Files.readAllBytes(dir.resolve("b").resolve(file))));
  }

  @Test
  void onlyTheDeliberateCrcFileExists() throws IOException {
    GenerateLake.writeAll(dir, SMALL_RETAIL, BankLake.Options.defaults().withBranches(5));
    List<String> crc = LakeTree.files(dir).keySet().stream().filter(p -> p.endsWith(".crc")).toList();
    assertEquals(List.of("events/category=books/day=1/.part-00000.parquet.crc"), crc);
  }

  @Test
  void scaleMultipliesRetailRowsPerFile() throws IOException {
    assertEquals(180, GenerateLake.scaledRetail(RetailLake.Options.defaults(), 3).rowsPerFile());
    assertThrows(IllegalArgumentException.class,
        () -> GenerateLake.scaledRetail(RetailLake.Options.defaults(), 0));
  }

  @Test
  void refusesANonEmptyDirectory() throws IOException {
    Files.writeString(dir.resolve("stray.txt"), "x");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> GenerateLake.writeAll(dir, 1));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    assertEquals(List.of("stray.txt"), LakeTree.children(dir));
  }

  @Test
  void aLakeRefusesToWriteOverItsOwnTables() throws IOException {
    RetailLake.Options tiny = SMALL_RETAIL.withDays(1);
    RetailLake.write(dir, tiny);
    BankLake.write(dir, BankLake.Options.defaults().withBranches(2)); // other tables: fine
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> RetailLake.write(dir, tiny));
    assertTrue(e.getMessage().contains(dir.resolve("fact_orders").toString()), e.getMessage());
  }

  @Test
  void ensureReusesAnIdenticalLakeAndRejectsAnother() throws IOException {
    RetailLake.Options tiny = SMALL_RETAIL.withDays(2);
    RetailLake.ensure(dir, tiny);
    SortedMap<String, byte[]> first = LakeTree.files(dir);
    RetailLake.ensure(dir, tiny); // no-op
    assertEquals(first.keySet(), LakeTree.files(dir).keySet());
    assertTrue(first.containsKey(".lake-jdbc-retail"));

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RetailLake.ensure(dir, tiny.withSeed(1)));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    assertThrows(IllegalStateException.class, () -> RetailLake.write(dir, tiny));
  }

  @Test
  void ensureRefusesLeftoversOfAnInterruptedRun() throws IOException {
    Files.createDirectories(dir.resolve("transactions/branch_id=MUM001"));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> BankLake.ensure(dir, BankLake.Options.defaults()));
    assertTrue(e.getMessage().contains(dir.resolve("transactions").toString()), e.getMessage());
  }

  @Test
  void commandLineWritesAllLakes() throws IOException {
    Path lake = dir.resolve("lake");
    Result ok = run(lake.toString(), "--seed", "5");
    assertEquals(0, ok.status(), ok.err());
    assertTrue(ok.out().contains("Wrote 644 files"), ok.out());
    assertEquals(List.of("branches", "codes", "dim_branches", "dim_date", "events", "fact_orders",
        "measurements.parquet", "transactions", "txn_by_city", "txn_by_date"), LakeTree.children(lake));

    Result refused = run(lake.toString());
    assertEquals(1, refused.status());
    assertTrue(refused.err().contains(lake.toString()), refused.err());
  }

  @Test
  void commandLineRejectsBadArguments() throws IOException {
    for (String[] args : List.of(new String[0], new String[] {"a", "b"}, new String[] {"a", "--scale"},
        new String[] {"a", "--scale", "x"}, new String[] {"a", "--scale", "0"},
        new String[] {"a", "--nope"})) {
      Result r = run(args);
      assertEquals(2, r.status(), String.join(" ", args));
      assertTrue(r.err().contains("usage: GenerateLake"), r.err());
    }
    assertNotEquals(0, run("--benchmark").status());
  }

  private record Result(int status, String out, String err) {}

  private static Result run(String... args) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = GenerateLake.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
