package dev.lakejdbc.bench;

import dev.lakejdbc.bench.TpcdsQueries.Part;
import dev.lakejdbc.bench.TpcdsSuite.EngineSpec;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The TPC-DS mode of the benchmark ({@code Benchmark --tpcds ...}): generates (or reuses) the lake,
 * runs every part on lake-jdbc, DuckDB and (profile {@code spark}) Spark SQL, checks the answers
 * against DuckDB's and writes the {@code ## TPC-DS} section of the document. Usage in {@link #USAGE}.
 */
final class TpcdsBenchmark {
  static final String USAGE = """
      usage: Benchmark --tpcds [--scale SF] [--lake DIR] [--warmups N] [--runs N] [--timeout S]
                               [--slow-seconds S] [--threads N] [--parts q1,q14a,...] [--engines ...]
                               [--jvm-warmup SF] [--doc FILE]
        --scale SF          TPC-DS scale factor (default 1; 0.01 is Trino's "tiny")
        --lake DIR          where the lake is generated, or reused if an identical one is there
                            (default: <tmp>/tpcds-sf<SF>)
        --warmups N         untimed runs of each part on each engine (default 1)
        --runs N            timed runs (default 3)
        --timeout S         cancel a run after S seconds (default 120)
        --slow-seconds S    a part whose first run took longer gets one more run, timed, and no more (default 20)
        --threads N         generator threads (default: the cores, at most 2)
        --parts LIST        only these parts (default: all 103)
        --engines LIST      only these of DuckDB,lake-jdbc,Spark (default: all; DuckDB always runs)
        --jvm-warmup SF     before its timed runs, each engine runs every part once, untimed, on another
                            lake of scale factor SF (generated or reused at <tmp>/tpcds-sf<SF>): a JVM
                            that has run queries before, with nothing of this lake cached (default: none)
        --doc FILE          write the TPC-DS section into this markdown file (the rest is kept)""";

  record Options(double scale, Path lake, int warmups, int runs, int timeout, double slowSeconds,
      int threads, List<String> parts, List<String> engines, double jvmWarmup, Path doc,
      List<String> args) {
    static Options parse(List<String> args) {
      double scale = 1;
      Path lake = null;
      int warmups = 1;
      int runs = 3;
      int timeout = 120;
      double slow = 20;
      int threads = Math.min(2, Runtime.getRuntime().availableProcessors());
      List<String> parts = List.of();
      List<String> engines = List.of();
      double jvmWarmup = 0;
      Path doc = null;
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        switch (a) {
          case "--scale" -> scale = Double.parseDouble(value(args, ++i));
          case "--lake" -> lake = Path.of(value(args, ++i));
          case "--warmups" -> warmups = Integer.parseInt(value(args, ++i));
          case "--runs" -> runs = Integer.parseInt(value(args, ++i));
          case "--timeout" -> timeout = Integer.parseInt(value(args, ++i));
          case "--slow-seconds" -> slow = Double.parseDouble(value(args, ++i));
          case "--threads" -> threads = Integer.parseInt(value(args, ++i));
          case "--parts" -> parts = List.of(value(args, ++i).split(","));
          case "--engines" -> engines = List.of(value(args, ++i).toLowerCase(Locale.ROOT).split(","));
          case "--jvm-warmup" -> jvmWarmup = Double.parseDouble(value(args, ++i));
          case "--doc" -> doc = Path.of(value(args, ++i));
          default -> throw new IllegalArgumentException("unexpected argument: " + a);
        }
      }
      if (scale <= 0 || runs < 1 || warmups < 0 || timeout < 1 || jvmWarmup < 0) {
        throw new IllegalArgumentException(
            "--scale, --runs and --timeout must be positive, --warmups and --jvm-warmup not negative");
      }
      if (lake == null) {
        lake = defaultLake(scale);
      }
      if (jvmWarmup > 0 && defaultLake(jvmWarmup).equals(lake.toAbsolutePath())) {
        throw new IllegalArgumentException("--jvm-warmup needs a lake other than the measured one");
      }
      return new Options(scale, lake.toAbsolutePath(), warmups, runs, timeout, slow, threads, parts,
          engines, jvmWarmup, doc, List.copyOf(args));
    }

    static Path defaultLake(double scale) {
      return Path.of(System.getProperty("java.io.tmpdir"), "tpcds-sf" + TpcdsLake.scale(scale))
          .toAbsolutePath();
    }

    private static String value(List<String> args, int i) {
      if (i >= args.size()) {
        throw new IllegalArgumentException(args.get(i - 1) + " needs a value");
      }
      return args.get(i);
    }
  }

  private TpcdsBenchmark() {}

  /** @param args the arguments after {@code --tpcds} */
  static int main(List<String> args, PrintStream out) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(USAGE);
      return 2;
    }
    long start = System.nanoTime();
    double loadBefore = Machine.loadAverage();
    out.println("== TPC-DS scale factor " + TpcdsLake.scale(o.scale()) + " at " + o.lake());
    boolean generated = TpcdsLake.ensure(o.lake(), o.scale(), o.threads());
    double generation = Stats.millisSince(start) / 1000;
    String summary = TpcdsLake.Summary.of(o.lake()).describe();
    out.printf("  lake %s in %.1f s: %s%n", generated ? "generated" : "reused", generation, summary);

    List<Part> parts = TpcdsQueries.all().stream()
        .filter(p -> o.parts().isEmpty() || o.parts().contains(p.name())).toList();
    Optional<Supplier<Engine>> spark = Benchmark.sparkEngine();
    List<EngineSpec> engines = engines(spark).stream().filter(e -> o.engines().isEmpty()
        || e.name().equals(DuckDbEngine.NAME) || o.engines().contains(e.name().toLowerCase(Locale.ROOT)))
        .toList();
    Path warmLake = null;
    if (o.jvmWarmup() > 0) {
      warmLake = Options.defaultLake(o.jvmWarmup());
      boolean made = TpcdsLake.ensure(warmLake, o.jvmWarmup(), o.threads());
      out.printf("  JVM warm-up lake %s at %s%n", made ? "generated" : "reused", warmLake);
    }
    TpcdsSuite.Settings settings = new TpcdsSuite.Settings(o.warmups(), o.runs(), o.timeout(),
        o.slowSeconds(), warmLake == null ? null : new TpcdsSuite.JvmWarmup(o.jvmWarmup(), warmLake));
    TpcdsSuite.Outcome outcome = new TpcdsSuite(engines, settings, out).run(o.lake(), parts);

    List<String> setup = new ArrayList<>();
    for (EngineSpec e : engines) {
      try (Engine engine = e.factory().get()) {
        setup.add(engine.describe().replace("`read_parquet('<dir>/<table>/**/*.parquet', hive_partitioning = true)`",
            "`read_parquet('<dir>/<table>/**/*.parquet', hive_partitioning = true)` for each of the 24 tables"));
      }
    }
    if (spark.isEmpty()) {
      setup.add("Spark: not run; its runner is compiled and its jars resolved only with the Maven "
          + "profile `spark` (`-Pbench,spark`).");
    }
    TpcdsReport.Run0 run = new TpcdsReport.Run0(command(o, spark.isPresent()),
        ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT)),
        Machine.current(), loadBefore, Machine.loadAverage(), o.scale(), o.lake().toString(), summary,
        generation, generated, Stats.millisSince(start) / 1000, settings, setup,
        engines.stream().anyMatch(e -> e.name().equals(TpcdsReport.SPARK)));
    String section = TpcdsReport.render(run, outcome);
    out.println();
    out.println(section);
    if (o.doc() != null) {
      String previous = Files.exists(o.doc()) ? Files.readString(o.doc()) : null;
      Files.writeString(o.doc(), TpcdsReport.replaceSection(previous, section));
      out.println("Wrote the TPC-DS section of " + o.doc().toAbsolutePath().normalize());
    }
    return 0;
  }

  /** DuckDB first (the reference), then ours, then Spark if present. */
  static List<EngineSpec> engines(Optional<Supplier<Engine>> spark) {
    List<EngineSpec> engines = new ArrayList<>(List.of(
        new EngineSpec(DuckDbEngine.NAME, DuckDbEngine::new, null),
        new EngineSpec(LakeEngine.NAME, () -> new LakeEngine(""), DuckDbEngine.NAME)));
    spark.ifPresent(s -> engines.add(new EngineSpec(TpcdsReport.SPARK, s, DuckDbEngine.NAME)));
    return engines;
  }

  static String command(Options o, boolean spark) {
    return "mvn -B -q -pl bench -am package -DskipTests -Pbench" + (spark ? ",spark" : "")
        + " -Dbench.args=\"--tpcds " + String.join(" ", o.args()) + "\"";
  }
}
