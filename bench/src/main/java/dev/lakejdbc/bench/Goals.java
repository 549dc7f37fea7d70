package dev.lakejdbc.bench;

import dev.lakejdbc.bench.Queries.Kind;
import dev.lakejdbc.bench.Suite.Measurement;
import dev.lakejdbc.bench.Suite.Outcome;
import dev.lakejdbc.bench.Suite.QueryOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** The goals, judged on the measured figures. A goal is met only if every row meets it. */
final class Goals {
  /** @param figures the rows that decide it, failing ones first */
  record Goal(String statement, boolean met, List<String> figures) {}

  static final double PRUNED_VS_PEER = 0.5;
  static final double FULL_VS_DUCKDB = 1.0;
  static final double DPP_VS_TWIN = 1.2;
  static final double FIRST_QUERY_MS = 1000;

  private Goals() {}

  static List<Goal> judge(Outcome o) {
    return List.of(prunedVsPeers(o), fullVsDuckDb(o), dppVsTwin(o), firstQuery(o), filesRead(o));
  }

  /** Our median over the best (lowest) peer median, with the peer's name; empty without peers. */
  static Optional<Map.Entry<String, Double>> vsBestPeer(QueryOutcome q, String engine) {
    Measurement ours = q.byEngine().get(engine);
    if (ours == null) {
      return Optional.empty();
    }
    return q.byEngine().entrySet().stream().filter(e -> isPeer(e.getKey()))
        .min(Map.Entry.comparingByValue((a, b) -> Double.compare(a.stats().median(), b.stats().median())))
        .map(best -> Map.entry(best.getKey(), ours.stats().median() / best.getValue().stats().median()));
  }

  /**
   * Our DPP query over its static twin: for our engine the paired ratio (runs alternated), else the
   * engine's DPP median over our twin's median.
   */
  static OptionalDouble vsTwin(Outcome o, QueryOutcome q, String engine) {
    Suite.PairedTwin paired = o.paired().get(q.query().name());
    if (engine.equals(LakeEngine.NAME) && paired != null) {
      return OptionalDouble.of(paired.ratio());
    }
    Measurement ours = q.byEngine().get(engine);
    Measurement twin = o.queries().stream().filter(t -> t.query().name().equals(q.query().twin()))
        .map(t -> t.byEngine().get(LakeEngine.NAME)).findFirst().orElse(null);
    return ours == null || twin == null ? OptionalDouble.empty()
        : OptionalDouble.of(ours.stats().median() / twin.stats().median());
  }

  static boolean isPeer(String engine) {
    return !engine.startsWith(LakeEngine.NAME);
  }

  private static Goal prunedVsPeers(Outcome o) {
    Check c = new Check();
    for (QueryOutcome q : o.queries()) {
      if (q.query().kind() != Kind.FULL) {
        vsBestPeer(q, LakeEngine.NAME).ifPresent(r -> c.add(r.getValue() <= PRUNED_VS_PEER,
            q.query().name() + ": " + ratio(r.getValue()) + " of " + r.getKey()));
      }
    }
    return c.goal("Every pruned query (static or dynamic) at most " + ratio(PRUNED_VS_PEER)
        + " the best peer's median");
  }

  private static Goal fullVsDuckDb(Outcome o) {
    Check c = new Check();
    for (QueryOutcome q : o.queries()) {
      Measurement ours = q.byEngine().get(LakeEngine.NAME);
      Measurement duck = q.byEngine().get(DuckDbEngine.NAME);
      if (q.query().kind() == Kind.FULL && ours != null && duck != null) {
        double r = ours.stats().median() / duck.stats().median();
        c.add(r <= FULL_VS_DUCKDB, q.query().name() + ": " + ms(ours.stats().median()) + " vs DuckDB "
            + ms(duck.stats().median()) + " (" + ratio(r) + ")");
      }
    }
    return c.goal("Full scans no slower than DuckDB");
  }

  private static Goal dppVsTwin(Outcome o) {
    Check c = new Check();
    for (QueryOutcome q : o.queries()) {
      if (q.query().kind() == Kind.DPP) {
        vsTwin(o, q, LakeEngine.NAME).ifPresent(r -> c.add(r <= DPP_VS_TWIN,
            q.query().name() + ": " + ratio(r) + " of " + q.query().twin()));
      }
    }
    return c.goal("Each DPP query at most " + ratio(DPP_VS_TWIN) + " its static twin");
  }

  private static Goal firstQuery(Outcome o) {
    Check c = new Check();
    Suite.FirstQuery f = o.firstQuery().get(LakeEngine.NAME);
    if (f != null) {
      c.add(f.warm().median() < FIRST_QUERY_MS, "median of a new connection + first query, listing the lake anew: "
          + ms(f.warm().median()));
      c.add(f.coldMillis() < FIRST_QUERY_MS, "the first connection in the JVM (class loading included): "
          + ms(f.coldMillis()));
    }
    return c.goal("First query on a fresh connection under 1 s");
  }

  private static Goal filesRead(Outcome o) {
    Check c = new Check();
    for (QueryOutcome q : o.queries()) {
      Measurement ours = q.byEngine().get(LakeEngine.NAME);
      if (ours != null && ours.scan().isPresent()) {
        long read = ours.scan().get().filesRead();
        c.add(read == q.matchingFiles(), q.query().name() + ": read " + read + ", matching "
            + q.matchingFiles());
      }
    }
    return c.goal("Files opened = files in surviving partitions (ours vs DuckDB's count of distinct "
        + "matching file names)");
  }

  static String ratio(double r) {
    return String.format(Locale.ROOT, "%.2fx", r);
  }

  static String ms(double millis) {
    return String.format(Locale.ROOT, "%,.1f ms", millis);
  }

  /** Collects rows of one goal; failing rows are listed first. */
  private static final class Check {
    private final List<String> failing = new ArrayList<>();
    private final List<String> passing = new ArrayList<>();

    void add(boolean ok, String figure) {
      (ok ? passing : failing).add((ok ? "" : "FAILED: ") + figure);
    }

    Goal goal(String statement) {
      List<String> figures = new ArrayList<>(failing);
      figures.addAll(passing);
      return new Goal(statement, failing.isEmpty() && !passing.isEmpty(), figures);
    }
  }
}
