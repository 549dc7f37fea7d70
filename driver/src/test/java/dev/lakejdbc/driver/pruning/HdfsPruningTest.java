package dev.lakejdbc.driver.pruning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.LakeStore;
import dev.lakejdbc.driver.MiniHdfs;
import dev.lakejdbc.testdata.EdgeCaseLake;
import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.Rows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real HDFS in this JVM ({@link MiniHdfs}), and lakes copied into it read through
 * {@code jdbc:lake:hdfs://127.0.0.1:<port>/...}: the static and dynamic pruning tests run again on
 * copies of their lakes (the nested classes), giving DuckDB's answers from as many files as on the local
 * lake; for a sample of queries every statistic in sys.scans equals the local lake's; locations are
 * parsed as Hadoop writes them; and no copy has changed at the end.
 */
class HdfsPruningTest {
  @TempDir static Path base;
  static MiniHdfs hdfs;
  static Path lake;

  /** Each copy of a lake in HDFS as it was made, to show at the end that reading changed nothing. */
  private static final Map<String, List<String>> COPIES_AS_MADE = new ConcurrentHashMap<>();

  /** The lakes' copies in HDFS, each remembered as it was made. */
  static final LakeStore HDFS = localLake -> {
    String location = hdfs.location(localLake);
    COPIES_AS_MADE.computeIfAbsent(location, l -> {
      try {
        return hdfs.tree(l);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    return location;
  };

  @BeforeAll static void startHdfs() throws Exception {
    hdfs = new MiniHdfs(base.resolve("hdfs"));
    lake = base.resolve("lake");
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(10).withFactBranches(3));
    EdgeCaseLake.write(lake);
  }

  @AfterAll static void noCopyChangedThenStop() throws Exception {
    try {
      assertFalse(COPIES_AS_MADE.isEmpty());
      for (Map.Entry<String, List<String>> copy : COPIES_AS_MADE.entrySet()) {
        assertEquals(copy.getValue(), hdfs.tree(copy.getKey()), "the driver never writes to the lake");
      }
    } finally {
      hdfs.close();
    }
  }

  @Nested class Static extends StaticPruningTest {
    @Override LakeStore store() {
      return HDFS;
    }
  }

  @Nested class Dynamic extends DynamicPruningTest {
    @Override LakeStore store() {
      return HDFS;
    }
  }

  /** A query's rows, then every statistic sys.scans keeps of its scans but the time it took. */
  private static List<List<String>> answerAndStatistics(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      List<List<String>> result = new ArrayList<>(Rows.query(c, sql));
      result.addAll(Rows.query(c, "SELECT table_name, partitions_total, partitions_read, files_read, "
          + "bytes_read, rows_read, directories_listed, static_filter, dynamic_filter, notes "
          + "FROM sys.scans ORDER BY table_name"));
      return result;
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT count(*), sum(amount), max(price) FROM fact_orders WHERE dt = DATE '2026-01-03' "
          + "AND branch_id <> 'B002'",
      "SELECT count(*) FROM fact_orders WHERE branch_id = 'B003'",
      "SELECT d.date_id, count(*), sum(f.amount) FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
          + "WHERE d.day_name = 'Monday' GROUP BY d.date_id",
      "SELECT category, day, count(*), sum(price), count(score) FROM events "
          + "WHERE category IS NULL OR category IN ('a/b', 'x y:z', '100%', 'é-ü') GROUP BY category, day",
      "SELECT table_name, \"partition\", files, bytes FROM sys.partitions",
  })
  void sameAnswerAndStatisticsAsOnTheLocalLake(String sql) throws Exception {
    List<List<String>> local = answerAndStatistics(LakeStore.LOCAL.url(lake, ""), sql);
    List<List<String>> remote = answerAndStatistics(HDFS.url(lake, ""), sql);
    Rows.assertSameRows(local, remote, false, sql);
  }

  private static List<String> tables(String url) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        ResultSet rs = c.getMetaData().getTables(null, "lake", "%", null)) {
      List<String> names = new ArrayList<>();
      while (rs.next()) {
        names.add(rs.getString("TABLE_NAME"));
      }
      return names;
    }
  }

  @Test void theRootOfTheFileSystemWithOrWithoutItsSlash() throws Exception {
    HDFS.location(lake);
    List<String> tables = tables("jdbc:lake:" + hdfs.uri() + "/");
    assertFalse(tables.isEmpty(), "each copy's directory is a table");
    assertEquals(tables, tables("jdbc:lake:" + hdfs.uri()));
  }

  @Test void aLocationWithoutAuthorityIsOnTheDefaultFileSystem() throws Exception {
    String location = HDFS.location(lake);
    String sql = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt = DATE '2026-01-04'";
    List<List<String>> expected = answerAndStatistics("jdbc:lake:" + location, sql);
    // hdfs:///copy-1/lake, after a connection with another default file system has created (and Hadoop
    // has cached) the client of this HDFS.
    String withoutAuthority = location.replace(hdfs.uri(), "hdfs://");
    assertEquals(expected, answerAndStatistics("jdbc:lake:" + withoutAuthority + ";fs.defaultFS="
        + hdfs.uri(), sql));
  }

  @Test void locationsThatAreNoLakeAreRefusedNamingThem() throws Exception {
    String location = HDFS.location(lake);
    for (String bad : new String[] {location + "/no_such_dir", location + "/measurements.parquet"}) {
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection("jdbc:lake:" + bad));
      assertEquals("08001", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains(bad), e.getMessage());
    }
  }
}
