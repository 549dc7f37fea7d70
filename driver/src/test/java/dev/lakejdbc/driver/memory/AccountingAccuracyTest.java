package dev.lakejdbc.driver.memory;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How close the memory accounting is to the heap really used: a sort, an aggregation and a join's
 * hash table each hold some 50 MB of {@link BigTable}'s rows in memory (the limit is set high enough
 * that nothing spills); once the first row is out, the heap in use after a full GC, less the heap in
 * use before the query, is compared with what the query accounted for at that moment
 * ({@code sys.queries.held_bytes}). The ratios are printed; the test fails if the accounting is off
 * by more than a quarter under or a half over.
 */
class AccountingAccuracyTest {
  @BeforeAll static void smallHeapOnly() {
    SmallHeap.assumeSmallHeap();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "sort|SELECT k, s, v FROM big WHERE p = 0 ORDER BY v",
      "aggregation|SELECT g, count(*), sum(v), min(s) FROM big WHERE p < 2 GROUP BY g",
      // Calcite builds the larger input: both inputs are one partition, half a million rows.
      "join hash table|SELECT a.k, b.s FROM (SELECT k FROM big WHERE p = 0) a "
          + "JOIN (SELECT k, s, v FROM big WHERE p = 1) b ON a.k + 1 = b.k",
  })
  void accountedBytesAreCloseToTheHeapUsed(String operator, String sql) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + BigTable.root() + SmallHeap.SPILL
        + ";queryMemoryLimit=140MB"); Statement s = c.createStatement();
        Statement stats = c.createStatement()) {
      // Discovery: not part of what is measured.
      try (ResultSet warm = s.executeQuery("SELECT count(*) FROM big")) {
        warm.next();
      }
      long before = heapUsedAfterGc();
      try (ResultSet rs = s.executeQuery(sql)) {
        rs.next();
        long used = heapUsedAfterGc() - before;
        long accounted;
        try (ResultSet q = stats.executeQuery("SELECT held_bytes, spill_files FROM sys.queries "
            + "WHERE running ORDER BY statement_id DESC LIMIT 1")) {
          assertTrue(q.next(), "the query is running");
          accounted = q.getLong(1);
          assertTrue(q.getInt(2) == 0, "nothing spilled");
        }
        double ratio = (double) accounted / used;
        System.out.printf(Locale.ROOT, "memory: accounting of a %s: %.1f MB accounted, %.1f MB of heap "
            + "used after GC: ratio %.2f%n", operator, accounted / 1048576.0, used / 1048576.0, ratio);
        assertTrue(used > 20L << 20, "the query holds its rows: " + used);
        assertTrue(ratio > 0.75 && ratio < 1.5, operator + ": accounted " + accounted + ", used " + used);
      }
    }
  }

  private static long heapUsedAfterGc() throws SQLException {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
