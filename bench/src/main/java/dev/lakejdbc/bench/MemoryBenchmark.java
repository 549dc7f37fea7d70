package dev.lakejdbc.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The queries of issue 16 (top-N, memory limits, spilling) on one table larger than the heap, this
 * driver with its default memory settings against DuckDB, side by side in one JVM: median times,
 * what our query and each of its operators held at most and spilled ({@code sys.queries}), and
 * whether the answers agree. Usage in {@link #USAGE}; run it in a JVM of 1 GB (the Maven profile
 * {@code memory-bench} does).
 */
public final class MemoryBenchmark {
  static final String USAGE = """
      usage: MemoryBenchmark [--lake DIR] [--rows N] [--runs N] [--doc FILE]
        --lake DIR   where table big is written by DuckDB, or reused if written with as many rows
                     (default: <tmp>/lake-memory-bench)
        --rows N     rows of big, in 4 partitions (default 20,000,000: about 310 MB of Parquet)
        --runs N     timed runs per query and engine, after one untimed (default 3)
        --doc FILE   also write the report there as markdown""";

  /**
   * One query: ours (with the statement's maxRows, 0 for none) and DuckDB's text of the same question
   * (DuckDB is given a LIMIT where our client sets maxRows, as its users would write it).
   */
  record Query(String name, String ours, int maxRows, String duckDb) {}

  static final List<Query> QUERIES = List.of(
      new Query("ORDER BY k DESC, setMaxRows(200)", "SELECT * FROM big ORDER BY k DESC", 200,
          "SELECT k, s, v, p FROM big ORDER BY k DESC LIMIT 200"),
      new Query("ORDER BY v LIMIT 10", "SELECT k, s, v FROM big ORDER BY v LIMIT 10", 0,
          "SELECT k, s, v FROM big ORDER BY v LIMIT 10"),
      new Query("self-join on k, GROUP BY s",
          "SELECT a.s, count(*) FROM big a JOIN big b ON a.k = b.k GROUP BY a.s", 0,
          "SELECT a.s, count(*) FROM big a JOIN big b ON a.k = b.k GROUP BY a.s"));

  record Options(Path lake, long rows, int runs, Path doc) {
    static Options parse(String[] args) {
      Path lake = Path.of(System.getProperty("java.io.tmpdir"), "lake-memory-bench");
      long rows = 20_000_000;
      int runs = 3;
      Path doc = null;
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--lake" -> lake = Path.of(required(args[i], value));
          case "--rows" -> rows = Long.parseLong(required(args[i], value));
          case "--runs" -> runs = Integer.parseInt(required(args[i], value));
          case "--doc" -> doc = Path.of(required(args[i], value));
          default -> throw new IllegalArgumentException("unexpected argument: " + args[i]);
        }
        i++;
      }
      return new Options(lake.toAbsolutePath(), rows, runs, doc);
    }

    private static String required(String option, String value) {
      if (value == null) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return value;
    }
  }

  /** One engine's figures for a query: times, and (ours) what it and its operators held and spilled. */
  record Measured(Stats stats, Result result, String memory, String operators) {}

  record Row(Query query, Measured ours, Measured duckDb) {
    boolean agrees() {
      return ours.result().equals(duckDb.result());
    }
  }

  private MemoryBenchmark() {}

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    System.exit(run(options, System.out) ? 0 : 1);
  }

  /** Runs the queries; false if an answer differs from DuckDB's. */
  static boolean run(Options o, PrintStream out) throws Exception {
    double loadBefore = Machine.loadAverage();
    long start = System.nanoTime();
    ensureTable(o.lake(), o.rows());
    out.printf(Locale.ROOT, "table big (%,d rows) ready in %.1f s at %s%n", o.rows(),
        Stats.millisSince(start) / 1000, o.lake());
    List<Row> rows = new ArrayList<>();
    try (Connection ours = DriverManager.getConnection("jdbc:lake:" + o.lake());
        Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      Jdbc.execute(duck, "CREATE VIEW big AS SELECT * FROM read_parquet('"
          + o.lake().resolve("big") + "/**/*.parquet', hive_partitioning = true)");
      for (Query q : QUERIES) {
        Measured mine = measure(ours, q.ours(), q.maxRows(), o.runs(), true);
        Measured theirs = measure(duck, q.duckDb(), 0, o.runs(), false);
        Row row = new Row(q, mine, theirs);
        rows.add(row);
        out.printf(Locale.ROOT, "  %-36s lake-jdbc %9.1f ms, DuckDB %9.1f ms%s; %s%n", q.name(),
            mine.stats().median(), theirs.stats().median(), row.agrees() ? "" : " ANSWERS DIFFER",
            mine.memory());
      }
    }
    String markdown = report(o, rows, loadBefore);
    out.println();
    out.println(markdown);
    if (o.doc() != null) {
      Files.writeString(o.doc(), markdown);
      out.println("Wrote " + o.doc().toAbsolutePath().normalize());
    }
    return rows.stream().allMatch(Row::agrees);
  }

  /** Writes big with DuckDB unless a table of as many rows is there. */
  static void ensureTable(Path lake, long rows) throws Exception {
    Path stamp = lake.resolve(".lake-memory-bench-" + rows);
    if (Files.exists(stamp)) {
      return;
    }
    if (Files.exists(lake.resolve("big"))) {
      throw new IllegalStateException(lake + " holds another table big; remove it or choose --lake");
    }
    Files.createDirectories(lake);
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      // k unique, s 1,000,000 distinct strings, v unique and in no order, 4 partitions.
      Jdbc.execute(duck, "COPY (SELECT i AS k, 'customer-' || lpad(CAST((i * 7919) % 1000000 AS VARCHAR), "
          + "7, '0') AS s, CAST((i * 104729) % 20000003 AS DOUBLE) / 7 AS v, CAST(i % 4 AS INTEGER) AS p "
          + "FROM range(" + rows + ") t(i)) TO '" + lake.resolve("big")
          + "' (FORMAT PARQUET, PARTITION_BY (p))");
    }
    Files.writeString(stamp, "written by MemoryBenchmark\n");
  }

  private static Measured measure(Connection c, String sql, int maxRows, int runs, boolean ours)
      throws Exception {
    Result result = null;
    double[] millis = new double[runs];
    for (int i = -1; i < runs; i++) {
      long start = System.nanoTime();
      result = read(c, sql, maxRows);
      if (i >= 0) {
        millis[i] = Stats.millisSince(start);
      }
    }
    List<String> memory = ours ? memory(c) : List.of("", "");
    return new Measured(Stats.of(millis), result, memory.get(0), memory.get(1));
  }

  private static Result read(Connection c, String sql, int maxRows) throws Exception {
    try (Statement s = c.createStatement()) {
      s.setMaxRows(maxRows);
      try (ResultSet rs = s.executeQuery(sql)) {
        int columns = rs.getMetaData().getColumnCount();
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
          List<Object> row = new ArrayList<>(columns);
          for (int i = 1; i <= columns; i++) {
            row.add(rs.getObject(i));
          }
          rows.add(row);
        }
        return Result.of(rows);
      }
    }
  }

  /** What our last query held at most and spilled, and its operators' figures, from sys.queries. */
  private static List<String> memory(Connection c) throws Exception {
    var row = Jdbc.query(c, "SELECT peak_bytes, spilled_bytes, spill_files, operators FROM sys.queries "
        + "WHERE statement_id = (SELECT max(statement_id) FROM sys.queries)").rows();
    if (row.isEmpty()) {
      return List.of("held nothing", "");
    }
    List<String> r = row.get(0);
    return List.of(String.format(Locale.ROOT, "held at most %s, spilled %s in %s files",
        mb(Long.parseLong(r.get(0))), mb(Long.parseLong(r.get(1))), r.get(2)), r.get(3));
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
  }

  static String report(Options o, List<Row> rows, double loadBefore) {
    StringBuilder md = new StringBuilder();
    md.append("# Memory benchmark: queries larger than the heap, lake-jdbc vs DuckDB\n\n");
    md.append("Reproduce (from the repository root):\n\n```\nmvn -B -q -pl bench -am package -DskipTests "
        + "-Pmemory-bench -Dbench.memory.args=\"--rows ").append(o.rows()).append(" --runs ")
        .append(o.runs()).append(o.doc() == null ? "" : " --doc ../docs/MEMORY_BENCHMARKS.md")
        .append("\"\n```\n\n");
    md.append("Measured ").append(ZonedDateTime.now().format(DateTimeFormatter.ofPattern(
        "yyyy-MM-dd HH:mm z", Locale.ROOT))).append(" on ").append(Machine.current().describe())
        .append(String.format(Locale.ROOT, ". System load average (1 min) %.2f before, %.2f after.%n%n",
            loadBefore, Machine.loadAverage()));
    md.append(String.format(Locale.ROOT, "Table `big`: %,d rows in 4 partitions written by DuckDB "
        + "(`k` BIGINT unique, `s` VARCHAR of 1,000,000 values, `v` DOUBLE unique, `p` the partition). "
        + "lake-jdbc runs with its default memory settings (`queryMemoryLimit=25%%` of the heap, "
        + "spilling to `java.io.tmpdir`); DuckDB in memory with its defaults, over a view of "
        + "`read_parquet`. Each query runs once untimed, then %d times; medians in ms, wall clock from "
        + "execute to the last row read. For `setMaxRows(200)` DuckDB is given `LIMIT 200`. "
        + "\"held / spilled\" is our query's `sys.queries` row (its last run), detailed per operator "
        + "below the table. Both engines run in the same JVM.%n%n", o.rows(), o.runs()));
    md.append("| query | lake-jdbc | DuckDB | ours / DuckDB | lake-jdbc held / spilled | answers |\n"
        + "|---|---:|---:|---:|---|---|\n");
    for (Row r : rows) {
      md.append(String.format(Locale.ROOT, "| %s | %,.1f | %,.1f | %.2fx | %s | %s |%n",
          r.query().name(), r.ours().stats().median(), r.duckDb().stats().median(),
          r.ours().stats().median() / r.duckDb().stats().median(), r.ours().memory(),
          r.agrees() ? "equal" : "DIFFER"));
    }
    md.append("\nPer operator (`sys.queries.operators`):\n\n");
    for (Row r : rows) {
      md.append("- ").append(r.query().name()).append(": ").append(r.ours().operators()).append('\n');
    }
    return md.toString();
  }
}
