package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.bench.Queries.Kind;
import dev.lakejdbc.bench.Suite.Outcome;
import dev.lakejdbc.bench.Suite.QueryOutcome;
import dev.lakejdbc.testdata.RetailLake;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness end to end on a tiny lake (10 days x 3 branches), DuckDB as the only peer, one warm-up
 * and one run: checks answers and files read, never times.
 */
class BenchmarkSmokeTest {
  private static final String TPCDS_SECTION = TpcdsReport.BEGIN + "\n## TPC-DS\n\nkept\n"
      + TpcdsReport.END + "\n";

  @TempDir Path dir;

  @Test void suiteAgreesWithDuckDbAndReadsOnlyMatchingFiles() throws Exception {
    RetailLake.Options tiny = RetailLake.Options.benchmark().withDays(10).withFactBranches(3)
        .withRowsPerFile(20);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Suite suite = new Suite(Benchmark.engines(Optional.empty()), 1, 0, 1,
        new PrintStream(log, true, StandardCharsets.UTF_8));

    Outcome o = Benchmark.runLake(suite, "tiny", dir.resolve("lake"), tiny, false,
        new PrintStream(log, true, StandardCharsets.UTF_8));

    System.out.print(log.toString(StandardCharsets.UTF_8));
    assertEquals(java.util.List.of(), o.problems(), log.toString(StandardCharsets.UTF_8));
    assertEquals(30, o.factFiles());
    assertEquals(9, o.queries().size());
    for (QueryOutcome q : o.queries()) {
      var ours = q.byEngine().get(LakeEngine.NAME).scan().orElseThrow();
      assertEquals(q.matchingFiles(), ours.filesRead(), q.query().name());
      if (q.query().kind() == Kind.FULL) {
        assertEquals(30, q.matchingFiles(), q.query().name());
      } else {
        assertTrue(q.matchingFiles() > 0 && q.matchingFiles() < 30, q.query().name() + " prunes");
      }
      assertEquals(q.query().kind() == Kind.DPP,
          q.byEngine().containsKey(LakeEngine.NAME + " dpp=false"), q.query().name());
      assertTrue(q.byEngine().containsKey(DuckDbEngine.NAME), q.query().name());
    }
    assertEquals(2, o.firstQuery().size());

    String markdown = MarkdownReport.render(new MarkdownReport.Run("cmd", "today", Machine.current(),
        0, 0, 1, 0, 1, Benchmark.engines(Optional.empty()).stream().map(Suite.EngineSpec::name).toList(),
        java.util.List.of()), java.util.List.of(o), "# old\n" + TPCDS_SECTION + "## Notes\n");
    assertTrue(markdown.contains("| DPP join on dim_date holidays |"), markdown);
    assertTrue(markdown.contains(TPCDS_SECTION + "\n## Notes"), "the TPC-DS section is kept: " + markdown);
    assertTrue(markdown.contains("All answers equal DuckDB's"), markdown);
  }

  @Test void dataFilterBenchAgreesWithDuckDbAndReadsOnlyRowGroupsThatCanMatch() throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    DataFilterBench.Options o = DataFilterBench.Options.parse(java.util.List.of("--data-filters",
        "--lake", dir.resolve("clustered").toString(), "--days", "3", "--rows-per-day", "6000",
        "--runs", "1", "--warmup-seconds", "0"));
    boolean ok = DataFilterBench.run(o, new PrintStream(log, true, StandardCharsets.UTF_8));
    System.out.print(log.toString(StandardCharsets.UTF_8));
    assertTrue(ok, log.toString(StandardCharsets.UTF_8));
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("row groups read = row groups whose "
        + "statistics can match"), log.toString(StandardCharsets.UTF_8));
  }

  @Test void notesSurviveRegeneration() {
    String previous = "# x\n" + MarkdownReport.NOTES_BEGIN + "\nshared machine\n" + MarkdownReport.NOTES_END + "\n";
    assertEquals("shared machine\n", MarkdownReport.keptNotes(previous));
    assertEquals("", MarkdownReport.keptNotes(null));
  }
}
