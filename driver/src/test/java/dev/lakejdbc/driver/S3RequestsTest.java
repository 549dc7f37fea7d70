package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.S3Wire.Kind;
import dev.lakejdbc.testdata.RetailLake;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a query costs on S3, counted on the wire in front of the server ({@link S3Wire}) and compared
 * with what sys.scans says: no HEAD per file (files are opened with their listed status), a LIST per
 * directory a query lists and none for a directory that pruning excludes, GETs only for the files of
 * surviving partitions, a footer in one GET. The numbers are printed for docs/BENCHMARKS.md.
 */
class S3RequestsTest {
  @TempDir static Path base;
  static S3Server s3;
  static Path lake;
  static DuckDb duck;
  static final AtomicInteger SCOPE = new AtomicInteger();
  /** The lake's size: small in CI; {@code -Ds3.days=365 -Ds3.branches=1} for docs/BENCHMARKS.md. */
  static final int DAYS = Integer.getInteger("s3.days", 10);
  static final int BRANCHES = Integer.getInteger("s3.branches", 3);

  static final String STATIC = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt = DATE '2026-01-03'";
  static final String DPP = "SELECT d.date_id, count(*), sum(f.amount) FROM fact_orders f "
      + "JOIN dim_date d ON f.dt = d.date_id WHERE d.day_name = 'MONDAY' GROUP BY d.date_id";
  static final String FULL = "SELECT count(*), sum(amount), max(price) FROM fact_orders";

  @BeforeAll static void start() throws Exception {
    s3 = new S3Server(base);
    lake = base.resolve("lake");
    RetailLake.write(lake, RetailLake.Options.defaults().withDays(DAYS).withFactBranches(BRANCHES));
    duck = new DuckDb();
    duck.viewOfTable(lake, "fact_orders");
    duck.viewOfTable(lake, "dim_date");
  }

  @AfterAll static void stop() throws Exception {
    duck.close();
    s3.close();
  }

  /** A connection of a scope of its own: its own file system and cold caches. */
  static Connection fresh(String more) throws Exception {
    return DriverManager.getConnection(s3.url(lake, ";fs.s3a.lakejdbc.test.scope="
        + SCOPE.incrementAndGet() + more));
  }

  record Cost(Map<Kind, Long> requests, List<String> all, List<String> scan) {
    /** The first requests, for a failure's message. */
    List<String> log() {
      return all.size() <= 12 ? all : all.subList(0, 12);
    }

    long get(Kind k) {
      return requests.get(k);
    }

    @Override public String toString() {
      return "LIST " + get(Kind.LIST) + ", HEAD " + get(Kind.HEAD) + ", GET " + get(Kind.GET)
          + " (sys.scans: " + scan + ")";
    }
  }

  /** Runs {@code sql} (checked against DuckDB), counting the requests it made. */
  static Cost run(Connection c, String sql) throws Exception {
    s3.proxy().reset();
    long start = System.nanoTime();
    List<List<String>> rows = Rows.query(c, sql);
    System.out.println("  " + (System.nanoTime() - start) / 1_000_000 + " ms: " + sql);
    Cost cost = new Cost(s3.proxy().counts(), s3.proxy().requests(), scans(c));
    if (sql.startsWith("SELECT")) {
      Rows.assertSameRows(duck.query(sql), rows, false, sql);
    }
    return cost;
  }

  /** directories_listed, files_read summed over the last statement's scans. */
  static List<String> scans(Connection c) throws Exception {
    return Rows.query(c, "SELECT sum(directories_listed), sum(files_read), sum(partitions_read) "
        + "FROM sys.scans WHERE statement_id = (SELECT max(statement_id) FROM sys.scans)").get(0);
  }

  @Test void requestsPerQuery() throws Exception {
    StringBuilder report = new StringBuilder("S3 requests, fact_orders of " + DAYS * BRANCHES
        + " files in " + DAYS + " x " + BRANCHES + " partitions:\n");
    int directories = 1 + DAYS + DAYS * BRANCHES;
    try (Connection c = fresh(";listingCacheSeconds=0")) {
      // Discovery: planning lists the table and reads the footers of its sample (the newest file of 32
      // partitions spread over it, and its newest file; all 30 files of the small lake of CI), one
      // GET each, no HEAD.
      Cost discovery = run(c, "EXPLAIN PLAN FOR " + STATIC);
      report.append("discovery (planning the first query): ").append(discovery).append('\n');
      assertEquals(0, discovery.get(Kind.HEAD), discovery.log()::toString);
      long sampled = Long.parseLong(Rows.query(c, "SELECT schema_footers FROM sys.tables "
          + "WHERE table_name = 'fact_orders'").get(0).get(0));
      // 32 spread partitions' newest files and the table's newest (which may be one of them).
      assertTrue(sampled <= 33 && sampled >= Math.min(DAYS * BRANCHES, 32), "the default sample: "
          + sampled);
      assertEquals(sampled, discovery.get(Kind.GET), "a footer per sampled file in one GET: "
          + discovery);

      Cost staticQuery = run(c, STATIC);
      report.append("static query, one day: ").append(staticQuery).append('\n');
      assertEquals(0, staticQuery.get(Kind.HEAD));
      assertEquals(Long.parseLong(staticQuery.scan().get(0)), staticQuery.get(Kind.LIST),
          "a LIST per directory sys.scans counts: " + staticQuery.log());
      assertEquals(1 + 1 + BRANCHES, staticQuery.get(Kind.LIST), staticQuery.log()::toString);
      assertTrue(staticQuery.all().stream().filter(r -> r.startsWith("GET"))
          .allMatch(r -> r.contains("dt=2026-01-03/")), "GETs only for surviving files: "
          + staticQuery.log());
      assertTrue(staticQuery.get(Kind.GET) <= Long.parseLong(staticQuery.scan().get(1)));

      Cost dpp = run(c, DPP);

      report.append("DPP query (Mondays): ").append(dpp).append('\n');
      assertEquals(0, dpp.get(Kind.HEAD));
      long mondays = duck.query("SELECT count(*) FROM dim_date WHERE day_name = 'MONDAY'").get(0)
          .stream().mapToLong(Long::parseLong).sum();
      // The dimension's directory, the fact table's, and only the Mondays' below it.
      // (With the listing cache off, the dimension's directory is listed twice: once for its keys,
      // once more by its scan; sys.scans counts one.)
      long expectedLists = 1 + 1 + mondays * (1 + BRANCHES);
      assertTrue(dpp.get(Kind.LIST) == expectedLists || dpp.get(Kind.LIST) == expectedLists + 1,
          dpp::toString);
      List<String> mondayDirs = duck.query("SELECT CAST(date_id AS VARCHAR) FROM dim_date "
          + "WHERE day_name = 'MONDAY'").stream().map(r -> "dt=" + r.get(0) + "/").toList();
      assertTrue(dpp.all().stream().filter(r -> r.startsWith("GET") && r.contains("fact_orders"))
          .allMatch(r -> mondayDirs.stream().anyMatch(r::contains)), mondays + " Mondays: " + dpp.log());

      Cost full = run(c, FULL);
      report.append("full scan: ").append(full).append('\n');
      assertEquals(0, full.get(Kind.HEAD));
      assertEquals(directories, full.get(Kind.LIST), full.log()::toString);
    }
    // A new connection of the same scope while caches are warm (the default 10 s listing cache).
    try (Connection warm = DriverManager.getConnection(s3.url(lake, ""))) {
      Cost first = run(warm, STATIC);
      report.append("cold connection, first query (discovery included): ").append(first).append('\n');
      Cost again = run(warm, STATIC);
      report.append("same query again (listing cache, footers cached): ").append(again).append('\n');
      assertEquals(0, again.get(Kind.LIST) + again.get(Kind.HEAD), again.log()::toString);
    }
    System.out.println(report);
  }

  /**
   * With a sample smaller than the table, discovery GETs only the sample's footers (sys.tables says
   * how many), and a pruned query GETs only its surviving files, their footers included.
   */
  @Test void sampledDiscoveryGetsOnlyTheSamplesFooters() throws Exception {
    try (Connection c = fresh(";listingCacheSeconds=0;discoverySample=4")) {
      Cost discovery = run(c, "EXPLAIN PLAN FOR " + STATIC);
      long sampled = Long.parseLong(Rows.query(c, "SELECT schema_footers FROM sys.tables "
          + "WHERE table_name = 'fact_orders'").get(0).get(0));
      assertTrue(sampled <= 5 && sampled < DAYS * BRANCHES, "4 partitions and the newest file: " + sampled);
      assertEquals(sampled, discovery.get(Kind.GET), discovery.log()::toString);
      assertEquals(0, discovery.get(Kind.HEAD), discovery.log()::toString);

      Cost staticQuery = run(c, STATIC);
      assertEquals(0, staticQuery.get(Kind.HEAD));
      assertTrue(staticQuery.all().stream().filter(r -> r.startsWith("GET"))
          .allMatch(r -> r.contains("dt=2026-01-03/")), "GETs only for surviving files: "
          + staticQuery.log());
      System.out.println("S3, discoverySample=4: discovery " + discovery + "; static query "
          + staticQuery);
    }
    try (Connection all = fresh(";listingCacheSeconds=0;discovery=all")) {
      Cost discovery = run(all, "EXPLAIN PLAN FOR " + STATIC);
      assertEquals(DAYS * BRANCHES, discovery.get(Kind.GET), "discovery=all: a footer per file");
    }
  }
}
