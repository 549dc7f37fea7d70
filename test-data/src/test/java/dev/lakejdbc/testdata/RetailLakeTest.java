package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.LakeTree.children;
import static dev.lakejdbc.testdata.LakeTree.records;
import static dev.lakejdbc.testdata.LakeTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetailLakeTest {
  private static final RetailLake.Options DEFAULTS = RetailLake.Options.defaults();

  @TempDir static Path root;
  @TempDir Path dir;

  @BeforeAll
  static void generateDefaults() throws IOException {
    RetailLake.write(root, DEFAULTS);
  }

  @Test
  void defaultsAreTheDocumentedOnes() {
    assertEquals(new RetailLake.Options(LocalDate.of(2026, 1, 1), 365, 0, 60, 42, true), DEFAULTS);
    assertEquals(new RetailLake.Options(LocalDate.of(2026, 1, 1), 365, 20, 700, 42, false),
        RetailLake.Options.benchmark());
    assertEquals(7_300, RetailLake.Options.benchmark().factFiles());
  }

  @Test
  void defaultLayoutIsOneFilePerDay() throws IOException {
    assertEquals(List.of("branches", "dim_date", "fact_orders"), children(root));
    List<String> days = children(root.resolve("fact_orders"));
    assertEquals(365, days.size());
    assertEquals("dt=2026-01-01", days.get(0));
    assertEquals("dt=2026-12-31", days.get(364));
    for (String day : days) {
      assertEquals(List.of("part-00000.parquet"), children(root.resolve("fact_orders").resolve(day)));
    }
    assertEquals(List.of("part-00000.parquet"), children(root.resolve("dim_date")));
    assertEquals(List.of("part-00000.parquet"), children(root.resolve("branches")));
  }

  @Test
  void factOrdersHaveIncreasingUniqueIdsAndConsistentAmounts() throws IOException {
    List<GenericRecord> orders = records(root.resolve("fact_orders"));
    assertEquals(365 * 60, orders.size());
    for (int i = 0; i < orders.size(); i++) {
      GenericRecord r = orders.get(i);
      assertEquals(i + 1L, r.get("order_id"));
      BigDecimal price = BigDecimal.valueOf((double) r.get("price")).setScale(2);
      assertEquals(price.multiply(BigDecimal.valueOf((int) r.get("qty"))), r.get("amount"));
      assertNull(r.getSchema().getField("dt"), "partition column written into the file");
    }
  }

  @Test
  void discountAppearsFromTheMiddleOfTheRange() throws IOException {
    assertEquals(LocalDate.of(2026, 7, 2), DEFAULTS.evolutionDate());
    Path fact = root.resolve("fact_orders");
    assertNull(ParquetFiles.read(fact.resolve("dt=2026-07-01/part-00000.parquet")).get(0).getSchema()
        .getField("discount"));
    List<GenericRecord> evolved = records(fact.resolve("dt=2026-07-02"));
    assertTrue(evolved.get(0).getSchema().getField("discount") != null);

    List<GenericRecord> all = records(fact);
    long withColumn = all.stream().filter(r -> r.getSchema().getField("discount") != null).count();
    long nulls = all.stream()
        .filter(r -> r.getSchema().getField("discount") != null && r.get("discount") == null).count();
    assertEquals((365 - 182) * 60, withColumn);
    double nullShare = (double) nulls / withColumn;
    assertTrue(nullShare > 0.07 && nullShare < 0.13, "null share " + nullShare);
  }

  @Test
  void dimDateMarksSevenHolidaysAndWeekends() throws IOException {
    List<GenericRecord> days = records(root.resolve("dim_date"));
    assertEquals(365, days.size());
    List<LocalDate> holidays = days.stream().filter(r -> str(r, "date_type").equals("holiday"))
        .map(r -> (LocalDate) r.get("date_id")).toList();
    assertEquals(RetailLake.HOLIDAYS_2026, holidays);
    assertEquals(List.of(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 26), LocalDate.of(2026, 3, 14),
        LocalDate.of(2026, 5, 1), LocalDate.of(2026, 8, 15), LocalDate.of(2026, 10, 2),
        LocalDate.of(2026, 12, 25)), holidays);
    GenericRecord jan3 = days.get(2); // a Saturday
    assertEquals(LocalDate.of(2026, 1, 3), jan3.get("date_id"));
    assertEquals("weekend", str(jan3, "date_type"));
    assertEquals("SATURDAY", str(jan3, "day_name"));
    assertEquals(1, jan3.get("month"));
    assertEquals("weekday", str(days.get(4), "date_type")); // Monday 2026-01-05
    assertEquals(12, days.get(364).get("month"));
  }

  @Test
  void shorterRangesStillHaveSevenHolidaysInside() {
    LocalDate start = LocalDate.of(2027, 3, 1);
    List<LocalDate> holidays = RetailLake.holidays(start, 30);
    assertEquals(7, holidays.stream().distinct().count());
    assertTrue(holidays.stream().allMatch(d -> !d.isBefore(start) && d.isBefore(start.plusDays(30))));
    assertEquals(List.of(start, start.plusDays(1), start.plusDays(2)), RetailLake.holidays(start, 3));
  }

  @Test
  void fiftyWestBranchesFiveOfThemAmongTheFactBranches() throws IOException {
    List<GenericRecord> branches = records(root.resolve("branches"));
    assertEquals(IntStream.rangeClosed(1, 200).mapToObj(n -> String.format("B%03d", n)).toList(),
        branches.stream().map(r -> str(r, "branch_id")).toList());
    assertEquals(50, branches.stream().filter(r -> str(r, "region").equals("West")).count());
    assertEquals(List.of("B003", "B007", "B011", "B015", "B019"), branches.stream().limit(20)
        .filter(r -> str(r, "region").equals("West")).map(r -> str(r, "branch_id")).toList());
    for (String region : List.of("North", "South", "East")) {
      assertEquals(50, branches.stream().filter(r -> str(r, "region").equals(region)).count(), region);
    }
  }

  @Test
  void branchLayoutNestsBranchUnderDay() throws IOException {
    RetailLake.Options o = DEFAULTS.withDays(3).withFactBranches(4).withRowsPerFile(5);
    RetailLake.write(dir, o);
    Path fact = dir.resolve("fact_orders");
    assertEquals(List.of("dt=2026-01-01", "dt=2026-01-02", "dt=2026-01-03"), children(fact));
    assertEquals(List.of("branch_id=B001", "branch_id=B002", "branch_id=B003", "branch_id=B004"),
        children(fact.resolve("dt=2026-01-02")));
    assertEquals(12, LakeTree.dataFiles(fact).size());
    assertEquals(o.factFiles(), LakeTree.dataFiles(fact).size());
    List<GenericRecord> orders = records(fact);
    assertEquals(60, orders.size());
    assertNull(orders.get(0).getSchema().getField("branch_id"));
    assertEquals(3, records(dir.resolve("dim_date")).size());
  }

  @Test
  void rejectsInvalidOptions() {
    assertThrows(IllegalArgumentException.class, () -> DEFAULTS.withDays(0));
    assertThrows(IllegalArgumentException.class, () -> DEFAULTS.withFactBranches(201));
    assertThrows(IllegalArgumentException.class, () -> DEFAULTS.withRowsPerFile(0));
  }
}
