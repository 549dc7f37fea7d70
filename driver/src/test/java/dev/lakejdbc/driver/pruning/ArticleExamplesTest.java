package dev.lakejdbc.driver.pruning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.lakejdbc.driver.LakeFixture;
import dev.lakejdbc.testing.DuckDb;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The source articles' examples as written, on the generated lakes of their size: the retailer's 365
 * daily partitions (7 read, statically and dynamically) and the bank's 200 branch partitions.
 */
class ArticleExamplesTest {
  static DuckDb duck;
  static PruningCheck check;

  @BeforeAll static void open() throws Exception {
    Path lake = LakeFixture.lake();
    duck = new DuckDb();
    for (String[] t : new String[][] {{"fact_orders", "dt=*/*.parquet"}, {"dim_date", "*.parquet"},
        {"transactions", "branch_id=*/*.parquet"}, {"dim_branches", "*.parquet"},
        {"txn_by_city", "branch=*/*.parquet"}}) {
      duck.viewOfFiles(t[0], lake.resolve(t[0]) + "/" + t[1]);
    }
    check = new PruningCheck(lake, duck);
  }

  @AfterAll static void close() throws Exception {
    duck.close();
  }

  @Test void sevenOf365DaysStatically() throws Exception {
    String where = "dt BETWEEN DATE '2026-07-01' AND DATE '2026-07-07'";
    PruningCheck.ScanCounts counts = check.check("SELECT count(*), sum(amount) FROM fact_orders WHERE "
        + where, "fact_orders", "SELECT DISTINCT filename FROM fact_orders WHERE " + where, "");
    assertEquals(7, counts.partitionsRead());
  }

  @Test void sevenHolidaysOf365DaysDynamically() throws Exception {
    String join = "fact_orders f JOIN dim_date d ON f.dt = d.date_id WHERE d.date_type = 'holiday'";
    PruningCheck.ScanCounts counts = check.check("SELECT d.date_id, count(*), sum(f.amount) FROM " + join
        + " GROUP BY d.date_id", "fact_orders", "SELECT DISTINCT f.filename FROM " + join, "");
    assertEquals(7, counts.partitionsRead());
    assertNotNull(counts.dynamicFilter());
  }

  @Test void branchEqualsMumbai() throws Exception {
    PruningCheck.ScanCounts counts = check.check("SELECT branch, count(*), sum(amount) FROM txn_by_city "
        + "WHERE branch = 'Mumbai' GROUP BY branch", "txn_by_city",
        "SELECT DISTINCT filename FROM txn_by_city WHERE branch = 'Mumbai'", "");
    assertEquals(1, counts.partitionsRead());
  }

  @Test void westBranchesDynamically() throws Exception {
    String join = "transactions f JOIN dim_branches b ON f.branch_id = b.branch_id WHERE b.region = 'West'";
    PruningCheck.ScanCounts counts = check.check("SELECT f.branch_id, count(*), sum(f.amount) FROM " + join
        + " GROUP BY f.branch_id", "transactions", "SELECT DISTINCT f.filename FROM " + join, "");
    assertEquals(10, counts.partitionsRead());
  }
}
