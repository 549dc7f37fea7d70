package dev.lakejdbc.driver.reliability;

import dev.lakejdbc.driver.reliability.RandomLake.Column;
import dev.lakejdbc.driver.reliability.RandomLake.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Random queries over a {@link RandomLake}, each determined by the lake's seed and its index: filters on
 * partition and data columns (nested leaves such as {@code f.n.a} and {@code f.pts[2].x} among them),
 * aggregates, ORDER BY/LIMIT on a total order, joins with the dimensions and
 * IN/EXISTS sub-queries. Only SQL both engines define the same way is generated: no division, no AVG,
 * no string-to-number casts, explicit NULLS FIRST/LAST.
 */
final class RandomQueries {
  /** A generated query; {@code ordered} when its ORDER BY is total, so rows compare in order. */
  record Query(String sql, boolean ordered) {}

  private final RandomLake lake;
  private final List<Column> fact;
  private SplittableRandom random;

  RandomQueries(RandomLake lake) {
    this.lake = lake;
    this.fact = lake.factColumns();
  }

  /** The {@code index}-th query of the lake: the same for the same lake seed and index. */
  Query query(int index) {
    random = new SplittableRandom(lake.seed * 1_000_003L + index);
    int kind = random.nextInt(100);
    if (kind < 22) {
      return new Query(select("") + " FROM f" + where(""), false);
    }
    if (kind < 40) {
      return groupBy();
    }
    if (kind < 48) {
      return new Query("SELECT " + aggregates("", 1 + random.nextInt(3)) + " FROM f" + where(""), false);
    }
    if (kind < 60) {
      return orderedLimit();
    }
    if (kind < 80) {
      return join();
    }
    return subQuery();
  }

  // --- query shapes ---------------------------------------------------------------------------

  private Query groupBy() {
    List<String> keys = new ArrayList<>();
    int n = 1 + random.nextInt(2);
    for (int k = 0; k < n; k++) {
      // Mostly partition columns: that is where counts can come from footers.
      Column c = random.nextInt(3) > 0 ? pick(lake.partitionColumns) : pick(fact);
      if (!keys.contains(ref("", c))) {
        keys.add(ref("", c));
      }
    }
    boolean onlyCount = random.nextInt(3) == 0;
    String aggregates = onlyCount ? "count(*)" : aggregates("", 1 + random.nextInt(3));
    String having = random.nextInt(5) == 0 ? " HAVING count(*) > " + random.nextInt(8) : "";
    // Counting partitions' rows with a partition-only filter is the count-from-footers path.
    String where = onlyCount && random.nextBoolean() ? partitionWhere("") : where("");
    String sql = "SELECT " + String.join(", ", keys) + ", " + aggregates + " FROM f" + where
        + " GROUP BY " + String.join(", ", keys) + having;
    if (random.nextInt(4) == 0) {
      String order = orderByAll(keys.size() + countCommas(aggregates) + 1);
      return new Query(sql + order + " LIMIT " + (1 + random.nextInt(6)), true);
    }
    return new Query(sql, false);
  }

  private Query orderedLimit() {
    boolean distinct = random.nextInt(4) == 0;
    String select = select("");
    int columns = countCommas(select) + 1;
    String sql = select.replaceFirst("^SELECT ", distinct ? "SELECT DISTINCT " : "SELECT ") + " FROM f"
        + where("") + orderByAll(columns) + " LIMIT " + (1 + random.nextInt(12))
        + (random.nextInt(4) == 0 ? " OFFSET " + random.nextInt(5) : "");
    return new Query(sql, true);
  }

  private Query join() {
    boolean onPartition = random.nextInt(4) > 0;
    String dim = onPartition ? "dim_p" : "dim_i";
    String factKey = onPartition ? lake.dimPKey.name() : "i";
    String type = pick(List.of("JOIN", "JOIN", "JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"));
    // IS NOT DISTINCT FROM also joins a NULL partition to a NULL key.
    String on = "f." + factKey + (random.nextInt(6) == 0 ? " IS NOT DISTINCT FROM d.k" : " = d.k");
    if (random.nextInt(6) == 0) {
      on += " AND d." + (onPartition ? "grp" : "label") + " <> 'g3'";
    }
    List<String> conjuncts = new ArrayList<>();
    conjuncts.add(dimFilter(onPartition));
    if (random.nextBoolean()) {
      conjuncts.add(predicate("f.", 1));
    }
    String where = " WHERE " + String.join(" AND ", conjuncts);
    String from = " FROM f " + type + " " + dim + " d ON " + on;
    String dimColumn = onPartition ? "d.grp" : "d.label";
    if (random.nextBoolean()) {
      return new Query("SELECT " + dimColumn + ", " + aggregates("f.", 1 + random.nextInt(3)) + from
          + where + " GROUP BY " + dimColumn, false);
    }
    String select = select("f.") + ", d.k, " + dimColumn;
    return new Query(select + from + where, false);
  }

  private Query subQuery() {
    boolean onPartition = random.nextInt(4) > 0;
    String dim = onPartition ? "dim_p" : "dim_i";
    String factKey = "f." + (onPartition ? lake.dimPKey.name() : "i");
    String dimFilter = dimFilter(onPartition).replace("d.", "");
    String condition;
    switch (random.nextInt(5)) {
      case 0:
        condition = factKey + " IN (SELECT k FROM " + dim + " WHERE " + dimFilter + ")";
        break;
      case 1:
        condition = factKey + " NOT IN (SELECT k FROM " + dim + " WHERE k IS NOT NULL AND " + dimFilter + ")";
        break;
      case 2:
        condition = "EXISTS (SELECT 1 FROM " + dim + " d WHERE d.k = " + factKey + " AND "
            + dimFilter(onPartition) + ")";
        break;
      case 3:
        condition = "NOT EXISTS (SELECT 1 FROM " + dim + " d WHERE d.k = " + factKey + " AND "
            + dimFilter(onPartition) + ")";
        break;
      default:
        condition = factKey + " NOT IN (SELECT k FROM " + dim + " WHERE " + dimFilter + ")";
        break;
    }
    if (random.nextBoolean()) {
      condition += " AND " + predicate("f.", 1);
    }
    if (random.nextBoolean()) {
      return new Query("SELECT " + aggregates("f.", 1 + random.nextInt(2)) + " FROM f WHERE " + condition,
          false);
    }
    return new Query(select("f.") + " FROM f WHERE " + condition, false);
  }

  private String dimFilter(boolean onPartition) {
    if (onPartition) {
      switch (random.nextInt(4)) {
        case 0: return "d.grp = '" + pick(List.of("g1", "g2", "g3")) + "'";
        case 1: return "d.grp IN ('g1', 'g3')";
        case 2: return "d.w < " + random.nextInt(100);
        default: return "d.grp <> 'g2' AND d.w >= " + random.nextInt(60);
      }
    }
    return random.nextBoolean() ? "d.label = '" + pick(List.of("g1", "g2", "g3")) + "'"
        : "d.k BETWEEN " + (random.nextInt(30) - 20) + " AND " + random.nextInt(25);
  }

  // --- pieces ---------------------------------------------------------------------------------

  /** {@code SELECT} and one to four output expressions of the fact. */
  private String select(String q) {
    int n = 1 + random.nextInt(4);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Column c = pick(fact);
      int form = random.nextInt(10);
      if (form == 0 && c.type() == Type.VARCHAR) {
        out.add("UPPER(" + ref(q, c) + ")");
      } else if (form == 1 && (c.type() == Type.INT || c.type() == Type.DATE || c.type() == Type.BIGINT)) {
        out.add("CAST(" + ref(q, c) + " AS VARCHAR)");
      } else if (form == 2 && c.type() == Type.INT) {
        out.add(ref(q, c) + " + 1");
      } else {
        out.add(ref(q, c));
      }
    }
    return "SELECT " + String.join(", ", out);
  }

  private String aggregates(String q, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Column c = pick(fact);
      switch (random.nextInt(6)) {
        case 0: out.add("count(*)"); break;
        case 1: out.add("count(" + ref(q, c) + ")"); break;
        case 2:
          Column numeric = pick(fact.stream().filter(x -> x.type().numeric()).toList());
          out.add("sum(" + ref(q, numeric) + ")");
          break;
        case 3: out.add("min(" + ref(q, c) + ")"); break;
        case 4: out.add("max(" + ref(q, c) + ")"); break;
        default: out.add("count(DISTINCT " + ref(q, c) + ")"); break;
      }
    }
    return String.join(", ", out);
  }

  /** ORDER BY every output column by position, each in a random direction with NULLs placed. */
  private String orderByAll(int columns) {
    List<String> keys = new ArrayList<>();
    for (int i = 1; i <= columns; i++) {
      keys.add(i + (random.nextBoolean() ? " ASC" : " DESC")
          + (random.nextBoolean() ? " NULLS FIRST" : " NULLS LAST"));
    }
    return " ORDER BY " + String.join(", ", keys);
  }

  private String where(String q) {
    return random.nextInt(8) == 0 ? "" : " WHERE " + predicate(q, 2);
  }

  private String partitionWhere(String q) {
    return " WHERE " + atom(q, pick(lake.partitionColumns));
  }

  private String predicate(String q, int depth) {
    if (depth == 0 || random.nextInt(3) > 0) {
      // Partition columns half the time: they prune; data columns stay above the scan.
      Column c = random.nextBoolean() ? pick(lake.partitionColumns) : pick(fact);
      return atom(q, c);
    }
    switch (random.nextInt(3)) {
      case 0: return "(" + predicate(q, depth - 1) + " AND " + predicate(q, depth - 1) + ")";
      case 1: return "(" + predicate(q, depth - 1) + " OR " + predicate(q, depth - 1) + ")";
      default: return "NOT (" + predicate(q, depth - 1) + ")";
    }
  }

  private String atom(String q, Column c) {
    String name = ref(q, c);
    if (c.domain().isEmpty()) {
      // id: compare with a plausible id.
      return name + " " + pick(List.of("<", ">=", "=", "<>")) + " " + random.nextInt((int) lake.rows + 2);
    }
    Type t = c.type();
    int form = random.nextInt(18);
    switch (form) {
      case 0: return name + " IS NULL";
      case 1: return name + " IS NOT NULL";
      case 2: return name + " BETWEEN " + between(c);
      case 3: return name + " IN (" + literals(c) + ")";
      case 4: return name + " NOT IN (" + literals(c) + ")";
      case 8:
        // NULL partitions and values: COALESCE keeps them or drops them depending on the default.
        // (On a nullable INTEGER, BIGINT or DOUBLE this tripped Calcite's simplifier until the
        // driver's LakeConvertletTable; CoalesceOfNullableTest keeps the reduced case.)
        return "COALESCE(" + name + ", " + lit(c) + ") " + comparison() + " " + lit(c);
      case 9:
        // A partition column against a data column of the same type: a conjunct that cannot prune.
        for (Column other : fact) {
          if (other != c && other.type() == t && !other.domain().isEmpty() && other.partition() != c.partition()) {
            return name + " " + comparison() + " " + ref(q, other);
          }
        }
        break;
      case 5:
        if (t == Type.VARCHAR) {
          return name + " LIKE '" + likePattern(c) + "'";
        }
        if (t == Type.INT || t == Type.DATE) {
          String text = String.valueOf(pick(c.domain()));
          return "CAST(" + name + " AS VARCHAR) LIKE '" + text.substring(0, Math.max(1, text.length() - 1))
              .replace("'", "''") + "%'";
        }
        break;
      case 6:
        if (t == Type.VARCHAR) {
          return "UPPER(" + name + ") " + pick(List.of("=", "<>", "<")) + " UPPER(" + lit(c) + ")";
        }
        if (t == Type.INT) {
          return "CAST(" + name + " AS BIGINT) " + comparison() + " " + lit(c);
        }
        if (t == Type.DATE) {
          return "EXTRACT(DAY FROM " + name + ") " + comparison() + " " + (1 + random.nextInt(28));
        }
        if (t == Type.TIMESTAMP) {
          return "CAST(" + name + " AS DATE) " + comparison() + " DATE '"
              + RandomLake.DAY_ZERO.plusDays(random.nextInt(40)) + "'";
        }
        break;
      case 7:
        if (t == Type.INT) {
          return name + " + 1 " + comparison() + " " + lit(c);
        }
        if (t == Type.VARCHAR) {
          return "CAST(" + name + " AS VARCHAR) = " + lit(c);
        }
        if (t == Type.DECIMAL || t == Type.DOUBLE) {
          return "CAST(" + name + " AS DOUBLE) " + comparison() + " " + lit(c);
        }
        break;
      default:
        break;
    }
    return name + " " + comparison() + " " + lit(c);
  }

  /**
   * How a query names a column of the fact, qualified by {@code q} ("" or "f."): a nested leaf always
   * through the table ({@code f.n.a}), since {@code n.a} alone would name a table {@code n}.
   */
  private static String ref(String q, Column c) {
    boolean nested = c.name().contains(".") || c.name().contains("[");
    return (nested ? "f." : q) + c.name();
  }

  private String comparison() {
    return pick(List.of("=", "<>", "<", "<=", ">", ">="));
  }

  private String lit(Column c) {
    return c.type().literal(pick(c.domain()));
  }

  private String literals(Column c) {
    int n = 1 + random.nextInt(4);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(lit(c));
    }
    if (random.nextInt(12) == 0) {
      // A NULL in the list: IN gains nothing from it, NOT IN becomes never true. A plain DECIMAL
      // (DECIMAL(38,0) here) next to decimals with a scale tripped Calcite's common type until the
      // driver's LakeTypeFactory (DecimalCommonTypeTest).
      out.add("CAST(NULL AS " + c.type().sql + ")");
    }
    return out.stream().distinct().collect(Collectors.joining(", "));
  }

  /** BETWEEN's bounds, mostly in order (an empty range now and then). */
  private String between(Column c) {
    Object a = pick(c.domain());
    Object b = pick(c.domain());
    if (random.nextInt(5) > 0 && compare(a, b) > 0) {
      Object t = a;
      a = b;
      b = t;
    }
    return c.type().literal(a) + " AND " + c.type().literal(b);
  }

  @SuppressWarnings("unchecked")
  private static int compare(Object a, Object b) {
    return ((Comparable<Object>) a).compareTo(b);
  }

  private String likePattern(Column c) {
    String v = String.valueOf(pick(c.domain()));
    String pattern;
    switch (random.nextInt(4)) {
      case 0: pattern = v.isEmpty() ? "%" : v.substring(0, 1) + "%"; break;
      case 1: pattern = "%" + (v.length() > 1 ? v.substring(v.length() - 1) : v) + "%"; break;
      case 2: pattern = v.isEmpty() ? "_%" : "_" + v.substring(1); break;
      default: pattern = v; break;
    }
    return pattern.replace("'", "''");
  }

  private static int countCommas(String s) {
    // Output lists hold no nested commas: functions take one argument.
    return (int) s.chars().filter(ch -> ch == ',').count();
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}
