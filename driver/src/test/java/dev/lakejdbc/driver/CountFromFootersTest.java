package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** COUNT(*), alone or grouped by partition columns, is answered from footers without reading a page. */
class CountFromFootersTest {
  static DuckDb duck;
  static Connection lake;

  @BeforeAll static void open() throws Exception {
    Path root = LakeFixture.lake();
    duck = new DuckDb();
    duck.viewOfTable(root, "fact_orders");
    duck.viewOfFiles("events", root.resolve("events") + "/category=*/day=*/*.parquet");
    lake = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT count(*) FROM fact_orders",
      "SELECT dt, count(*) FROM fact_orders WHERE dt >= DATE '2026-12-01' GROUP BY dt",
      "SELECT category, day, count(*), count(*) FROM events GROUP BY category, day",
      "SELECT category, count(*) FROM events WHERE category IS NULL OR day = 2 GROUP BY category",
  })
  void countsFromFootersEqualDuckDbs(String sql) throws Exception {
    Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), false, sql);
    String plan = Rows.query(lake, "EXPLAIN " + sql).get(0).get(0);
    assertTrue(plan.contains("RowCountsFromFooters=[true]"), plan);
  }

  @Test void noPageIsReadAndEveryFileIsCounted() throws Exception {
    Rows.query(lake, "SELECT count(*) FROM events");
    List<List<String>> scan = Rows.query(lake, "SELECT files_read, bytes_read, rows_read FROM sys.scans "
        + "WHERE statement_id = (SELECT max(statement_id) FROM sys.scans)");
    // 19 files (one partition holds two), one row-count row each, no byte read: footers are cached.
    assertEquals(List.of(List.of("19", "0", "19")), scan);
  }

  @Test void aCountOfAColumnOrWithADataFilterReadsRows() throws Exception {
    for (String sql : new String[] {"SELECT count(note) FROM events",
        "SELECT count(*) FROM events WHERE price > 1"}) {
      Rows.assertSameRows(duck.query(sql), Rows.query(lake, sql), false, sql);
      assertFalse(Rows.query(lake, "EXPLAIN " + sql).get(0).get(0).contains("RowCountsFromFooters"), sql);
    }
  }
}
