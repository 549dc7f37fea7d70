package dev.lakejdbc.bench;

import dev.lakejdbc.bench.Engine.ScanCounts;
import dev.lakejdbc.bench.Queries.Kind;
import dev.lakejdbc.bench.Queries.Query;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Times a list of queries on each engine over one lake and checks them: every engine's answer equals
 * DuckDB's (run untimed on a separate oracle connection), each DPP query's answer equals its static
 * twin's, and our driver opened exactly the files that hold matching rows.
 */
final class Suite {
  /** How to make a fresh engine; {@code dppOnly} engines run just the DPP queries (ours with dpp=false). */
  record EngineSpec(String name, Supplier<Engine> factory, boolean dppOnly) {}

  /** One engine's timings of one query, its last answer and (ours) what its last run read. */
  record Measurement(Stats stats, Result result, Optional<ScanCounts> scan) {}

  /** A query's measurements by engine name (in engine order) and the files it must open. */
  record QueryOutcome(Query query, Map<String, Measurement> byEngine, long matchingFiles) {}

  /**
   * New connection (or session) plus its first query: the very first in this JVM for the engine
   * ({@code coldMillis}, class loading and start-up included) and the runs after it.
   */
  record FirstQuery(double coldMillis, Stats warm, Result result) {}

  /**
   * Our DPP query and its static twin timed alternately, run by run, so that the machine's drift
   * (other tenants, GC, the JIT) falls on both alike: a ratio of two medians of a few ms each, taken
   * minutes apart, moved by 0.3 between otherwise equal runs.
   */
  record PairedTwin(Stats dpp, Stats twin) {
    double ratio() {
      return dpp.median() / twin.median();
    }
  }

  record Outcome(String label, Path lake, int factFiles, List<QueryOutcome> queries,
      Map<String, FirstQuery> firstQuery, Map<String, String> versions, Map<String, PairedTwin> paired,
      List<String> problems) {}

  private final List<EngineSpec> engines;
  static final int MAX_WARMUPS = 1_000;

  private final int warmups;
  private final double warmupMillis;
  private final int runs;
  private final PrintStream log;

  Suite(List<EngineSpec> engines, int warmups, double warmupSeconds, int runs, PrintStream log) {
    this.engines = engines;
    this.warmups = warmups;
    this.warmupMillis = warmupSeconds * 1000;
    this.runs = runs;
    this.log = log;
  }

  Outcome run(String label, Path lake, Query first, List<Query> queries) throws Exception {
    List<String> problems = new ArrayList<>();
    Map<String, FirstQuery> firstQuery = new LinkedHashMap<>();
    Map<String, String> versions = new LinkedHashMap<>();
    Map<Query, Map<String, Measurement>> measured = new LinkedHashMap<>();
    Map<String, PairedTwin> paired = new LinkedHashMap<>();
    queries.forEach(q -> measured.put(q, new LinkedHashMap<>()));

    // Fresh connections first, so that our driver's first sample is its first use in this JVM.
    for (EngineSpec spec : engines) {
      if (!spec.dppOnly()) {
        firstQuery.put(spec.name(), timeFirstQuery(spec, lake, first));
      }
    }
    for (EngineSpec spec : engines) {
      try (Engine engine = spec.factory().get()) {
        engine.open(lake);
        versions.put(spec.name(), engine.version());
        for (Query q : queries) {
          if (!spec.dppOnly() || q.kind() == Kind.DPP) {
            measured.get(q).put(spec.name(), timeWarm(engine, q));
          }
        }
        if (spec.name().equals(LakeEngine.NAME)) {
          for (Query q : queries) {
            Optional<Query> twin = queries.stream().filter(t -> t.name().equals(q.twin())).findFirst();
            if (twin.isPresent()) {
              paired.put(q.name(), timePaired(engine, q, twin.get()));
            }
          }
        }
      }
    }

    List<QueryOutcome> outcomes = new ArrayList<>();
    int factFiles;
    try (DuckDbEngine oracle = new DuckDbEngine()) {
      oracle.open(lake);
      oracle.addFilenameView();
      factFiles = Integer.parseInt(oracle.run(allFilesSql()).rows().get(0).get(0));
      Result firstAnswer = oracle.run(first.sql());
      firstQuery.forEach((engine, f) -> {
        if (!f.result().equals(firstAnswer)) {
          problems.add(first.name() + ": " + engine + " answered " + f.result() + ", DuckDB "
              + firstAnswer);
        }
      });
      Map<String, Result> expected = new LinkedHashMap<>();
      for (Query q : queries) {
        Result answer = oracle.run(q.sql());
        expected.put(q.name(), answer);
        long files = Long.parseLong(oracle.run(q.matchingFilesSql()).rows().get(0).get(0));
        outcomes.add(new QueryOutcome(q, measured.get(q), files));
        check(q, answer, files, measured.get(q), problems);
      }
      for (Query q : queries) {
        if (q.twin() != null && expected.containsKey(q.twin())
            && !expected.get(q.name()).equals(expected.get(q.twin()))) {
          problems.add(q.name() + ": DuckDB's answer differs from its static twin's (" + q.twin()
              + "): " + expected.get(q.name()) + " vs " + expected.get(q.twin()));
        }
      }
    }
    problems.forEach(p -> log.println("MISMATCH [" + label + "] " + p));
    return new Outcome(label, lake, factFiles, outcomes, firstQuery, versions, paired, problems);
  }

  private static String allFilesSql() {
    return "SELECT count(DISTINCT filename) FROM " + DuckDbEngine.FACT_WITH_FILENAMES;
  }

  /** Answers must equal DuckDB's; our driver (with DPP on) must open exactly the matching files. */
  private static void check(Query q, Result expected, long matchingFiles,
      Map<String, Measurement> byEngine, List<String> problems) {
    byEngine.forEach((engine, m) -> {
      if (!m.result().equals(expected)) {
        problems.add(q.name() + ": " + engine + " answered " + m.result() + ", DuckDB " + expected);
      }
    });
    Measurement ours = byEngine.get(LakeEngine.NAME);
    if (ours == null) {
      return;
    }
    if (ours.scan().isEmpty()) {
      problems.add(q.name() + ": sys.scans has no scan of " + Queries.FACT);
    } else if (ours.scan().get().filesRead() != matchingFiles) {
      problems.add(q.name() + ": " + LakeEngine.NAME + " read " + ours.scan().get().filesRead()
          + " files, " + matchingFiles + " hold matching rows");
    }
  }

  private FirstQuery timeFirstQuery(EngineSpec spec, Path lake, Query first) throws Exception {
    Timed cold = freshFirstQuery(spec, lake, first);
    int warmed = warmUp(() -> freshFirstQuery(spec, lake, first));
    double[] timed = new double[runs];
    Result answer = cold.result();
    for (int i = 0; i < runs; i++) {
      Timed t = freshFirstQuery(spec, lake, first);
      timed[i] = t.millis();
      answer = t.result();
    }
    FirstQuery result = new FirstQuery(cold.millis(), Stats.of(timed), answer);
    log.printf("  %-45s %-22s first %8.1f ms, then median %8.1f ms (%d warm-ups)%n", first.name(),
        spec.name(), cold.millis(), result.warm().median(), warmed);
    return result;
  }

  private record Timed(double millis, Result result) {}

  /**
   * A new engine instance, opened, and its first query, discovering the lake anew; closing it and
   * forgetting what earlier instances listed are not timed.
   */
  private static Timed freshFirstQuery(EngineSpec spec, Path lake, Query first) throws Exception {
    try (Engine forgetting = spec.factory().get()) {
      forgetting.forgetSharedListings(lake);
    }
    long start = System.nanoTime();
    try (Engine engine = spec.factory().get()) {
      engine.open(lake);
      Result answer = engine.run(first.sql());
      return new Timed(Stats.millisSince(start), answer);
    }
  }

  /** Pairs of runs, the twin then the DPP query: three times the usual runs, at least 21 pairs. */
  private PairedTwin timePaired(Engine engine, Query dpp, Query twin) throws Exception {
    warmUp(() -> {
      engine.run(twin.sql());
      return engine.run(dpp.sql());
    });
    int pairs = Math.max(21, 3 * runs);
    double[] dppMillis = new double[pairs];
    double[] twinMillis = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      long start = System.nanoTime();
      engine.run(twin.sql());
      twinMillis[i] = Stats.millisSince(start);
      start = System.nanoTime();
      engine.run(dpp.sql());
      dppMillis[i] = Stats.millisSince(start);
    }
    PairedTwin result = new PairedTwin(Stats.of(dppMillis), Stats.of(twinMillis));
    log.printf("  %-45s paired with %s: %.1f / %.1f ms = %.2fx (%d pairs)%n", dpp.name(), twin.name(),
        result.dpp().median(), result.twin().median(), result.ratio(), pairs);
    return result;
  }

  private Measurement timeWarm(Engine engine, Query q) throws Exception {
    int warmed = warmUp(() -> engine.run(q.sql()));
    double[] timed = new double[runs];
    Result last = null;
    for (int i = 0; i < runs; i++) {
      long start = System.nanoTime();
      last = engine.run(q.sql());
      timed[i] = Stats.millisSince(start);
    }
    Optional<ScanCounts> scan = engine.lastFactScan();
    Stats stats = Stats.of(timed);
    log.printf("  %-45s %-22s median %8.1f ms (min %.1f, max %.1f, %d warm-ups)%s%n", q.name(),
        engine.name(), stats.median(), stats.min(), stats.max(), warmed,
        scan.map(s -> ", files " + s.filesRead() + ", partitions " + s.partitionsRead() + " of "
            + s.partitionsTotal()).orElse(""));
    return new Measurement(stats, last, scan);
  }

  /**
   * Untimed runs: at least {@code warmups}, then more until {@code warmupMillis} have passed, at most
   * {@link #MAX_WARMUPS}. A JVM engine needs hundreds of runs of a fast query before the JIT has compiled
   * its paths; a slow query warms up within a few runs, and a native engine loses nothing.
   */
  private int warmUp(Callable<?> run) throws Exception {
    long start = System.nanoTime();
    int n = 0;
    while (n < warmups || (n < MAX_WARMUPS && Stats.millisSince(start) < warmupMillis)) {
      run.call();
      n++;
    }
    return n;
  }
}
