package dev.lakejdbc.adapter.filter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Filter conjuncts evaluated on each decoded row by the scan, in plain Java, instead of by the
 * generated code of the Calc above it (which then no longer tests them): a row passes when the bound
 * {@link DataPredicate} is TRUE for it, as SQL's WHERE decides. The generated code of a new statement
 * starts interpreted, and a large condition (q41's ORs of 16 comparisons) makes a method the JIT
 * never compiles; this code is compiled once for every statement.
 *
 * <p>Exact only where values compare in Java as Calcite's generated code compares them: integers,
 * decimals, DATE, strings and booleans ({@link #evaluatesExactly}). Floating point (NaN, -0.0) and
 * timestamps stay with the generated code, as does {@code IS NOT DISTINCT FROM}.
 */
public abstract class RowPredicate extends RowFilter {
  private final int[] positions;

  private RowPredicate(int[] positions) {
    this.positions = positions;
  }

  @Override public int[] positions() {
    return positions.clone();
  }

  /**
   * Whether {@code template}'s every test can be evaluated exactly on rows: its columns are of the
   * types {@code typeOf} gives (by table column) that compare as the generated code compares them,
   * and it has no {@code IS NOT DISTINCT FROM}.
   */
  public static boolean evaluatesExactly(DataPredicate template, IntFunction<SqlTypeName> typeOf) {
    if (template instanceof DataPredicate.And and) {
      return and.operands().stream().allMatch(p -> evaluatesExactly(p, typeOf));
    }
    if (template instanceof DataPredicate.Or or) {
      return or.operands().stream().allMatch(p -> evaluatesExactly(p, typeOf));
    }
    if (template instanceof DataPredicate.Compare c && c.op() == Comparison.NOT_DISTINCT) {
      return false;
    }
    for (int column : template.columns()) {
      switch (typeOf.apply(column)) {
        case TINYINT: case SMALLINT: case INTEGER: case BIGINT: case DECIMAL: case DATE:
        case CHAR: case VARCHAR: case BOOLEAN:
          break;
        default:
          return false;
      }
    }
    return true;
  }

  /**
   * The test of {@code bound} (a predicate with its values, {@link DataPredicate#bind}) on rows in
   * which table column {@code c} is at position {@code positionOf.applyAsInt(c)}.
   */
  public static RowPredicate of(DataPredicate bound, IntUnaryOperator positionOf) {
    Set<Integer> positions = new TreeSet<>();
    for (int c : bound.columns()) {
      positions.add(positionOf.applyAsInt(c));
    }
    Test test = test(bound, positionOf);
    return new RowPredicate(positions.stream().mapToInt(Integer::intValue).toArray()) {
      @Override public boolean accepts(Object[] row) {
        return test.holds(row);
      }
    };
  }

  /** One node of the predicate, on row positions. */
  @FunctionalInterface
  private interface Test {
    boolean holds(Object[] row);
  }

  private static Test test(DataPredicate p, IntUnaryOperator positionOf) {
    if (p instanceof DataPredicate.Always a) {
      boolean value = a.value();
      return row -> value;
    }
    if (p instanceof DataPredicate.Compare c) {
      return compare(positionOf.applyAsInt(c.column()), c.op(), c.value());
    }
    if (p instanceof DataPredicate.In in) {
      return member(positionOf.applyAsInt(in.column()), in.values(), true);
    }
    if (p instanceof DataPredicate.NotIn notIn) {
      return member(positionOf.applyAsInt(notIn.column()), notIn.values(), false);
    }
    if (p instanceof DataPredicate.IsNull n) {
      int at = positionOf.applyAsInt(n.column());
      return row -> row[at] == null;
    }
    if (p instanceof DataPredicate.IsNotNull n) {
      int at = positionOf.applyAsInt(n.column());
      return row -> row[at] != null;
    }
    if (p instanceof DataPredicate.And and) {
      Test[] all = and.operands().stream().map(o -> test(o, positionOf)).toArray(Test[]::new);
      return row -> {
        for (Test t : all) {
          if (!t.holds(row)) {
            return false;
          }
        }
        return true;
      };
    }
    if (p instanceof DataPredicate.Or or) {
      Test[] any = or.operands().stream().map(o -> test(o, positionOf)).toArray(Test[]::new);
      return row -> {
        for (Test t : any) {
          if (t.holds(row)) {
            return true;
          }
        }
        return false;
      };
    }
    throw new IllegalArgumentException("not a bound data predicate: " + p);
  }

  private static Test compare(int at, Comparison op, Object value) {
    if (value instanceof DataPredicate.Slot) {
      throw new IllegalArgumentException("a template, not a bound predicate");
    }
    return switch (op) {
      case EQ -> row -> row[at] != null && compare(row[at], value) == 0;
      case NE -> row -> row[at] != null && compare(row[at], value) != 0;
      case LT -> row -> row[at] != null && compare(row[at], value) < 0;
      case LE -> row -> row[at] != null && compare(row[at], value) <= 0;
      case GT -> row -> row[at] != null && compare(row[at], value) > 0;
      case GE -> row -> row[at] != null && compare(row[at], value) >= 0;
      case NOT_DISTINCT -> throw new IllegalArgumentException("IS NOT DISTINCT FROM is not evaluated on rows");
    };
  }

  /**
   * IN ({@code in}) or NOT IN: a string or whole number looked up in a hash set of the values of its
   * kind, then compared with the values of other kinds (a decimal 5.0 is the integer 5); any other
   * value compared with every value.
   */
  private static Test member(int at, List<Object> values, boolean in) {
    Set<Object> set = new HashSet<>();
    List<Object> others = new ArrayList<>();
    for (Object v : values) {
      if (v instanceof String) {
        set.add(v);
      } else if (isIntegral(v)) {
        set.add(((Number) v).longValue());
      } else {
        others.add(v);
      }
    }
    List<Object> all = List.copyOf(values);
    return row -> {
      Object v = row[at];
      if (v == null) {
        return false;
      }
      boolean found;
      List<Object> compared = others;
      if (v instanceof String) {
        found = set.contains(v);
      } else if (isIntegral(v)) {
        found = set.contains(((Number) v).longValue());
      } else {
        found = false;
        compared = all;
      }
      for (int i = 0; !found && i < compared.size(); i++) {
        found = comparable(v, compared.get(i)) && compare(v, compared.get(i)) == 0;
      }
      return found == in;
    };
  }

  /** Whether the two values are of kinds {@link #compare} orders (a string is never a number). */
  private static boolean comparable(Object a, Object b) {
    return a instanceof String == b instanceof String && a instanceof Boolean == b instanceof Boolean;
  }

  /** Orders two non-NULL values as Calcite's generated code does for the exact types. */
  static int compare(Object a, Object b) {
    if (a instanceof String x && b instanceof String y) {
      return x.compareTo(y);
    }
    if (isIntegral(a) && isIntegral(b)) {
      return Long.compare(((Number) a).longValue(), ((Number) b).longValue());
    }
    if (a instanceof Number x && b instanceof Number y) {
      return decimal(x).compareTo(decimal(y));
    }
    if (a instanceof Boolean x && b instanceof Boolean y) {
      return Boolean.compare(x, y);
    }
    throw new IllegalStateException("cannot compare a " + a.getClass().getSimpleName() + " value with a "
        + b.getClass().getSimpleName() + " one");
  }

  private static boolean isIntegral(Object v) {
    return v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte;
  }

  private static BigDecimal decimal(Number n) {
    return n instanceof BigDecimal d ? d : isIntegral(n) ? BigDecimal.valueOf(n.longValue())
        : new BigDecimal(n.toString());
  }
}
