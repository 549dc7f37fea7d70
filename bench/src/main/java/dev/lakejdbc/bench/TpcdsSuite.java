package dev.lakejdbc.bench;

import dev.lakejdbc.bench.Engine.Rows;
import dev.lakejdbc.bench.TpcdsCompare.Verdict;
import dev.lakejdbc.bench.TpcdsQueries.Part;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs TPC-DS parts on several engines over one lake, engine after engine (one open connection or
 * session each), and checks every engine's answers against a reference engine's (DuckDB's, or for a
 * second configuration of our driver, our first one's).
 *
 * <p>Each part on each engine: {@code warmups} untimed runs, then {@code runs} timed runs (wall clock
 * from execute to the last row read). A part whose first run took longer than {@code slowSeconds} gets
 * no further warm-up and one timed run: its compile-once costs are small next to its time. A run over
 * {@code timeoutSeconds} is cancelled and the part counts as timed out on that engine; a run that does
 * not end within {@link #GRACE_SECONDS} of its cancellation (our driver's planning does not watch the
 * cancel flag) is stopped with {@link Thread#stop()}, and the engine is opened anew for the next part.
 */
final class TpcdsSuite {
  static final int GRACE_SECONDS = 15;

  /** An engine to run: its name, how to make it, the engine it must agree with, and which parts. */
  record EngineSpec(String name, Supplier<Engine> factory, String reference, Predicate<Part> parts) {
    EngineSpec(String name, Supplier<Engine> factory, String reference) {
      this(name, factory, reference, p -> true);
    }
  }

  /**
   * @param jvmWarmup null, or another lake on which each engine runs every part once before its timed
   *     runs: the JVM (compiled code, loaded classes) of an application that has run queries before
   */
  record Settings(int warmups, int runs, int timeoutSeconds, double slowSeconds,
      JvmWarmup jvmWarmup) {}

  /** The lake of the JVM warm-up, and its scale factor. */
  record JvmWarmup(double scale, Path lake) {}

  enum Status { OK, FAILED, TIMED_OUT }

  /**
   * What our driver read of the fact tables in a part's last run, and whether it read {@code date_dim}
   * through a filter of its own (one it was given, or pushed down to it by the plan).
   */
  record FactScans(long partitionsRead, long partitionsTotal, long filesRead, int scans,
      boolean dynamicPruning, List<String> dynamicFilters, boolean dateDimensionFiltered) {}

  /** One engine's runs of one part. */
  record Run(Status status, Stats stats, Rows rows, String error, Optional<FactScans> facts) {
    double median() {
      return stats == null ? Double.NaN : stats.median();
    }
  }

  /** A part on every engine, and each engine's verdict against its reference. */
  record PartOutcome(Part part, Map<String, Run> runs, Map<String, Verdict> verdicts) {}

  record Outcome(List<PartOutcome> parts, Map<String, String> versions) {}

  private final List<EngineSpec> engines;
  private final Settings settings;
  private final PrintStream log;

  TpcdsSuite(List<EngineSpec> engines, Settings settings, PrintStream log) {
    this.engines = engines;
    this.settings = settings;
    this.log = log;
  }

  Outcome run(Path lake, List<Part> parts) throws Exception {
    Map<String, String> versions = new LinkedHashMap<>();
    Map<Part, Map<String, Run>> runs = new LinkedHashMap<>();
    parts.forEach(p -> runs.put(p, new LinkedHashMap<>()));
    for (EngineSpec spec : engines) {
      if (settings.jvmWarmup() != null) {
        warmUp(spec, settings.jvmWarmup().lake(), parts);
      }
      long start = System.nanoTime();
      Guarded engine = new Guarded(spec, lake);
      try {
        versions.put(spec.name(), engine.version());
        for (Part p : parts) {
          if (spec.parts().test(p)) {
            Run r = runPart(engine, p);
            runs.get(p).put(spec.name(), r);
          }
        }
      } finally {
        engine.close();
      }
      log.printf("  %s: %.1f s for %d parts%n", spec.name(), Stats.millisSince(start) / 1000,
          parts.stream().filter(spec.parts()).count());
    }
    List<PartOutcome> outcomes = new ArrayList<>();
    try (DuckDbEngine oracle = new DuckDbEngine()) {
      oracle.open(lake, TpcdsLake.TABLES);
      for (Part p : parts) {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        Map<String, Run> byEngine = runs.get(p);
        for (EngineSpec spec : engines) {
          Run mine = byEngine.get(spec.name());
          Run reference = spec.reference() == null ? null : byEngine.get(spec.reference());
          if (mine == null || reference == null || mine.status() != Status.OK
              || reference.status() != Status.OK) {
            continue;
          }
          Verdict v = TpcdsCompare.compare(p, reference.rows(), mine.rows(),
              () -> oracle.query(p.withoutLimit(), settings.timeoutSeconds()));
          verdicts.put(spec.name(), v);
          if (!v.equal()) {
            log.printf("  DIFFERENT %-5s %s vs %s: %s%n", p.name(), spec.name(), spec.reference(),
                v.detail());
          }
        }
        outcomes.add(new PartOutcome(p, byEngine, verdicts));
      }
    }
    return new Outcome(outcomes, versions);
  }

  /**
   * Every part once on another lake, untimed, its answers and failures ignored; returns how many
   * failed.
   */
  int warmUp(EngineSpec spec, Path warmLake, List<Part> parts) throws Exception {
    long start = System.nanoTime();
    Guarded engine = new Guarded(spec, warmLake);
    int failed = 0;
    try {
      for (Part p : parts) {
        if (spec.parts().test(p)
            && engine.query(p.sql(), settings.timeoutSeconds()).status() != Status.OK) {
          failed++;
        }
      }
    } finally {
      engine.close();
    }
    log.printf("  %s: JVM warm-up on %s: %.1f s, %d part(s) failed there%n", spec.name(), warmLake,
        Stats.millisSince(start) / 1000, failed);
    return failed;
  }

  private Run runPart(Guarded engine, Part p) {
    List<Double> timed = new ArrayList<>();
    Rows last = null;
    int warmups = settings.warmups();
    int runs = settings.runs();
    for (int i = 0; i < warmups + runs; i++) {
      long start = System.nanoTime();
      Attempt a = engine.query(p.sql(), settings.timeoutSeconds());
      double millis = Stats.millisSince(start);
      if (a.status() != Status.OK) {
        log.printf("  %-5s %-32s %s after %.1f s: %s%n", p.name(), engine.spec.name(), a.status(),
            millis / 1000, a.error());
        return new Run(a.status(), timed.isEmpty() ? null : Stats.of(unbox(timed)), last, a.error(),
            Optional.empty());
      }
      last = a.rows();
      if (i >= warmups) {
        timed.add(millis);
      }
      if (i == 0 && millis > settings.slowSeconds() * 1000) {
        if (warmups == 0) {
          break;
        }
        // Slow: one more run, timed, and that is all.
        warmups = 1;
        runs = 1;
      }
    }
    Optional<FactScans> facts = engine.factScans();
    Stats stats = Stats.of(unbox(timed));
    log.printf("  %-5s %-32s median %9.1f ms (%d runs), %d rows%s%n", p.name(), engine.spec.name(),
        stats.median(), stats.runs(), last.rows().size(), facts.map(f -> ", fact partitions "
            + f.partitionsRead() + " of " + f.partitionsTotal() + (f.dynamicPruning() ? ", DPP" : ""))
            .orElse(""));
    return new Run(Status.OK, stats, last, null, facts);
  }

  private static double[] unbox(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private record Attempt(Status status, Rows rows, String error) {}

  /**
   * An engine whose calls run on a worker thread of their own, so that one that ignores cancellation
   * can be abandoned (stopped) and the engine replaced.
   */
  private final class Guarded {
    final EngineSpec spec;
    private final Path lake;
    private Engine engine;
    private ExecutorService worker;

    Guarded(EngineSpec spec, Path lake) throws Exception {
      this.spec = spec;
      this.lake = lake;
      open();
    }

    private void open() throws Exception {
      worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tpcds-" + spec.name());
        t.setDaemon(true);
        return t;
      });
      engine = spec.factory().get();
      Future<?> opened = worker.submit(() -> {
        engine.open(lake, TpcdsLake.TABLES);
        return null;
      });
      opened.get();
    }

    String version() throws Exception {
      return worker.submit(engine::version).get();
    }

    private final Thread[] current = new Thread[1];

    Attempt query(String sql, int timeoutSeconds) {
      Future<Rows> f = worker.submit(() -> {
        synchronized (current) {
          current[0] = Thread.currentThread();
        }
        return engine.query(sql, timeoutSeconds);
      });
      try {
        return new Attempt(Status.OK, f.get(timeoutSeconds + GRACE_SECONDS, TimeUnit.SECONDS), null);
      } catch (TimeoutException e) {
        abandon();
        return new Attempt(Status.TIMED_OUT, null, "over " + timeoutSeconds + " s and still running "
            + GRACE_SECONDS + " s after it was cancelled (stopped)");
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        String message = cause.getClass().getSimpleName() + ": " + TpcdsCompare.firstLine(cause);
        boolean timedOut = cause instanceof java.sql.SQLTimeoutException
            || cause instanceof TimeoutException
            || (cause instanceof java.sql.SQLException s && "57014".equals(s.getSQLState()))
            || String.valueOf(cause.getMessage()).contains("INTERRUPT")
            || String.valueOf(cause.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("cancel");
        return new Attempt(timedOut ? Status.TIMED_OUT : Status.FAILED, null, message);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Attempt(Status.FAILED, null, "interrupted");
      }
    }

    /** Stops the stuck call and replaces the engine. */
    @SuppressWarnings({"deprecation", "removal"})
    private void abandon() {
      Thread stuck;
      synchronized (current) {
        stuck = current[0];
      }
      log.printf("  %s: a call ignored its cancellation; stopping its thread and reopening%n",
          spec.name());
      if (stuck != null) {
        try {
          stuck.stop();
        } catch (UnsupportedOperationException e) {
          stuck.interrupt();
        }
      }
      worker.shutdownNow();
      try {
        engine.close();
      } catch (Exception e) {
        // the stopped call may have left it unusable
      }
      try {
        open();
      } catch (Exception e) {
        throw new IllegalStateException("cannot reopen " + spec.name(), e);
      }
    }

    Optional<FactScans> factScans() {
      if (!(engine instanceof LakeEngine lakeEngine)) {
        return Optional.empty();
      }
      try {
        List<LakeEngine.Scan> scans = worker.submit(lakeEngine::lastScans).get(60, TimeUnit.SECONDS);
        long read = 0;
        long total = 0;
        long files = 0;
        int n = 0;
        boolean dynamic = false;
        boolean dateFiltered = false;
        List<String> filters = new ArrayList<>();
        for (LakeEngine.Scan s : scans) {
          dateFiltered |= s.table().equalsIgnoreCase("date_dim") && s.filtered();
          if (TpcdsLake.PARTITION_KEYS.containsKey(s.table().toLowerCase(java.util.Locale.ROOT))) {
            read += s.partitionsRead();
            total += s.partitionsTotal();
            files += s.filesRead();
            n++;
            if (s.dynamicFilter() != null) {
              dynamic = true;
              filters.add(s.table() + ": " + s.dynamicFilter());
            }
          }
        }
        return n == 0 ? Optional.empty()
            : Optional.of(new FactScans(read, total, files, n, dynamic, filters, dateFiltered));
      } catch (Exception e) {
        log.println("  sys.scans: " + TpcdsCompare.firstLine(e));
        return Optional.empty();
      }
    }

    void close() {
      try {
        worker.submit(() -> {
          engine.close();
          return null;
        }).get(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        // best effort
      }
      worker.shutdownNow();
    }
  }
}
