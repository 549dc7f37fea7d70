package dev.lakejdbc.bench;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The benchmark's queries, defined once. Each dynamic-pruning (DPP) query has a static twin: the same
 * answer with the keys the dimension would select written as literals, so the report can show what
 * deciding the partitions at run time costs over knowing them up front.
 */
final class Queries {
  static final String FACT = "fact_orders";
  static final List<String> TABLES = List.of(FACT, "dim_date", "branches");

  enum Kind {
    /** Reads every partition. */
    FULL,
    /** Pruned by literals on partition columns. */
    STATIC,
    /** Pruned by a filtered dimension's join keys. */
    DPP
  }

  /**
   * {@code SELECT <select> FROM fact_orders f <joins> WHERE <where> GROUP BY <groupBy>}; the fact is
   * always aliased {@code f}, so the same joins and predicate can count DuckDB's matching files.
   *
   * @param twin for a DPP query, the name of its static twin; else null
   */
  record Query(String name, Kind kind, String select, String joins, String where, String groupBy,
      String twin) {
    String sql() {
      return "SELECT " + select + " FROM " + FACT + " f" + joins + whereClause()
          + (groupBy.isEmpty() ? "" : " GROUP BY " + groupBy);
    }

    /** DuckDB: the number of distinct fact files holding rows this query's predicate and joins keep. */
    String matchingFilesSql() {
      return "SELECT count(DISTINCT f.filename) FROM " + DuckDbEngine.FACT_WITH_FILENAMES + " f" + joins
          + whereClause();
    }

    private String whereClause() {
      return where.isEmpty() ? "" : " WHERE " + where;
    }
  }

  /**
   * The literals the static queries use, read from the lake's dimensions (so a smaller lake gets its
   * own): the holiday dates, the West branch ids, and one day in the middle of the range.
   */
  record Keys(List<String> holidays, List<String> westBranches, String oneDate) {
    /** Reads the keys from the dimensions through an open engine. */
    static Keys read(Engine engine) throws Exception {
      List<String> dates = engine.run("SELECT date_id FROM dim_date").firstColumn();
      return new Keys(
          engine.run("SELECT date_id FROM dim_date WHERE date_type = 'holiday'").firstColumn(),
          engine.run("SELECT branch_id FROM branches WHERE region = 'West'").firstColumn(),
          dates.get(dates.size() / 2));
    }
  }

  static final String HOLIDAY_JOIN = " JOIN dim_date d ON f.dt = d.date_id";
  static final String WEST_JOIN = " JOIN branches b ON f.branch_id = b.branch_id";
  static final String AMOUNTS = "count(*), sum(f.amount)";
  static final String FIRST_QUERY = "first query, fresh connection (discovery included)";

  private Queries() {}

  /** The first query on a fresh connection: one day's count, so discovery dominates. */
  static Query firstQuery(Keys k) {
    return new Query(FIRST_QUERY, Kind.STATIC, "count(*)", "",
        "f.dt = " + date(k.oneDate()), "", null);
  }

  /** The reference suite, in report order. */
  static List<Query> all(Keys k) {
    String holidaysIn = "f.dt IN (" + dates(k.holidays()) + ")";
    String westIn = "f.branch_id IN (" + strings(k.westBranches()) + ")";
    return List.of(
        new Query("full count", Kind.FULL, "count(*)", "", "", "", null),
        new Query("full sum(amount)", Kind.FULL, "sum(f.amount)", "", "", "", null),
        new Query("static 1 date", Kind.STATIC, AMOUNTS, "", "f.dt = " + date(k.oneDate()), "", null),
        new Query("static 7 dates IN", Kind.STATIC, "f.dt, " + AMOUNTS, "", holidaysIn, "f.dt", null),
        new Query("DPP join on dim_date holidays", Kind.DPP, "d.date_id, " + AMOUNTS, HOLIDAY_JOIN,
            "d.date_type = 'holiday'", "d.date_id", "static 7 dates IN"),
        new Query("static 50 branches IN", Kind.STATIC, "f.branch_id, " + AMOUNTS, "", westIn,
            "f.branch_id", null),
        new Query("DPP join on branches region West", Kind.DPP, "b.branch_id, " + AMOUNTS, WEST_JOIN,
            "b.region = 'West'", "b.branch_id", "static 50 branches IN"),
        new Query("static 7 dates x West", Kind.STATIC, AMOUNTS, "", holidaysIn + " AND " + westIn, "",
            null),
        new Query("DPP both joins", Kind.DPP, AMOUNTS, HOLIDAY_JOIN + WEST_JOIN,
            "d.date_type = 'holiday' AND b.region = 'West'", "", "static 7 dates x West"));
  }

  /** The subset run on the many-partitions lake, where every full scan opens 100,000 files. */
  static List<Query> manyPartitions(Keys k) {
    return all(k).stream().filter(q -> List.of("full count", "static 1 date", "static 7 dates IN",
        "DPP join on dim_date holidays").contains(q.name())).toList();
  }

  private static String date(String isoDate) {
    return "DATE '" + isoDate + "'";
  }

  private static String dates(List<String> isoDates) {
    return isoDates.stream().map(Queries::date).collect(Collectors.joining(", "));
  }

  private static String strings(List<String> values) {
    return values.stream().map(v -> "'" + v.replace("'", "''") + "'").collect(Collectors.joining(", "));
  }
}
