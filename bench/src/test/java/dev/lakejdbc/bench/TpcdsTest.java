package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.bench.TpcdsCompare.Verdict;
import dev.lakejdbc.bench.TpcdsQueries.Part;
import dev.lakejdbc.bench.TpcdsSuite.EngineSpec;
import dev.lakejdbc.bench.TpcdsSuite.Outcome;
import dev.lakejdbc.bench.TpcdsSuite.PartOutcome;
import dev.lakejdbc.bench.TpcdsSuite.Run;
import dev.lakejdbc.bench.TpcdsSuite.Status;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * All 103 TPC-DS parts at scale factor 0.01 (Trino's "tiny"), on our driver and on DuckDB, once each:
 * any answer that differs from DuckDB's, any error and any part over {@link #TIMEOUT_SECONDS} fails
 * the test, unless the part is listed in {@code tpcds-known-failures.txt}. The list is strict: a listed
 * part that now passes fails the test too, so that the list always says what is broken today.
 *
 * <p>{@link #UNPRUNED_PARTS} are run again with {@code ;dpp=false;staticPruning=false;
 * dataFilterPushdown=false} (nothing pushed into a scan: every row group of every partition read) and
 * must give the same answer as with pruning and data filters. A subset, because the 103 parts take
 * several minutes at this scale on 2 shared cores and a second full pass unpruned would add as
 * much again to every build: 23 parts on which dynamic pruning fires, each a second or two.
 * {@code -Dtpcds.unpruned=all} runs every part that passes a second time.
 *
 * <p>{@code -Dtpcds.parts=q1,q14a} runs only those parts (the list is then checked for them only);
 * {@code -Dtpcds.skip=true} skips the test (for a quick local {@code mvn verify}; CI never sets it).
 */
class TpcdsTest {
  static final double SCALE = 0.01;
  static final int TIMEOUT_SECONDS = 60;
  static final String KNOWN_FAILURES = "/tpcds-known-failures.txt";
  static final String UNPRUNED = LakeEngine.NAME + " unpruned";

  /**
   * Pruned by date_dim at run time, quick, and right today; q19, q38 and q51 also filter a fact's data
   * join keys (item, customer) by a dimension's keys.
   */
  static final Set<String> UNPRUNED_PARTS = Set.of("q15", "q19", "q20", "q29", "q36", "q37", "q38",
      "q42", "q43", "q45", "q46", "q50", "q51", "q52", "q55", "q68", "q73", "q79", "q82", "q86", "q92",
      "q97", "q98");
  /** What the second pass turns off. */
  static final String NOTHING_PUSHED = ";dpp=false;staticPruning=false;dataFilterPushdown=false";

  @TempDir static Path dir;

  @Test void everyPartAnswersAsDuckDbDoes() throws Exception {
    Assumptions.assumeFalse(Boolean.getBoolean("tpcds.skip"), "-Dtpcds.skip=true");
    long start = System.nanoTime();
    Path lake = dir.resolve("tpcds");
    TpcdsLake.ensure(lake, SCALE, Math.min(2, Runtime.getRuntime().availableProcessors()));
    double generation = Stats.millisSince(start) / 1000;

    Map<String, String> known = knownFailures();
    Set<String> only = Set.of(System.getProperty("tpcds.parts", "").split(",")).stream()
        .filter(s -> !s.isBlank()).collect(Collectors.toSet());
    List<Part> parts = TpcdsQueries.all().stream()
        .filter(p -> only.isEmpty() || only.contains(p.name())).toList();
    assertTrue(only.isEmpty() || parts.size() == only.size(), "unknown part in " + only);
    for (String name : known.keySet()) {
      assertTrue(TpcdsQueries.all().stream().anyMatch(p -> p.name().equals(name)),
          KNOWN_FAILURES + " lists " + name + ", which is no TPC-DS part");
    }

    List<EngineSpec> engines = List.of(
        new EngineSpec(DuckDbEngine.NAME, DuckDbEngine::new, null),
        new EngineSpec(LakeEngine.NAME, () -> new LakeEngine(""), DuckDbEngine.NAME),
        new EngineSpec(UNPRUNED, () -> new LakeEngine(NOTHING_PUSHED),
            LakeEngine.NAME, p -> !known.containsKey(p.name())
                && (UNPRUNED_PARTS.contains(p.name()) || "all".equals(System.getProperty("tpcds.unpruned")))));
    PrintStream log = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    Outcome o = new TpcdsSuite(engines, new TpcdsSuite.Settings(0, 1, TIMEOUT_SECONDS, 0, null), log)
        .run(lake, parts);

    List<String> problems = new ArrayList<>();
    for (PartOutcome p : o.parts()) {
      String name = p.part().name();
      Run duck = p.runs().get(DuckDbEngine.NAME);
      if (duck.status() != Status.OK) {
        problems.add(name + ": DuckDB " + duck.status() + ": " + duck.error());
        continue;
      }
      String failure = failure(p, LakeEngine.NAME);
      if (failure != null && !known.containsKey(name)) {
        problems.add(name + " fails (" + failure + "): fix it or list it in " + KNOWN_FAILURES);
      } else if (failure == null && known.containsKey(name)) {
        problems.add(name + " now passes: remove it from tpcds-known-failures.txt");
      }
      if (failure == null && p.runs().containsKey(UNPRUNED)) {
        String unpruned = failure(p, UNPRUNED);
        if (unpruned != null) {
          problems.add(name + " with " + NOTHING_PUSHED.substring(1) + " differs from the pruned run: "
              + unpruned);
        }
      }
    }
    log.printf("TPC-DS at scale factor %s: generation %.1f s, whole test %.1f s; %d parts, %d listed as "
        + "known failures%n", TpcdsLake.scale(SCALE), generation, Stats.millisSince(start) / 1000,
        parts.size(), known.size());
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  /** Why an engine's run of a part does not count as right, or null if it does. */
  private static String failure(PartOutcome p, String engine) {
    Run r = p.runs().get(engine);
    if (r == null) {
      return "not run";
    }
    if (r.status() != Status.OK) {
      return r.status() + ": " + r.error();
    }
    if (r.median() > TIMEOUT_SECONDS * 1000.0) {
      return "took " + Math.round(r.median() / 1000) + " s";
    }
    Verdict v = p.verdicts().get(engine);
    return v == null ? "no verdict" : v.equal() ? null : "different: " + v.detail();
  }

  /** Part name to its one-line reason, from the resource; '#' starts a comment. */
  static Map<String, String> knownFailures() throws IOException {
    Map<String, String> known = new LinkedHashMap<>();
    try (InputStream in = TpcdsTest.class.getResourceAsStream(KNOWN_FAILURES)) {
      if (in == null) {
        return known;
      }
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String l = line.strip();
        if (l.isEmpty() || l.startsWith("#")) {
          continue;
        }
        String[] nameAndReason = l.split("\\s+", 2);
        if (known.put(nameAndReason[0], nameAndReason.length > 1 ? nameAndReason[1] : "") != null) {
          throw new IllegalStateException(KNOWN_FAILURES + " lists " + nameAndReason[0] + " twice");
        }
      }
    }
    return known;
  }
}
