package dev.lakejdbc.bench;

import dev.lakejdbc.testdata.ClusteredRetailLake;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The data filter benchmark: on the {@link ClusteredRetailLake} (a fact sorted by a data column, many
 * row groups per file), a selective filter on that column, a range of it, and a join on it to a
 * filtered dimension, timed on this driver (with and without data filter pushdown), DuckDB and, with
 * the profile {@code spark}, Spark SQL, in one run. Every answer must equal DuckDB's, and our row
 * groups read must equal the row groups whose statistics can match, which DuckDB's
 * {@code parquet_metadata} counts. Run through {@code Benchmark --data-filters ...} (see
 * {@link #USAGE}); it writes its own report, separate from docs/BENCHMARKS.md.
 */
final class DataFilterBench {
  static final String USAGE = """
      usage: Benchmark --data-filters [--lake DIR] [--days N] [--rows-per-day N] [--runs N] [--warmup-seconds S] [--doc FILE]
        --lake DIR          where the clustered lake is generated, or reused (default: <tmp>/lake-bench-clustered)
        --days N            days, one fact file each (default 30)
        --rows-per-day N    rows per fact file, in row groups of 2,500 (default 50,000)
        --runs N            timed rounds per query, one run of each engine a round (default 15)
        --warmup-seconds S  per query, untimed runs of all queries in turn until S seconds per query have
                            passed, then 2 more of each query (default 20: a JVM engine needs hundreds
                            of runs of a query before the JIT has compiled its paths)
        --doc FILE          also write the report as markdown there (notes in it are kept)""";

  static final String OFF = ";dataFilterPushdown=false";
  static final String OURS = LakeEngine.NAME;
  static final String OURS_OFF = LakeEngine.NAME + " dataFilterPushdown=false";

  /** A query and DuckDB's count of the fact's row groups whose statistics can match it. */
  record Query(String name, String sql, String matchingRowGroupsSql) {}

  /** One engine's timing and last answer of a query; ours also its row groups read and rows skipped. */
  record Measured(Stats stats, Result result, long rowGroupsRead, long rowGroupsTotal, long rowsSkipped) {}

  record Options(Path lake, ClusteredRetailLake.Options lakeOptions, int runs, double warmupSeconds,
      Path doc, List<String> args) {
    static Options parse(List<String> args) {
      Path lake = Path.of(System.getProperty("java.io.tmpdir"), "lake-bench-clustered");
      ClusteredRetailLake.Options o = ClusteredRetailLake.Options.benchmark();
      int runs = 15;
      double warmup = 20;
      Path doc = null;
      for (int i = 0; i < args.size(); i++) {
        switch (args.get(i)) {
          case "--data-filters" -> { }
          case "--lake" -> lake = Path.of(args.get(++i));
          case "--days" -> o = o.withDays(Integer.parseInt(args.get(++i)));
          case "--rows-per-day" -> o = o.withRowsPerDay(Integer.parseInt(args.get(++i)));
          case "--runs" -> runs = Integer.parseInt(args.get(++i));
          case "--warmup-seconds" -> warmup = Double.parseDouble(args.get(++i));
          case "--doc" -> doc = Path.of(args.get(++i));
          default -> throw new IllegalArgumentException("unexpected argument: " + args.get(i));
        }
      }
      return new Options(lake.toAbsolutePath(), o, runs, warmup, doc, args);
    }
  }

  private DataFilterBench() {}

  /** Runs the benchmark; false if an answer or a row group count disagreed. */
  static boolean run(Options o, PrintStream out) throws Exception {
    double loadBefore = Machine.loadAverage();
    out.println("== Clustered lake " + o.lakeOptions() + " at " + o.lake());
    ClusteredRetailLake.ensure(o.lake(), o.lakeOptions());
    Map<String, Supplier<Engine>> engines = new LinkedHashMap<>();
    engines.put(OURS, () -> new LakeEngine(""));
    engines.put(OURS_OFF, () -> new LakeEngine(OFF));
    engines.put(DuckDbEngine.NAME, DuckDbEngine::new);
    Benchmark.sparkEngine().ifPresent(s -> engines.put("Spark", s));
    List<Query> queries = queries(o);

    Map<Query, Map<String, Measured>> measured = new LinkedHashMap<>();
    queries.forEach(q -> measured.put(q, new LinkedHashMap<>()));
    Map<String, String> versions = new LinkedHashMap<>();
    // This driver and DuckDB are timed in alternation, run by run, so that the machine's drift falls
    // on both alike; the engines that allocate much in this JVM (Spark, and this driver reading every
    // row group) are timed alone after them, lest their garbage collections land in our runs.
    List<List<String>> groups = new ArrayList<>();
    groups.add(List.of(OURS, DuckDbEngine.NAME));
    engines.keySet().stream().filter(n -> !n.equals(OURS) && !n.equals(DuckDbEngine.NAME))
        .forEach(n -> groups.add(List.of(n)));
    for (List<String> group : groups) {
      Map<String, Engine> open = new LinkedHashMap<>();
      try {
        for (String name : group) {
          Engine engine = engines.get(name).get();
          open.put(name, engine);
          engine.open(o.lake());
          versions.put(name, engine.version());
          warmUp(engine, queries, o);
        }
        for (Query q : queries) {
          Map<String, Measured> byEngine = time(open, q, o);
          measured.get(q).putAll(byEngine);
          byEngine.forEach((name, m) -> out.printf(Locale.ROOT, "  %-40s %-34s median %8.1f ms%s%n",
              q.name(), name, m.stats().median(), m.rowGroupsTotal() > 0 ? ", row groups "
                  + m.rowGroupsRead() + " of " + m.rowGroupsTotal() : ""));
        }
      } finally {
        for (Engine engine : open.values()) {
          engine.close();
        }
      }
    }
    // Report columns in engine order.
    for (Query q : queries) {
      Map<String, Measured> ordered = new LinkedHashMap<>();
      engines.keySet().forEach(n -> ordered.put(n, measured.get(q).get(n)));
      measured.put(q, ordered);
    }

    List<String> problems = new ArrayList<>();
    Map<Query, Long> matching = new LinkedHashMap<>();
    try (DuckDbEngine oracle = new DuckDbEngine()) {
      oracle.open(o.lake());
      for (Query q : queries) {
        Result expected = oracle.run(q.sql());
        matching.put(q, Long.parseLong(oracle.run(q.matchingRowGroupsSql()).rows().get(0).get(0)));
        measured.get(q).forEach((engine, m) -> {
          if (!m.result().equals(expected)) {
            problems.add(q.name() + ": " + engine + " answered " + m.result() + ", DuckDB " + expected);
          }
        });
        Measured ours = measured.get(q).get(OURS);
        if (ours.rowGroupsRead() != matching.get(q)) {
          problems.add(q.name() + ": read " + ours.rowGroupsRead() + " row groups, the statistics of "
              + matching.get(q) + " can match");
        }
      }
    }
    problems.forEach(p -> out.println("MISMATCH " + p));
    String previous = o.doc() != null && Files.exists(o.doc()) ? Files.readString(o.doc()) : null;
    String markdown = report(o, engines.keySet(), versions, queries, measured, matching, problems,
        loadBefore, Machine.loadAverage())
        + "\n## Notes\n\n" + MarkdownReport.NOTES_BEGIN + "\n" + MarkdownReport.keptNotes(previous)
        + MarkdownReport.NOTES_END + "\n";
    out.println();
    out.println(markdown);
    if (o.doc() != null) {
      Files.writeString(o.doc(), markdown);
      out.println("Wrote " + o.doc().toAbsolutePath().normalize());
    }
    return problems.isEmpty();
  }

  static List<Query> queries(Options o) {
    ClusteredRetailLake.Options lake = o.lakeOptions();
    long rows = (long) lake.days() * lake.rowsPerDay();
    long middle = rows / 2 + 17;
    long from = rows / 3;
    long to = from + 999;
    String metadata = "parquet_metadata('" + o.lake().resolve("fact_orders") + "/*/*.parquet')";
    String overlapping = "SELECT count(*) FROM " + metadata + " WHERE path_in_schema = 'order_id' AND "
        + "CAST(stats_min_value AS BIGINT) <= %d AND CAST(stats_max_value AS BIGINT) >= %d";
    return List.of(
        new Query("order_id = one value", "SELECT count(*), sum(f.amount) FROM fact_orders f "
            + "WHERE f.order_id = " + middle, String.format(Locale.ROOT, overlapping, middle, middle)),
        new Query("order_id range of 1,000", "SELECT count(*), sum(f.amount), min(f.branch_id) "
            + "FROM fact_orders f WHERE f.order_id BETWEEN " + from + " AND " + to,
            String.format(Locale.ROOT, overlapping, to, from)),
        new Query("join on branch_id to 5 CLOSED branches", "SELECT b.branch_id, count(*), sum(f.amount) "
            + "FROM fact_orders f JOIN branches b ON f.branch_id = b.branch_id "
            + "WHERE b.status = 'CLOSED' GROUP BY b.branch_id",
            "SELECT count(*) FROM (SELECT DISTINCT m.file_name, m.row_group_id FROM " + metadata + " m "
                + "JOIN branches b ON b.branch_id BETWEEN m.stats_min_value AND m.stats_max_value "
                + "WHERE m.path_in_schema = 'branch_id' AND b.status = 'CLOSED')"));
  }

  /**
   * All queries in turn until {@code warmupSeconds} per query have passed (at most
   * {@link Suite#MAX_WARMUPS} rounds): the JIT compiles the paths they share, so that the first query
   * timed is not the one that paid for it.
   */
  private static void warmUp(Engine engine, List<Query> queries, Options o) throws Exception {
    long start = System.nanoTime();
    for (int n = 0; n < 2 || Stats.millisSince(start) < o.warmupSeconds() * 1000 * queries.size()
        && n < Suite.MAX_WARMUPS; n++) {
      for (Query q : queries) {
        engine.run(q.sql());
      }
    }
  }

  /** Each engine twice untimed, then {@code runs} rounds of one run per engine in turn. */
  private static Map<String, Measured> time(Map<String, Engine> engines, Query q, Options o)
      throws Exception {
    for (Engine engine : engines.values()) {
      for (int n = 0; n < 2; n++) {
        engine.run(q.sql());
      }
    }
    Map<String, double[]> millis = new LinkedHashMap<>();
    Map<String, Result> last = new LinkedHashMap<>();
    engines.keySet().forEach(name -> millis.put(name, new double[o.runs()]));
    for (int i = 0; i < o.runs(); i++) {
      for (Map.Entry<String, Engine> e : engines.entrySet()) {
        long t = System.nanoTime();
        last.put(e.getKey(), e.getValue().run(q.sql()));
        millis.get(e.getKey())[i] = Stats.millisSince(t);
      }
    }
    Map<String, Measured> measured = new LinkedHashMap<>();
    for (Map.Entry<String, Engine> e : engines.entrySet()) {
      long read = 0;
      long total = 0;
      long skipped = 0;
      if (e.getKey().startsWith(LakeEngine.NAME)) {
        List<String> scan = e.getValue().run("SELECT sum(row_groups_read), sum(row_groups_total), "
            + "sum(rows_skipped) FROM sys.scans WHERE table_name = 'fact_orders' AND statement_id = "
            + "(SELECT max(statement_id) FROM sys.scans WHERE table_name = 'fact_orders')").rows().get(0);
        read = Long.parseLong(scan.get(0));
        total = Long.parseLong(scan.get(1));
        skipped = Long.parseLong(scan.get(2));
      }
      measured.put(e.getKey(), new Measured(Stats.of(millis.get(e.getKey())), last.get(e.getKey()),
          read, total, skipped));
    }
    return measured;
  }

  private static String report(Options o, Iterable<String> engines, Map<String, String> versions,
      List<Query> queries, Map<Query, Map<String, Measured>> measured, Map<Query, Long> matching,
      List<String> problems, double loadBefore, double loadAfter) {
    StringBuilder md = new StringBuilder("# Benchmarks: data filters (lake-jdbc vs DuckDB and Spark SQL)\n\n");
    md.append("Reproduce (from the repository root; `spark` adds Spark SQL):\n\n```\n")
        .append("mvn -B -q -pl bench -am package -DskipTests -Pbench,spark -Dbench.args=\"")
        .append(String.join(" ", o.args())).append("\"\n```\n\n")
        .append("Measured ").append(ZonedDateTime.now().format(
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT)))
        .append(" on ").append(Machine.current().describe()).append(". System load average (1 min) ")
        .append(String.format(Locale.ROOT, "%.2f before, %.2f after", loadBefore, loadAfter))
        .append(".\n\nVersions: ");
    versions.forEach((e, v) -> md.append(e.equals(OURS_OFF) ? "" : e + " " + v + "; "));
    md.setLength(md.length() - 2);
    md.append(".\n\nLake: ").append(o.lakeOptions()).append(": `fact_orders` partitioned by `dt`, one file "
        + "a day, sorted by `branch_id` (a data column) with `order_id` numbered in that order, in row "
        + "groups of ").append(o.lakeOptions().rowGroupRows()).append(" rows and pages of ")
        .append(o.lakeOptions().pageRows()).append(" rows: ").append(o.lakeOptions().rowGroups())
        .append(" row groups. Each engine: the queries in turn, untimed, until ").append(o.warmupSeconds())
        .append(" s per query have passed (the JIT's warm-up); then each query twice untimed on every "
            + "engine and ").append(o.runs()).append(" timed rounds: lake-jdbc and DuckDB in turn, one run "
            + "each a round (so that the machine's drift falls on both alike), the others alone afterwards "
            + "(Spark and lake-jdbc without pushdown allocate much in this JVM); one open connection "
            + "(session) each; "
            + "medians in ms. \"row groups read (can match)\" is what `sys.scans` recorded for our last "
            + "run, and in brackets the row groups whose statistics can match (DuckDB's "
            + "`parquet_metadata`).\n\n| query |");
    engines.forEach(e -> md.append(' ').append(e).append(" |"));
    md.append(" ours / best peer | row groups read (can match) | rows skipped |\n|---|");
    engines.forEach(e -> md.append("---:|"));
    md.append("---:|---:|---:|\n");
    List<String> goals = new ArrayList<>();
    boolean fast = true;
    boolean exact = true;
    for (Query q : queries) {
      Map<String, Measured> m = measured.get(q);
      md.append("| ").append(q.name()).append(" |");
      engines.forEach(e -> md.append(' ').append(m.containsKey(e)
          ? String.format(Locale.ROOT, "%,.1f", m.get(e).stats().median()) : "").append(" |"));
      Optional<Map.Entry<String, Measured>> best = m.entrySet().stream()
          .filter(e -> !e.getKey().startsWith(LakeEngine.NAME))
          .min((a, b) -> Double.compare(a.getValue().stats().median(), b.getValue().stats().median()));
      Measured ours = m.get(OURS);
      double ratio = best.map(b -> ours.stats().median() / b.getValue().stats().median()).orElse(Double.NaN);
      fast &= ratio <= Goals.PRUNED_VS_PEER;
      exact &= ours.rowGroupsRead() == matching.get(q);
      md.append(' ').append(best.map(b -> Goals.ratio(ratio) + " (" + b.getKey() + ")").orElse(""))
          .append(" | ").append(String.format(Locale.ROOT, "%,d (%,d) of %,d", ours.rowGroupsRead(),
              matching.get(q), ours.rowGroupsTotal())).append(" | ")
          .append(String.format(Locale.ROOT, "%,d", ours.rowsSkipped())).append(" |\n");
      goals.add(q.name() + ": " + Goals.ratio(ratio) + " of " + best.map(Map.Entry::getKey).orElse("-")
          + "; row groups " + ours.rowGroupsRead() + " read, " + matching.get(q) + " can match");
    }
    md.append("\n### Goals of the issue\n\n- **").append(fast ? "MET" : "NOT MET")
        .append("** — each query at most ").append(Goals.ratio(Goals.PRUNED_VS_PEER))
        .append(" the best peer's median\n- **").append(exact ? "MET" : "NOT MET")
        .append("** — row groups read = row groups whose statistics can match\n");
    goals.forEach(g -> md.append("  - ").append(g).append('\n'));
    md.append("\n### Correctness\n\n").append(problems.isEmpty()
        ? "All answers equal DuckDB's (normalized, order-insensitive).\n"
        : "**MISMATCHES:**\n\n- " + String.join("\n- ", problems) + "\n");
    md.append("\n### Statement texts\n\n");
    queries.forEach(q -> md.append("- ").append(q.name()).append(": `").append(q.sql()).append("`\n"));
    return md.toString();
  }
}
