package dev.lakejdbc.driver.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential testing: random small lakes, random queries over them, each answered by this driver with
 * pruning, without pruning, and by DuckDB; the three must agree (as multisets, or in order where the
 * query orders totally). Fixed seeds: a failure names the lake seed and query index that replay it.
 *
 * <pre>
 * mvn -B -o test -pl driver -Dtest=DifferentialTest                                    # 2,000 queries (CI)
 * mvn -B -o test -pl driver -Dtest=DifferentialTest -Dlake.differential.queries=10000  # the long run
 * mvn -B -o test -pl driver -Dtest=DifferentialTest -Dlake.differential.seed=S [-Dlake.differential.query=Q]
 * </pre>
 */
class DifferentialTest {
  static final long BASE_SEED = 20_260_701L;
  static final int QUERIES_PER_LAKE = 100;
  /** Mismatches shown in the failure message; all are counted. */
  private static final int SHOWN = 10;

  @TempDir Path dir;

  /** What the queries of one lake found. */
  private record LakeResult(long seed, int files, long rows, int queries, int ordered, int empty,
      int rejected, int skipping, List<String> mismatches) {}

  @Test void driverAgreesWithDuckDbAndWithItselfUnpruned() throws Exception {
    int total = Integer.getInteger("lake.differential.queries", 2_000);
    Long onlySeed = Long.getLong("lake.differential.seed");
    Integer onlyQuery = Integer.getInteger("lake.differential.query");
    int lakes = onlySeed != null ? 1 : Math.max(1, (total + QUERIES_PER_LAKE - 1) / QUERIES_PER_LAKE);
    long started = System.nanoTime();
    long cpuStarted = processCpuNanos();
    // Lakes are independent (their own files and connections): check them on every core.
    ExecutorService pool = Executors.newFixedThreadPool(
        Integer.getInteger("lake.differential.threads", Runtime.getRuntime().availableProcessors()));
    List<Future<LakeResult>> futures = new ArrayList<>();
    for (int l = 0; l < lakes; l++) {
      long seed = onlySeed != null ? onlySeed : BASE_SEED + l;
      futures.add(pool.submit(() -> checkLake(seed, onlyQuery)));
    }
    pool.shutdown();
    int queries = 0;
    int ordered = 0;
    int empty = 0;
    int rejected = 0;
    int skipping = 0;
    long files = 0;
    long rows = 0;
    List<String> mismatches = new ArrayList<>();
    for (Future<LakeResult> f : futures) {
      LakeResult r = f.get();
      skipping += r.skipping();
      queries += r.queries();
      ordered += r.ordered();
      empty += r.empty();
      rejected += r.rejected();
      files += r.files();
      rows += r.rows();
      mismatches.addAll(r.mismatches());
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    double cpu = (processCpuNanos() - cpuStarted) / 1e9;
    String summary = String.format(Locale.ROOT, "differential: %d lakes (%d files, %d rows), %d queries "
        + "(%d ordered, %d with no row, %d rejected by both engines, %d ruling out row groups), "
        + "%d mismatches, %.1f s (CPU %.1f s)", lakes, files, rows, queries, ordered, empty, rejected,
        skipping, mismatches.size(), seconds, cpu);
    System.out.println(summary);
    assertTrue(mismatches.isEmpty(), summary + "\n" + String.join("\n\n",
        mismatches.subList(0, Math.min(SHOWN, mismatches.size()))));
    // The generator writes only SQL both engines accept; a query both reject tests nothing.
    assertEquals(0, rejected, summary);
    // Data filters must have had row groups to rule out, or their answers were never in question.
    assertTrue(onlySeed != null || skipping > queries / 20, summary);
  }

  /** CPU time of the whole JVM, for the summary: wall time says little on a shared machine. */
  static long processCpuNanos() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : 0;
  }

  private LakeResult checkLake(long seed, Integer onlyQuery) throws Exception {
    RandomLake lake = RandomLake.write(seed, dir.resolve("lake-" + seed));
    // The driver must never write to the lake: the tree is checked after the queries too.
    List<String> tree = SafetyTest.tree(lake.root);
    RandomQueries generator = new RandomQueries(lake);
    int queries = 0;
    int ordered = 0;
    int empty = 0;
    int rejected = 0;
    int skipping = 0;
    List<String> mismatches = new ArrayList<>();
    try (Differential differential = new Differential(lake)) {
      for (int q = 0; q < QUERIES_PER_LAKE; q++) {
        if (onlyQuery != null && q != onlyQuery) {
          continue;
        }
        RandomQueries.Query query = generator.query(q);
        Differential.Outcome outcome = differential.check(query);
        queries++;
        ordered += query.ordered() ? 1 : 0;
        empty += outcome.rows() == 0 ? 1 : 0;
        rejected += outcome.rejectedByAll() ? 1 : 0;
        skipping += outcome.rowGroupsSkipped() > 0 ? 1 : 0;
        if (outcome.mismatch() != null) {
          mismatches.add("lake seed " + seed + ", query " + q + " (replay: -Dlake.differential.seed="
              + seed + " -Dlake.differential.query=" + q + ")\n  " + query.sql() + outcome.mismatch()
              + (mismatches.isEmpty() ? "\n  " + lake.describe() : ""));
        }
      }
    }
    if (!tree.equals(SafetyTest.tree(lake.root))) {
      mismatches.add("lake seed " + seed + ": the lake's files changed while it was queried");
    }
    return new LakeResult(seed, lake.files, lake.rows, queries, ordered, empty, rejected, skipping,
        mismatches);
  }
}
