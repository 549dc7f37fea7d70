package dev.lakejdbc.testdata;

import static dev.lakejdbc.testdata.LakeTree.children;
import static dev.lakejdbc.testdata.LakeTree.records;
import static dev.lakejdbc.testdata.LakeTree.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BankLakeTest {
  @TempDir static Path root;
  private static List<GenericRecord> branches;

  @BeforeAll
  static void generateDefaults() throws IOException {
    BankLake.write(root, BankLake.Options.defaults());
    branches = records(root.resolve("dim_branches"));
  }

  @Test
  void defaultsAreTheDocumentedOnes() throws IOException {
    assertEquals(new BankLake.Options(200, 40, 7), BankLake.Options.defaults());
    assertEquals(List.of("dim_branches", "transactions", "txn_by_city", "txn_by_date"), children(root));
  }

  @Test
  void dimBranchesHasTenWestAndFiveClosedBranches() {
    assertEquals(200, branches.size());
    assertEquals(List.of("MUM001", "PUN002", "GOA003", "DEL004", "CHN005"),
        branches.stream().limit(5).map(r -> str(r, "branch_id")).toList());
    assertEquals("Mumbai", str(branches.get(0), "city"));
    assertTrue(branches.stream().allMatch(r -> str(r, "branch_id").matches("[A-Z]{3}\\d{3}")));
    assertEquals(200, branches.stream().map(r -> str(r, "branch_id")).distinct().count());

    List<String> west = branches.stream().filter(r -> str(r, "region").equals("West"))
        .map(r -> str(r, "branch_id")).toList();
    assertEquals(10, west.size());
    assertTrue(west.containsAll(List.of("MUM001", "PUN002", "GOA003")), west.toString());
    assertEquals(Set.of("North", "South", "East", "West"),
        branches.stream().map(r -> str(r, "region")).collect(Collectors.toSet()));
    assertEquals(Map.of("ACTIVE", 195L, "CLOSED", 5L), branches.stream()
        .collect(Collectors.groupingBy(r -> str(r, "status"), Collectors.counting())));
  }

  @Test
  void transactionsHaveOnePartitionPerBranch() throws IOException {
    Path table = root.resolve("transactions");
    assertEquals(branches.stream().map(r -> "branch_id=" + str(r, "branch_id")).sorted().toList(),
        children(table));
    assertEquals(200, LakeTree.dataFiles(table).size());
    List<GenericRecord> txns = records(table);
    assertEquals(200 * 40, txns.size());
    assertEquals(8_000, txns.stream().map(r -> r.get("txn_id")).distinct().count());
    Set<String> channels = Set.of("ATM", "BRANCH", "ONLINE");
    for (GenericRecord t : txns) {
      Instant ts = (Instant) t.get("txn_ts");
      assertEquals(2026, ts.atZone(ZoneOffset.UTC).getYear());
      assertEquals(LocalDate.ofInstant(ts, ZoneOffset.UTC), t.get("txn_date"));
      assertTrue(channels.contains(str(t, "channel")));
      assertEquals(null, t.getSchema().getField("branch_id"), "partition column written into the file");
    }
  }

  @Test
  void txnByCityHoldsTheSameRowsByCityName() throws IOException {
    Path table = root.resolve("txn_by_city");
    List<String> cities = children(table);
    assertEquals(20, cities.size());
    assertTrue(cities.contains("branch=Mumbai"));

    Map<Object, GenericRecord> byId = records(root.resolve("transactions")).stream()
        .collect(Collectors.toMap(r -> r.get("txn_id"), Function.identity()));
    List<GenericRecord> rows = records(table);
    assertEquals(byId.size(), rows.size());
    for (GenericRecord r : rows) {
      GenericRecord same = byId.get(r.get("txn_id"));
      for (String column : List.of("account_id", "amount", "txn_ts", "channel", "txn_date")) {
        assertEquals(same.get(column), r.get(column), column);
      }
    }
    long mumbaiBranches = branches.stream().filter(r -> str(r, "city").equals("Mumbai")).count();
    List<GenericRecord> mumbai = records(table.resolve("branch=Mumbai"));
    assertEquals(mumbaiBranches * 40, mumbai.size());
    assertTrue(mumbai.stream().allMatch(r -> str(r, "branch_id").startsWith("MUM")));
  }

  @Test
  void txnByDateHasThirtyDaysOfEveryBranch() throws IOException {
    Path table = root.resolve("txn_by_date");
    List<String> days = children(table);
    assertEquals(30, days.size());
    assertEquals("txn_date=2026-07-01", days.get(0));
    assertEquals("txn_date=2026-07-30", days.get(29));
    for (String day : days) {
      List<GenericRecord> rows = records(table.resolve(day));
      assertEquals(200, rows.stream().map(r -> str(r, "branch_id")).distinct().count(), day);
    }
    assertEquals(30 * 200, records(table).size());
  }

  @Test
  void smallBankKeepsTheFirstThreeWestBranches() {
    List<BankLake.Branch> five = BankLake.branches(5);
    assertEquals(List.of("MUM001", "PUN002", "GOA003", "DEL004", "CHN005"),
        five.stream().map(BankLake.Branch::id).toList());
    assertEquals(3, five.stream().filter(b -> b.region().equals("West")).count());
  }
}
