package dev.lakejdbc.bench;

import dev.lakejdbc.bench.TpcdsCompare.Verdict;
import dev.lakejdbc.bench.TpcdsQueries.Correction;
import dev.lakejdbc.bench.TpcdsQueries.Rewrite;
import dev.lakejdbc.bench.TpcdsSuite.FactScans;
import dev.lakejdbc.bench.TpcdsSuite.Outcome;
import dev.lakejdbc.bench.TpcdsSuite.PartOutcome;
import dev.lakejdbc.bench.TpcdsSuite.Run;
import dev.lakejdbc.bench.TpcdsSuite.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ## TPC-DS} section of docs/BENCHMARKS.md, between {@link #BEGIN} and {@link #END}: the
 * command, the machine, one row per part, counts, geometric means, the worst ratios and the goals of
 * issue 15. {@link #replaceSection} puts it into the document and leaves everything else as it was;
 * the other benchmark, which rewrites the whole file, keeps this section ({@link
 * MarkdownReport#render}).
 */
final class TpcdsReport {
  static final String BEGIN = "<!-- tpcds: written by the benchmark's --tpcds mode; kept by the other -->";
  static final String END = "<!-- /tpcds -->";
  static final String OURS = LakeEngine.NAME;
  static final String DUCKDB = DuckDbEngine.NAME;
  static final String SPARK = "Spark";

  static final double GOAL_GEOMEAN_DUCKDB = 0.8;
  static final double GOAL_MAX_VS_DUCKDB = 3.0;
  static final double GOAL_GEOMEAN_SPARK = 0.3;
  static final double GOAL_MAX_SECONDS = 60;

  /** Everything about the run that is not a part's measurement. */
  record Run0(String command, String date, Machine machine, double loadBefore, double loadAfter,
      double scale, String lake, String lakeSummary, double generationSeconds, boolean generated,
      double runSeconds, TpcdsSuite.Settings settings, List<String> setup, boolean spark) {}

  private TpcdsReport() {}

  static String render(Run0 run, Outcome o) {
    StringBuilder md = new StringBuilder();
    md.append(BEGIN).append('\n');
    md.append("## TPC-DS\n\n");
    md.append("Reproduce (from the repository root):\n\n```\n").append(run.command()).append("\n```\n\n");
    md.append("Measured ").append(run.date()).append(" on ").append(run.machine().describe())
        .append(". System load average (1 min) ").append(load(run.loadBefore())).append(" before, ")
        .append(load(run.loadAfter())).append(" after.\n\n");
    md.append("Versions: ");
    o.versions().forEach((e, v) -> md.append(e).append(' ').append(v).append("; "));
    md.append("TPC-DS data `").append(TpcdsLake.GENERATOR).append("`, query templates `net.hydromatic:tpcds:0.4`.\n\n");
    md.append(String.format(Locale.ROOT, "Lake: scale factor %s at `%s`, %s; laid out as spark-sql-perf "
            + "does (the seven facts partitioned by their date key, NULL keys in `__HIVE_DEFAULT_PARTITION__`, "
            + "one file per partition, dimensions one file each). %s %.1f s. Whole run (generation "
            + "included): %.1f min.%n%n", TpcdsLake.scale(run.scale()), run.lake(), run.lakeSummary(),
        run.generated() ? "Generated in" : "Reused (stamp file matched); checking it took",
        run.generationSeconds(), run.runSeconds() / 60));
    for (String s : run.setup()) {
      md.append("- ").append(s).append('\n');
    }
    TpcdsSuite.Settings s = run.settings();
    md.append(String.format(Locale.ROOT, "%nEach part on each engine: %d untimed warm-up run(s), then %d "
            + "timed run(s), the same text, one open connection (session) per engine; figures are "
            + "medians in ms, wall clock from execute to the last row read. A part whose first run took "
            + "over %s s gets one more run, timed, and no more. A run over %d s is cancelled (JDBC "
            + "`Statement.cancel`, Spark's job group) and the part counts as timed out; one that does not "
            + "stop within %d s of the cancel is stopped and the engine reopened. Ratios divide our "
            + "median by the peer's. Answers are compared with DuckDB's: numbers numerically (decimal, "
            + "double, integer alike) within a relative %s (two integral values exactly), NULL equal to NULL, strings exactly; rows "
            + "as multisets, and in ORDER BY order as far as the ORDER BY items are output columns; "
            + "where DuckDB's answer fills the LIMIT, rows tied with the last row on every ORDER BY "
            + "item may differ, provided the rows before them are equal and each tied row is a row of "
            + "DuckDB's answer without the LIMIT. \"fact partitions\" sums `sys.scans` over the fact-table "
            + "scans of our last run (read of total); \"DPP\" says whether a fact scan had a "
            + "`dynamic_filter`.%n%n", s.warmups(), s.runs(), num(s.slowSeconds()), s.timeoutSeconds(),
        TpcdsSuite.GRACE_SECONDS, TpcdsCompare.TOLERANCE));
    if (s.jvmWarmup() != null) {
      md.append(String.format(Locale.ROOT, "**A warm JVM**: before its timed runs, each engine ran every "
          + "part once, untimed, on another lake (scale factor %s at `%s`, answers not checked), in "
          + "the same JVM and on a connection of its own: the JVM of an application that has run "
          + "queries before (its code compiled, its classes loaded), with nothing of the measured lake "
          + "cached (no listing, footer or plan). Issue 15's goals are about a JVM without it.%n%n",
          TpcdsLake.scale(s.jvmWarmup().scale()), s.jvmWarmup().lake()));
    }

    Summary sum = Summary.of(o, run.spark());
    md.append("### Summary\n\n");
    md.append(String.format(Locale.ROOT, "- lake-jdbc: %d of %d parts equal to DuckDB's answer, %d "
            + "different, %d failed, %d timed out.%n", sum.equal, sum.parts, sum.different, sum.failed,
        sum.timedOut));
    if (run.spark()) {
      md.append(String.format(Locale.ROOT, "- Spark: %d equal to DuckDB's, %d different, %d failed, %d "
          + "timed out.%n", sum.sparkEqual, sum.sparkDifferent, sum.sparkFailed, sum.sparkTimedOut));
    }
    md.append(String.format(Locale.ROOT, "- DuckDB: %d failed, %d timed out.%n", sum.duckFailed,
        sum.duckTimedOut));
    md.append(String.format(Locale.ROOT, "- Geometric mean of ours / DuckDB over the %d parts answered "
        + "equally with both times: %s.%n", sum.vsDuck.size(), ratio(geomean(sum.vsDuck))));
    if (run.spark()) {
      md.append(String.format(Locale.ROOT, "- Geometric mean of ours / Spark over the %d parts answered "
          + "equally by us and Spark, with both times: %s.%n", sum.vsSpark.size(),
          ratio(geomean(sum.vsSpark))));
    }
    md.append(String.format(Locale.ROOT, "- Dynamic pruning fired on %d of the %d parts that join a fact's "
            + "date key to `date_dim.d_date_sk` and filter `date_dim` (in the text, or through our plan) "
            + "and ran; on %d parts in all.%n%n",
        sum.dppFiredCandidates, sum.dppCandidates.size(), sum.dppFired));
    md.append("Worst ratios vs DuckDB among the equal answers: ")
        .append(worst(sum.vsDuckByPart, 15)).append(".\n\n");
    if (run.spark()) {
      md.append("Worst ratios vs Spark: ").append(worst(sum.vsSparkByPart, 15)).append(".\n\n");
    }

    md.append("### Goals of issue 15 (scale factor 1, 2 cores, one run)\n\n");
    for (String g : goals(sum, run.spark())) {
      md.append("- ").append(g).append('\n');
    }

    md.append("\n### Parts\n\n");
    md.append("| part | lake-jdbc | DuckDB |").append(run.spark() ? " Spark |" : "")
        .append(" ours / DuckDB |").append(run.spark() ? " ours / Spark |" : "")
        .append(" answer |").append(run.spark() ? " Spark's answer |" : "")
        .append(" fact partitions | DPP |\n|---|---:|---:|").append(run.spark() ? "---:|" : "")
        .append("---:|").append(run.spark() ? "---:|" : "").append("---|").append(run.spark() ? "---|" : "")
        .append("---:|---|\n");
    for (PartOutcome p : o.parts()) {
      Run ours = p.runs().get(OURS);
      Run duck = p.runs().get(DUCKDB);
      Run spark = p.runs().get(SPARK);
      md.append("| ").append(p.part().name()).append(" | ").append(time(ours)).append(" | ")
          .append(time(duck)).append(" |");
      if (run.spark()) {
        md.append(' ').append(time(spark)).append(" |");
      }
      md.append(' ').append(ratioOf(ours, duck)).append(" |");
      if (run.spark()) {
        md.append(' ').append(ratioOf(ours, spark)).append(" |");
      }
      md.append(' ').append(answer(p, OURS)).append(" |");
      if (run.spark()) {
        md.append(' ').append(answer(p, SPARK)).append(" |");
      }
      FactScans f = ours == null ? null : ours.facts().orElse(null);
      md.append(' ').append(f == null ? "" : String.format(Locale.ROOT, "%,d of %,d", f.partitionsRead(),
          f.partitionsTotal())).append(" | ").append(f == null ? "" : f.dynamicPruning() ? "yes" : "no")
          .append(" |\n");
    }

    md.append("\n### Differences, failures and time-outs\n\n");
    boolean any = false;
    for (PartOutcome p : o.parts()) {
      for (String engine : List.of(OURS, SPARK, DUCKDB)) {
        String d = problem(p, engine);
        if (d != null) {
          md.append("- ").append(p.part().name()).append(", ").append(engine).append(": ").append(d)
              .append('\n');
          any = true;
        }
      }
    }
    if (!any) {
      md.append("None.\n");
    }
    md.append("\nTies at the LIMIT accepted: ");
    List<String> ties = new ArrayList<>();
    for (PartOutcome p : o.parts()) {
      p.verdicts().forEach((e, v) -> {
        if (v.equal() && !v.detail().isEmpty()) {
          ties.add(p.part().name() + " (" + e + ": " + v.detail() + ")");
        }
      });
    }
    md.append(ties.isEmpty() ? "none" : String.join("; ", ties)).append(".\n");

    md.append("\n### The query texts\n\n");
    md.append("Made at run time from TPC's templates (`query_templates/queryN.tpl` in "
        + "`net.hydromatic:tpcds:0.4`, TPC-DS 1.x): every `[NAME]` becomes its TPC qualification value "
        + "(`bench/src/main/resources/tpcds/qualification.properties`, which says where the values come "
        + "from), `[_LIMITC]` becomes `LIMIT n`. Print them with `java -cp <bench class path> "
        + "dev.lakejdbc.bench.TpcdsQueries [q1 q14a ...]`. The same final text runs on every engine. "
        + "Rewrites, applied to every query, outside string literals:\n\n");
    for (Rewrite r : TpcdsQueries.REWRITES) {
      md.append("- **").append(r.name()).append("**: ").append(r.why()).append('\n');
    }
    md.append("\nCorrections of a template:\n\n");
    for (Correction c : TpcdsQueries.CORRECTIONS) {
      md.append("- **q").append(c.query()).append("**: `").append(c.from()).append("` -> ")
          .append(c.to()).append(": ").append(c.why()).append('\n');
    }
    md.append('\n').append(END).append('\n');
    return md.toString();
  }

  /** The counts and ratios the summary and the goals use. */
  static final class Summary {
    int parts;
    int equal;
    int different;
    int failed;
    int timedOut;
    int sparkEqual;
    int sparkDifferent;
    int sparkFailed;
    int sparkTimedOut;
    int duckFailed;
    int duckTimedOut;
    int dppFired;
    int dppFiredCandidates;
    List<String> dppCandidates = new ArrayList<>();
    List<String> dppMissing = new ArrayList<>();
    List<String> over60 = new ArrayList<>();
    List<Double> vsDuck = new ArrayList<>();
    List<Double> vsSpark = new ArrayList<>();
    List<Map.Entry<String, Double>> vsDuckByPart = new ArrayList<>();
    List<Map.Entry<String, Double>> vsSparkByPart = new ArrayList<>();
    List<String> notEqual = new ArrayList<>();

    static Summary of(Outcome o, boolean spark) {
      Summary s = new Summary();
      for (PartOutcome p : o.parts()) {
        s.parts++;
        Run ours = p.runs().get(OURS);
        Run duck = p.runs().get(DUCKDB);
        Run sp = p.runs().get(SPARK);
        Verdict v = p.verdicts().get(OURS);
        if (ours == null || ours.status() == Status.FAILED) {
          s.failed++;
          s.notEqual.add(p.part().name());
        } else if (ours.status() == Status.TIMED_OUT) {
          s.timedOut++;
          s.notEqual.add(p.part().name());
        } else if (v != null && v.equal()) {
          s.equal++;
        } else {
          s.different++;
          s.notEqual.add(p.part().name());
        }
        if (duck != null && duck.status() == Status.FAILED) {
          s.duckFailed++;
        } else if (duck != null && duck.status() == Status.TIMED_OUT) {
          s.duckTimedOut++;
        }
        if (spark) {
          Verdict sv = p.verdicts().get(SPARK);
          if (sp == null || sp.status() == Status.FAILED) {
            s.sparkFailed++;
          } else if (sp.status() == Status.TIMED_OUT) {
            s.sparkTimedOut++;
          } else if (sv != null && sv.equal()) {
            s.sparkEqual++;
          } else {
            s.sparkDifferent++;
          }
        }
        if (ours != null && ours.status() == Status.OK && ours.median() > GOAL_MAX_SECONDS * 1000) {
          s.over60.add(p.part().name() + " " + num(ours.median() / 1000) + " s");
        }
        boolean oursEqual = ours != null && ours.status() == Status.OK && v != null && v.equal();
        if (oursEqual && duck != null && duck.status() == Status.OK) {
          double r = ours.median() / duck.median();
          s.vsDuck.add(r);
          s.vsDuckByPart.add(Map.entry(p.part().name(), r));
        }
        Verdict sv = p.verdicts().get(SPARK);
        if (oursEqual && sp != null && sp.status() == Status.OK && sv != null && sv.equal()) {
          double r = ours.median() / sp.median();
          s.vsSpark.add(r);
          s.vsSparkByPart.add(Map.entry(p.part().name(), r));
        }
        boolean fired = ours != null && ours.facts().map(FactScans::dynamicPruning).orElse(false);
        if (fired) {
          s.dppFired++;
        }
        if (ours != null && ours.status() == Status.OK && joinsFactDateKey(p.part().sql())
            && (filtersDateColumn(p.part().sql())
                || ours.facts().map(FactScans::dateDimensionFiltered).orElse(false))) {
          s.dppCandidates.add(p.part().name());
          if (fired) {
            s.dppFiredCandidates++;
          } else {
            s.dppMissing.add(p.part().name());
          }
        }
      }
      return s;
    }
  }

  private static final Pattern DATE_JOIN = Pattern.compile("(?i)\\b(?:\\w+\\.)?(\\w+_date_sk)\\s*=\\s*"
      + "(?:\\w+\\.)?(\\w+_date_sk)\\b");

  /** Does the text equate a fact's partition key with {@code d_date_sk}? */
  static boolean joinsFactDateKey(String sql) {
    Matcher m = DATE_JOIN.matcher(sql);
    while (m.find()) {
      String a = m.group(1).toLowerCase(Locale.ROOT);
      String b = m.group(2).toLowerCase(Locale.ROOT);
      if ((TpcdsLake.PARTITION_KEYS.containsValue(a) && b.equals("d_date_sk"))
          || (TpcdsLake.PARTITION_KEYS.containsValue(b) && a.equals("d_date_sk"))) {
        return true;
      }
    }
    return false;
  }

  /** A comparison of a {@code date_dim} column other than its key: {@code d_year = 2000}, {@code d.d_moy IN}. */
  private static final Pattern DATE_COLUMN_FILTER = Pattern.compile("(?i)\\b(?:\\w+\\.)?d_(?!date_sk\\b)\\w+"
      + "\\s*(?:[=<>]|\\bbetween\\b|\\bin\\b|\\bnot\\b)");

  /**
   * Does the text compare a column of {@code date_dim} other than its key? With {@link #joinsFactDateKey}
   * and a filtered {@code date_dim} scan in our plan, what makes a part one where dynamic pruning
   * should fire: a filter on the dimension either is in the text or reached the dimension through
   * the plan (a {@code WHERE dyear = 2001} over a grouped CTE). A part that joins an unfiltered
   * {@code date_dim} (q76) has nothing to prune by.
   */
  static boolean filtersDateColumn(String sql) {
    return DATE_COLUMN_FILTER.matcher(sql).find();
  }

  static List<String> goals(Summary s, boolean spark) {
    List<String> g = new ArrayList<>();
    g.add(mark(s.equal == s.parts) + " — all " + s.parts + " parts give DuckDB's answer: " + s.equal
        + " do" + (s.notEqual.isEmpty() ? "" : "; not: " + String.join(", ", s.notEqual)) + ".");
    g.add(mark(s.failed == 0 && s.timedOut == 0 && s.over60.isEmpty()) + " — none fails or takes over "
        + num(GOAL_MAX_SECONDS) + " s: " + s.failed + " failed, " + s.timedOut + " timed out, "
        + s.over60.size() + " over " + num(GOAL_MAX_SECONDS) + " s"
        + (s.over60.isEmpty() ? "" : " (" + String.join(", ", s.over60) + ")") + ".");
    double gd = geomean(s.vsDuck);
    g.add(mark(gd <= GOAL_GEOMEAN_DUCKDB && s.equal == s.parts) + " — geometric mean of ours / DuckDB at "
        + "most " + num(GOAL_GEOMEAN_DUCKDB) + ": " + ratio(gd) + " over the " + s.vsDuck.size()
        + " equal parts" + (s.equal == s.parts ? "" : " (not all parts, so not met either way)") + ".");
    List<String> over3 = s.vsDuckByPart.stream().filter(e -> e.getValue() > GOAL_MAX_VS_DUCKDB)
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .map(e -> e.getKey() + " " + ratio(e.getValue())).toList();
    g.add(mark(over3.isEmpty() && s.equal == s.parts) + " — no part over " + num(GOAL_MAX_VS_DUCKDB)
        + "x DuckDB's time: " + over3.size() + " equal parts are" + (over3.isEmpty() ? "" : " ("
        + String.join(", ", over3) + ")") + (s.equal == s.parts ? "" : "; the parts not answered "
        + "equally are not counted") + ".");
    if (spark) {
      double gs = geomean(s.vsSpark);
      g.add(mark(gs <= GOAL_GEOMEAN_SPARK && s.equal == s.parts) + " — geometric mean of ours / Spark at "
          + "most " + num(GOAL_GEOMEAN_SPARK) + ": " + ratio(gs) + " over " + s.vsSpark.size() + " parts.");
    } else {
      g.add("NOT MEASURED — geometric mean of ours / Spark: Spark was not run (profile `spark`).");
    }
    g.add(mark(s.dppMissing.isEmpty()) + " — dynamic pruning fires on every part where a filtered "
        + "dimension restricts a partition column (approximated: the text joins a fact's date key to "
        + "`d_date_sk`, and either compares another `date_dim` column or our plan read `date_dim` through "
        + "a filter; parts that failed or timed out not counted): " + s.dppFiredCandidates + " of " + s.dppCandidates.size()
        + (s.dppMissing.isEmpty() ? "" : "; not on " + String.join(", ", s.dppMissing)) + ".");
    return g;
  }

  private static String mark(boolean met) {
    return met ? "**MET**" : "**NOT MET**";
  }

  private static String problem(PartOutcome p, String engine) {
    Run r = p.runs().get(engine);
    if (r == null) {
      return null;
    }
    if (r.status() != Status.OK) {
      return (r.status() == Status.TIMED_OUT ? "timed out: " : "failed: ") + r.error();
    }
    Verdict v = p.verdicts().get(engine);
    return v != null && !v.equal() ? "different: " + v.detail() : null;
  }

  private static String answer(PartOutcome p, String engine) {
    Run r = p.runs().get(engine);
    if (r == null) {
      return "";
    }
    if (r.status() == Status.FAILED) {
      return "failed";
    }
    if (r.status() == Status.TIMED_OUT) {
      return "timed out";
    }
    Verdict v = p.verdicts().get(engine);
    if (v == null) {
      return "?";
    }
    return v.equal() ? (v.detail().isEmpty() ? "equal" : "equal (ties)") : "**different**";
  }

  private static String time(Run r) {
    if (r == null) {
      return "";
    }
    return switch (r.status()) {
      case OK -> String.format(Locale.ROOT, "%,.1f", r.median());
      case TIMED_OUT -> "timeout";
      case FAILED -> "error";
    };
  }

  private static String ratioOf(Run ours, Run peer) {
    if (ours == null || peer == null || ours.status() != Status.OK || peer.status() != Status.OK) {
      return "";
    }
    return ratio(ours.median() / peer.median());
  }

  static double geomean(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
  }

  private static String worst(List<Map.Entry<String, Double>> byPart, int n) {
    List<String> s = byPart.stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .limit(n).map(e -> e.getKey() + " " + ratio(e.getValue())).toList();
    return s.isEmpty() ? "none" : String.join(", ", s);
  }

  static String ratio(double r) {
    return Double.isNaN(r) ? "n/a" : String.format(Locale.ROOT, r < 10 ? "%.2fx" : "%.0fx", r);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String load(double load) {
    return load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load);
  }

  /**
   * The document with its TPC-DS section replaced by {@code section}; without one, the section goes
   * before {@code ## Notes} (or at the end).
   */
  static String replaceSection(String document, String section) {
    if (document == null || document.isEmpty()) {
      return section;
    }
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin >= 0 && end > begin) {
      int after = end + END.length();
      if (after < document.length() && document.charAt(after) == '\n') {
        after++;
      }
      return document.substring(0, begin) + section + document.substring(after);
    }
    int notes = document.indexOf("\n## Notes\n");
    if (notes >= 0) {
      return document.substring(0, notes + 1) + section + "\n" + document.substring(notes + 1);
    }
    return document + (document.endsWith("\n") ? "\n" : "\n\n") + section;
  }

  /** The TPC-DS section of a document, or "" (for the other benchmark, which rewrites the file). */
  static String section(String document) {
    if (document == null) {
      return "";
    }
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin < 0 || end < begin) {
      return "";
    }
    int after = end + END.length();
    return document.substring(begin, after) + "\n";
  }
}
