package dev.lakejdbc.bench;

import dev.lakejdbc.bench.Queries.Keys;
import dev.lakejdbc.bench.Suite.EngineSpec;
import dev.lakejdbc.bench.Suite.Outcome;
import dev.lakejdbc.testdata.RetailLake;
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
 * The benchmark: generates (or reuses) the reference lake, times the same queries on this driver,
 * DuckDB and, when its runner is on the classpath (profile {@code spark}), Spark SQL, checks that
 * they agree, and prints and writes the report. Usage in {@link #USAGE}.
 */
public final class Benchmark {
  static final String USAGE = """
      usage: Benchmark --tpcds ... (see TpcdsBenchmark), or
             Benchmark --data-filters ... (see DataFilterBench), or
             Benchmark [--lake DIR] [--scale N] [--warmups N] [--warmup-seconds S] [--runs N] [--many-partitions] [--doc FILE]
        --lake DIR          where the reference lake is generated, or reused if an identical one is there
                            (default: <tmp>/lake-bench); --many-partitions uses DIR-many
        --scale N           multiply the fact's 700 rows per file by N (default 1)
        --warmups N         untimed runs before each query's timed runs, at least (default 2)
        --warmup-seconds S  and more untimed runs until S seconds have passed, at most 1,000 (default 3):
                            the JIT needs hundreds of runs of a fast query
        --runs N            timed runs per query (default 7)
        --many-partitions   also run a subset on 500 days x 200 branches = 100,000 one-row files
                            (listing and planning cost; generating it takes minutes the first time)
        --doc FILE          also write the report as markdown there (notes in it are kept)""";

  /** The Spark runner, compiled only with -Pspark (src/spark/java). */
  static final String SPARK_ENGINE = "dev.lakejdbc.bench.SparkEngine";

  record Options(Path lake, int scale, int warmups, double warmupSeconds, int runs,
      boolean manyPartitions, Path doc, List<String> args) {
    static Options parse(String[] args) {
      Path lake = Path.of(System.getProperty("java.io.tmpdir"), "lake-bench");
      int scale = 1;
      int warmups = 2;
      double warmupSeconds = 3;
      int runs = 7;
      boolean many = false;
      Path doc = null;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--lake" -> lake = Path.of(value(args, ++i));
          case "--scale" -> scale = positive(args, ++i);
          case "--warmups" -> warmups = Integer.parseInt(value(args, ++i));
          case "--warmup-seconds" -> warmupSeconds = Double.parseDouble(value(args, ++i));
          case "--runs" -> runs = positive(args, ++i);
          case "--many-partitions" -> many = true;
          case "--doc" -> doc = Path.of(value(args, ++i));
          default -> throw new IllegalArgumentException("unexpected argument: " + args[i]);
        }
      }
      return new Options(lake.toAbsolutePath(), scale, warmups, warmupSeconds, runs, many, doc,
          List.of(args));
    }

    private static String value(String[] args, int i) {
      if (i >= args.length) {
        throw new IllegalArgumentException(args[i - 1] + " needs a value");
      }
      return args[i];
    }

    private static int positive(String[] args, int i) {
      int n = Integer.parseInt(value(args, i));
      if (n < 1) {
        throw new IllegalArgumentException(args[i - 1] + " must be at least 1: " + n);
      }
      return n;
    }
  }

  private Benchmark() {}

  public static void main(String[] args) throws Exception {
    if (List.of(args).contains("--tpcds")) {
      List<String> rest = new ArrayList<>(List.of(args));
      rest.remove("--tpcds");
      int status = TpcdsBenchmark.main(rest, System.out);
      // Spark leaves non-daemon threads behind: end the JVM explicitly.
      System.exit(status);
      return;
    }
    if (List.of(args).contains("--data-filters")) {
      // The data filter benchmark: its own lake, queries and report (DataFilterBench).
      DataFilterBench.Options o;
      try {
        o = DataFilterBench.Options.parse(List.of(args));
      } catch (RuntimeException e) {
        System.err.println(e.getMessage());
        System.err.println(DataFilterBench.USAGE);
        System.exit(2);
        return;
      }
      System.exit(DataFilterBench.run(o, System.out) ? 0 : 1);
      return;
    }
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    boolean ok = run(options, System.out);
    // Spark leaves non-daemon threads behind: end the JVM explicitly.
    System.exit(ok ? 0 : 1);
  }

  /** Runs everything; false if any answer or file count disagreed. */
  static boolean run(Options o, PrintStream out) throws Exception {
    double loadBefore = Machine.loadAverage();
    Optional<Supplier<Engine>> spark = sparkEngine();
    List<EngineSpec> engines = engines(spark);
    Suite suite = new Suite(engines, o.warmups(), o.warmupSeconds(), o.runs(), out);
    List<Outcome> outcomes = new ArrayList<>();

    RetailLake.Options reference = RetailLake.Options.benchmark()
        .withRowsPerFile(Math.multiplyExact(RetailLake.Options.benchmark().rowsPerFile(), o.scale()));
    outcomes.add(runLake(suite, "Reference lake: " + describe(reference), o.lake(), reference, false, out));
    if (o.manyPartitions()) {
      RetailLake.Options many = RetailLake.Options.benchmark().withDays(500).withFactBranches(200)
          .withRowsPerFile(1);
      Path manyLake = o.lake().resolveSibling(o.lake().getFileName() + "-many");
      outcomes.add(runLake(suite, "Many partitions: " + describe(many), manyLake, many, true, out));
    }

    List<String> setup = new ArrayList<>();
    for (EngineSpec spec : engines) {
      try (Engine e = spec.factory().get()) {
        setup.add(e.describe());
      }
    }
    if (spark.isEmpty()) {
      setup.add("Spark: not run; its runner is compiled and its jars resolved only with the Maven "
          + "profile `spark` (`-Pbench,spark`).");
    }
    MarkdownReport.Run run = new MarkdownReport.Run(command(o, spark.isPresent()),
        ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT)),
        Machine.current(), loadBefore, Machine.loadAverage(), o.warmups(), o.warmupSeconds(), o.runs(),
        engines.stream().map(EngineSpec::name).toList(), setup);
    String previous = o.doc() != null && Files.exists(o.doc()) ? Files.readString(o.doc()) : null;
    String markdown = MarkdownReport.render(run, outcomes, previous);
    out.println();
    out.println(markdown);
    out.println(MarkdownReport.goalsText(outcomes.get(0)));
    if (o.doc() != null) {
      Files.createDirectories(o.doc().toAbsolutePath().getParent());
      Files.writeString(o.doc(), markdown);
      out.println("Wrote " + o.doc().toAbsolutePath().normalize());
    }
    boolean ok = outcomes.stream().allMatch(x -> x.problems().isEmpty());
    if (!ok) {
      out.println("MISMATCHES FOUND: see the Correctness sections above.");
    }
    return ok;
  }

  /** Ours, ours with dpp=false (DPP queries only), DuckDB, and Spark if present, in report order. */
  static List<EngineSpec> engines(Optional<Supplier<Engine>> spark) {
    List<EngineSpec> engines = new ArrayList<>(List.of(
        new EngineSpec(LakeEngine.NAME, () -> new LakeEngine(""), false),
        new EngineSpec(LakeEngine.NAME + " dpp=false", () -> new LakeEngine(";dpp=false"), true),
        new EngineSpec(DuckDbEngine.NAME, DuckDbEngine::new, false)));
    spark.ifPresent(s -> engines.add(new EngineSpec("Spark", s, false)));
    return engines;
  }

  /** Generates the lake unless an identical one is there, then runs the suite on it. */
  static Outcome runLake(Suite suite, String label, Path lake, RetailLake.Options lakeOptions,
      boolean manyPartitions, PrintStream out) throws Exception {
    out.println("== " + label + " at " + lake);
    long start = System.nanoTime();
    RetailLake.ensure(lake, lakeOptions);
    out.printf("  lake ready in %.1f s%n", Stats.millisSince(start) / 1000);
    Keys keys;
    try (DuckDbEngine oracle = new DuckDbEngine()) {
      oracle.open(lake);
      keys = Keys.read(oracle);
    }
    return suite.run(label, lake, Queries.firstQuery(keys),
        manyPartitions ? Queries.manyPartitions(keys) : Queries.all(keys));
  }

  static String describe(RetailLake.Options o) {
    return String.format(Locale.ROOT, "fact_orders %d days x %d branches = %,d files x %,d rows",
        o.days(), o.factBranches(), o.factFiles(), o.rowsPerFile());
  }

  /** Spark's runner if the build included it (profile spark). */
  static Optional<Supplier<Engine>> sparkEngine() {
    try {
      var constructor = Class.forName(SPARK_ENGINE).getDeclaredConstructor();
      return Optional.of(() -> {
        try {
          return (Engine) constructor.newInstance();
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("cannot create " + SPARK_ENGINE, e);
        }
      });
    } catch (ClassNotFoundException e) {
      System.out.println("Note: Spark skipped (build with -Pbench,spark to include it).");
      return Optional.empty();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot load " + SPARK_ENGINE, e);
    }
  }

  /** The one Maven command that reproduces this run. */
  static String command(Options o, boolean spark) {
    return "mvn -B -q -pl bench -am package -DskipTests -Pbench" + (spark ? ",spark" : "")
        + " -Dbench.args=\"" + String.join(" ", o.args()) + "\"";
  }
}
