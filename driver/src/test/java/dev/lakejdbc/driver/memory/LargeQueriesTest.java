package dev.lakejdbc.driver.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The queries of issue 16 on {@link BigTable} in a JVM of 256 MB (the surefire execution
 * {@code small-heap}), with the default memory settings — a quarter of the heap per query — each
 * answered as DuckDB answers it: the top-Ns keep their few rows; the full sort, the GROUP BY with
 * a million groups and the self-join spill, and sys.queries says so.
 */
class LargeQueriesTest {
  static DuckDb duck;
  static Connection lake;

  @BeforeAll static void open() throws Exception {
    SmallHeap.assumeSmallHeap();
    duck = BigTable.duckDb();
    lake = DriverManager.getConnection("jdbc:lake:" + BigTable.root() + SmallHeap.SPILL);
  }

  @AfterAll static void close() throws Exception {
    if (lake != null) {
      lake.close();
      duck.close();
    }
  }

  /** The last execution's figures in sys.queries: peak_bytes, spilled_bytes, spill_files, operators. */
  static List<String> lastQuery(Connection c) throws SQLException {
    return Rows.query(c, "SELECT peak_bytes, spilled_bytes, spill_files, operators, memory_limit "
        + "FROM sys.queries ORDER BY statement_id DESC LIMIT 1").get(0);
  }

  /** Whether the operator of the latest execution that {@code prefix} names spilled. */
  private static void assertSpilled(List<String> query, String prefix) {
    String operator = List.of(query.get(3).split("; ")).stream().filter(o -> o.startsWith(prefix))
        .findFirst().orElse("");
    assertTrue(operator.contains("spilled"), prefix + " spilled: " + query);
  }

  private static void assertHeldWithinLimit(List<String> query) {
    long peak = Long.parseLong(query.get(0));
    long limit = Long.parseLong(query.get(4));
    // Each operator may go past the limit by its working set (a sixteenth of the limit) at most.
    assertTrue(peak <= limit * 5 / 4, "held " + peak + " of a limit of " + limit + ": " + query);
  }

  @Test void orderByWithMaxRowsKeepsOnlyItsRows() throws Exception {
    try (Statement s = lake.createStatement()) {
      s.setMaxRows(200);
      try (ResultSet ours = s.executeQuery("SELECT * FROM big ORDER BY k DESC");
          Statement d = duck.connection().createStatement();
          ResultSet theirs = d.executeQuery("SELECT k, s, v, g, p FROM big ORDER BY k DESC LIMIT 200")) {
        assertEquals(200, OrderedResults.assertSame(theirs, ours, "setMaxRows(200)"));
      }
    }
    List<String> query = lastQuery(lake);
    assertEquals("0", query.get(2), "a top-N of 200 rows spills nothing: " + query);
  }

  @Test void orderByLimitKeepsOnlyItsRows() throws Exception {
    String sql = "SELECT k, s, v FROM big ORDER BY v LIMIT 10";
    Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), true, sql);
    assertEquals("0", lastQuery(lake).get(2));
  }

  @Test void aFullSortSpillsAndStreamsInOrder() throws Exception {
    String sql = "SELECT k, s FROM big ORDER BY s DESC, k";
    try (Statement s = lake.createStatement(); ResultSet ours = s.executeQuery(sql);
        Statement d = duck.connection().createStatement(); ResultSet theirs = d.executeQuery(sql)) {
      assertEquals(BigTable.ROWS, OrderedResults.assertSame(theirs, ours, sql));
    }
    List<String> query = lastQuery(lake);
    assertSpilled(query, "ORDER BY s DESC, k");
    assertHeldWithinLimit(query);
    System.out.printf(Locale.ROOT, "memory: full sort of %,d rows: %s%n", BigTable.ROWS, query);
  }

  @Test void aGroupByWithManyGroupsSpills() throws Exception {
    String sql = "SELECT k % 1000000 AS r, count(*), sum(v), min(s) FROM big GROUP BY k % 1000000 "
        + "ORDER BY r";
    try (Statement s = lake.createStatement(); ResultSet ours = s.executeQuery(sql);
        Statement d = duck.connection().createStatement(); ResultSet theirs = d.executeQuery(sql)) {
      assertEquals(BigTable.ROWS / 2, OrderedResults.assertSame(theirs, ours, sql));
    }
    List<String> query = lastQuery(lake);
    assertSpilled(query, "GROUP BY");
    assertHeldWithinLimit(query);
    System.out.printf(Locale.ROOT, "memory: GROUP BY of %,d groups: %s%n", BigTable.ROWS / 2, query);
  }

  @Test void aSelfJoinSpillsItsBuildSide() throws Exception {
    String sql = "SELECT a.s, count(*) FROM big a JOIN big b ON a.k = b.k GROUP BY a.s";
    try (Statement s = lake.createStatement();
        ResultSet ours = s.executeQuery(sql + " ORDER BY a.s");
        Statement d = duck.connection().createStatement();
        ResultSet theirs = d.executeQuery(sql + " ORDER BY a.s")) {
      assertEquals(BigTable.DISTINCT_S, OrderedResults.assertSame(theirs, ours, sql));
    }
    List<String> query = lastQuery(lake);
    assertSpilled(query, "INNER JOIN ON k = k");
    assertHeldWithinLimit(query);
    System.out.printf(Locale.ROOT, "memory: self-join of %,d rows: %s%n", BigTable.ROWS, query);
  }
}
