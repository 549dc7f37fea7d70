package dev.lakejdbc.bench;

import dev.lakejdbc.bench.Goals.Goal;
import dev.lakejdbc.bench.Queries.Kind;
import dev.lakejdbc.bench.Suite.FirstQuery;
import dev.lakejdbc.bench.Suite.Measurement;
import dev.lakejdbc.bench.Suite.Outcome;
import dev.lakejdbc.bench.Suite.QueryOutcome;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** docs/BENCHMARKS.md: how to reproduce, where it ran, one table per lake, the goals, the details. */
final class MarkdownReport {
  /** Hand-written notes between these markers survive regeneration of the document. */
  static final String NOTES_BEGIN = "<!-- notes: kept when the benchmark rewrites this file -->";
  static final String NOTES_END = "<!-- /notes -->";

  /** Everything about the run that is not a measurement. */
  record Run(String command, String date, Machine machine, double loadBefore, double loadAfter,
      int warmups, double warmupSeconds, int runs, List<String> engines, List<String> setupNotes) {}

  private MarkdownReport() {}

  static String render(Run run, List<Outcome> outcomes, String previousDocument) {
    StringBuilder md = new StringBuilder();
    md.append("# Benchmarks: lake-jdbc vs DuckDB and Spark SQL\n\n")
        .append("Reproduce (from the repository root; the profile `spark` adds Spark SQL, about 300 MB of "
            + "jars; `-Pbench` alone leaves it out):\n\n")
        .append("```\n").append(run.command()).append("\n```\n\n")
        .append("Measured ").append(run.date()).append(" on ").append(run.machine().describe())
        .append(". System load average (1 min) ").append(load(run.loadBefore())).append(" before, ")
        .append(load(run.loadAfter())).append(" after.\n\n");
    Outcome reference = outcomes.get(0);
    md.append("Versions: ");
    // The dpp=false connection is the same driver.
    reference.versions().forEach((e, v) -> md.append(e.startsWith(LakeEngine.NAME + " ") ? ""
        : e + " " + v + "; "));
    md.setLength(md.length() - 2);
    md.append(".\n\n");
    for (String note : run.setupNotes()) {
      md.append("- ").append(note).append('\n');
    }
    md.append("\nEach query: at least ").append(run.warmups()).append(" untimed warm-up runs, more until ")
        .append(num(run.warmupSeconds())).append(" s have passed (at most ").append(Suite.MAX_WARMUPS)
        .append(", so that the JIT has compiled a fast query's paths), then ").append(run.runs())
        .append(" timed runs on one open connection (session) per engine, the same statement text each "
            + "time; figures are medians in ms, wall clock from execute to the last row read. "
            + "\"ours / best peer\" divides our median by the lowest peer median; \"DPP / static twin\" "
            + "divides our DPP query's median by that of the same query with the keys written as "
            + "literals, both timed again for it in alternation (twin, DPP, twin, ...; three times the "
            + "runs, at least 21 pairs, after a warm-up of the pair), so that the machine's drift falls "
            + "on both alike; for dpp=false it divides that engine's median by the twin's. Files and partitions are what `sys.scans` recorded for the fact scan of our "
            + "last run; \"matching\" is DuckDB's `count(DISTINCT filename)` under the same joins "
            + "and predicate.\n\n");

    for (Outcome o : outcomes) {
      md.append("## ").append(o.label()).append("\n\n");
      table(md, run.engines(), o);
      if (o == reference) {
        md.append("\n### Goals of the issue\n\n");
        for (Goal g : Goals.judge(o)) {
          md.append("- **").append(g.met() ? "MET" : "NOT MET").append("** — ").append(g.statement())
              .append(":\n");
          g.figures().forEach(f -> md.append("  - ").append(f).append('\n'));
        }
      }
      md.append("\n### Correctness\n\n");
      if (o.problems().isEmpty()) {
        md.append("All answers equal DuckDB's (normalized, order-insensitive); each DPP query's answer "
            + "equals its static twin's; our files read equal the matching files for every query.\n");
      } else {
        md.append("**MISMATCHES:**\n\n");
        o.problems().forEach(p -> md.append("- ").append(p).append('\n'));
      }
      md.append("\n### Details (median / min / max ms)\n\n");
      details(md, run.engines(), o);
      md.append('\n');
    }
    // The TPC-DS section is written by the --tpcds mode; keep it as it was.
    String tpcds = TpcdsReport.section(previousDocument);
    if (!tpcds.isEmpty()) {
      md.append(tpcds).append('\n');
    }
    md.append("## Notes\n\n").append(NOTES_BEGIN).append('\n').append(keptNotes(previousDocument))
        .append(NOTES_END).append('\n');
    return md.toString();
  }

  private static void table(StringBuilder md, List<String> engines, Outcome o) {
    md.append("| query |");
    engines.forEach(e -> md.append(' ').append(e).append(" |"));
    md.append(" ours / best peer | DPP / static twin | files read (matching) | partitions read |\n|---|");
    engines.forEach(e -> md.append("---:|"));
    md.append("---:|---:|---:|---:|\n");
    for (QueryOutcome q : o.queries()) {
      md.append("| ").append(q.query().name()).append(" |");
      for (String e : engines) {
        Measurement m = q.byEngine().get(e);
        md.append(' ').append(m == null ? "" : num(m.stats().median())).append(" |");
      }
      md.append(' ').append(Goals.vsBestPeer(q, LakeEngine.NAME)
          .map(r -> Goals.ratio(r.getValue()) + " (" + r.getKey() + ")").orElse("")).append(" |");
      md.append(' ').append(q.query().kind() == Kind.DPP
          ? twinRatios(o, q, engines) : "").append(" |");
      Measurement ours = q.byEngine().get(LakeEngine.NAME);
      md.append(' ').append(ours == null || ours.scan().isEmpty() ? "" : count(ours.scan().get().filesRead())
          + " (" + count(q.matchingFiles()) + ")").append(" |");
      md.append(' ').append(ours == null || ours.scan().isEmpty() ? "" : count(ours.scan().get()
          .partitionsRead()) + " of " + count(ours.scan().get().partitionsTotal())).append(" |\n");
    }
    md.append("| ").append(Queries.FIRST_QUERY).append(" |");
    for (String e : engines) {
      FirstQuery f = o.firstQuery().get(e);
      md.append(' ').append(f == null ? "" : num(f.warm().median()) + " (first: " + num(f.coldMillis()) + ")")
          .append(" |");
    }
    FirstQuery ours = o.firstQuery().get(LakeEngine.NAME);
    double bestPeer = o.firstQuery().entrySet().stream().filter(e -> Goals.isPeer(e.getKey()))
        .mapToDouble(e -> e.getValue().warm().median()).min().orElse(Double.NaN);
    md.append(' ').append(ours == null || Double.isNaN(bestPeer) ? ""
        : Goals.ratio(ours.warm().median() / bestPeer)).append(" | | | |\n\n");
    md.append("Fact table: ").append(count(o.factFiles())).append(" files under `").append(o.lake())
        .append("/").append(Queries.FACT).append("`. The first-query row is a new connection (ours: "
            + "after a `REFRESH` that makes it list every directory of the lake again, footers of "
            + "unchanged files reused; DuckDB: a new in-memory database and its views; Spark: a new "
            + "session on the running SparkContext, reading the table directories again) plus a count "
            + "of one day; "
            + "\"first\" is the very first such sample of the engine on this lake, which for the "
            + "first lake of the run includes loading the engine's classes in this JVM.\n");
  }

  private static String twinRatios(Outcome o, QueryOutcome q, List<String> engines) {
    StringBuilder s = new StringBuilder();
    for (String e : engines) {
      if (e.startsWith(LakeEngine.NAME)) {
        Goals.vsTwin(o, q, e).ifPresent(r -> s.append(s.isEmpty() ? "" : "; ").append(Goals.ratio(r))
            .append(e.equals(LakeEngine.NAME) ? "" : " (" + e + ")"));
      }
    }
    return s.toString();
  }

  private static void details(StringBuilder md, List<String> engines, Outcome o) {
    md.append("| query |");
    engines.forEach(e -> md.append(' ').append(e).append(" |"));
    md.append("\n|---|");
    engines.forEach(e -> md.append("---:|"));
    md.append('\n');
    for (QueryOutcome q : o.queries()) {
      md.append("| ").append(q.query().name()).append(" |");
      for (String e : engines) {
        Measurement m = q.byEngine().get(e);
        md.append(' ').append(m == null ? "" : num(m.stats().median()) + " / " + num(m.stats().min())
            + " / " + num(m.stats().max())).append(" |");
      }
      md.append('\n');
    }
    if (!o.paired().isEmpty()) {
      md.append("\nDPP queries and their static twins timed in alternation (lake-jdbc; median / min / max "
          + "ms):\n\n| DPP query | DPP | static twin | ratio |\n|---|---:|---:|---:|\n");
      o.paired().forEach((name, p) -> md.append("| ").append(name).append(" | ")
          .append(num(p.dpp().median())).append(" / ").append(num(p.dpp().min())).append(" / ")
          .append(num(p.dpp().max())).append(" | ").append(num(p.twin().median())).append(" / ")
          .append(num(p.twin().min())).append(" / ").append(num(p.twin().max())).append(" | ")
          .append(Goals.ratio(p.ratio())).append(" |\n"));
    }
    md.append("\nStatement texts:\n\n");
    for (QueryOutcome q : o.queries()) {
      md.append("- ").append(q.query().name()).append(": `").append(q.query().sql()).append("`\n");
    }
  }

  /** The notes section of the previous document, or nothing. */
  static String keptNotes(String previousDocument) {
    if (previousDocument == null) {
      return "";
    }
    Matcher m = Pattern.compile(Pattern.quote(NOTES_BEGIN) + "\n(.*?)" + Pattern.quote(NOTES_END),
        Pattern.DOTALL).matcher(previousDocument);
    return m.find() ? m.group(1) : "";
  }

  private static String num(double millis) {
    return String.format(Locale.ROOT, "%,.1f", millis);
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String load(double load) {
    return load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load);
  }

  /** The goals as plain lines for the console. */
  static String goalsText(Outcome reference) {
    StringBuilder s = new StringBuilder();
    for (Goal g : Goals.judge(reference)) {
      s.append(g.met() ? "MET     " : "NOT MET ").append(g.statement()).append('\n');
      g.figures().forEach(f -> s.append("          ").append(f).append('\n'));
    }
    return s.toString();
  }
}
