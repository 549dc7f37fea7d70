package dev.lakejdbc.adapter.filter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A predicate on a table's data columns, in SQL values (Calcite's internal representation of each
 * value's type: DATE as days, TIMESTAMP as microseconds, DECIMAL as BigDecimal, strings as String). A column
 * is its index in the table's columns. A {@link Compare}, {@link In} or {@link NotIn} is never TRUE
 * for a NULL column, as in SQL; a predicate whose values are still {@link Slot}s is a template that
 * {@link #bind} fills in for one execution.
 *
 * <p>Values compare as Calcite's generated code compares them, which is Java's: {@code NaN} equals
 * nothing and is neither smaller nor larger than anything, and {@code -0.0 = 0.0}.
 */
public sealed interface DataPredicate {
  DataPredicate TRUE = new Always(true);
  DataPredicate FALSE = new Always(false);

  /** TRUE: every row may match; FALSE: no row can. */
  record Always(boolean value) implements DataPredicate {}

  record Compare(int column, Comparison op, Object value) implements DataPredicate {}

  /** {@code column IN (values)}; a NULL among the values matches nothing. */
  record In(int column, List<Object> values) implements DataPredicate {
    public In {
      values = Collections.unmodifiableList(new ArrayList<>(values));
    }
  }

  /** {@code column NOT IN (values)}; a NULL among the values makes it never TRUE. */
  record NotIn(int column, List<Object> values) implements DataPredicate {
    public NotIn {
      values = Collections.unmodifiableList(new ArrayList<>(values));
    }
  }

  record IsNull(int column) implements DataPredicate {}

  record IsNotNull(int column) implements DataPredicate {}

  record And(List<DataPredicate> operands) implements DataPredicate {
    public And {
      operands = List.copyOf(operands);
    }
  }

  record Or(List<DataPredicate> operands) implements DataPredicate {
    public Or {
      operands = List.copyOf(operands);
    }
  }

  /** The place of the execution's {@code index}-th value in a template (not a predicate). */
  record Slot(int index) {}

  /**
   * The conjunction, simplified: TRUE operands dropped, FALSE wins, nested ANDs flattened, an operand
   * equal to an earlier one dropped (a scan's row filter repeats conjuncts of its data filter).
   */
  static DataPredicate and(List<DataPredicate> operands) {
    List<DataPredicate> kept = new ArrayList<>();
    for (DataPredicate p : operands) {
      if (p instanceof Always a) {
        if (!a.value()) {
          return FALSE;
        }
      } else if (p instanceof And and) {
        and.operands().stream().filter(o -> !kept.contains(o)).forEach(kept::add);
      } else if (!kept.contains(p)) {
        kept.add(p);
      }
    }
    return kept.isEmpty() ? TRUE : kept.size() == 1 ? kept.get(0) : new And(kept);
  }

  /** The disjunction, simplified: FALSE operands dropped, TRUE wins, nested ORs flattened. */
  static DataPredicate or(List<DataPredicate> operands) {
    List<DataPredicate> kept = new ArrayList<>();
    for (DataPredicate p : operands) {
      if (p instanceof Always a) {
        if (a.value()) {
          return TRUE;
        }
      } else if (p instanceof Or or) {
        kept.addAll(or.operands());
      } else {
        kept.add(p);
      }
    }
    return kept.isEmpty() ? FALSE : kept.size() == 1 ? kept.get(0) : new Or(kept);
  }

  /**
   * This template with each {@link Slot} replaced by its value, and what the values make of it: a
   * comparison with NULL is FALSE ({@code IS NOT DISTINCT FROM NULL} is IS NULL), NULLs drop out of an
   * IN list and make a NOT IN list FALSE, NaN equals nothing, and constants fold.
   */
  default DataPredicate bind(Object[] values) {
    if (this instanceof Compare c) {
      Object v = c.value() instanceof Slot s ? values[s.index()] : c.value();
      if (v == null) {
        return c.op() == Comparison.NOT_DISTINCT ? new IsNull(c.column()) : FALSE;
      }
      if (isNaN(v)) {
        // Java: NaN <> x for every x, and nothing else holds. (IS NOT DISTINCT FROM may compare with
        // equals(), for which NaN matches NaN: keeping every non-NULL value is never too little.)
        return c.op() == Comparison.NE || c.op() == Comparison.NOT_DISTINCT
            ? new IsNotNull(c.column()) : FALSE;
      }
      return new Compare(c.column(), c.op(), v);
    }
    if (this instanceof In in) {
      List<Object> bound = new ArrayList<>();
      for (Object v : in.values()) {
        Object b = v instanceof Slot s ? values[s.index()] : v;
        if (b != null && !isNaN(b) && !bound.contains(b)) {
          bound.add(b);
        }
      }
      return bound.isEmpty() ? FALSE : new In(in.column(), bound);
    }
    if (this instanceof NotIn notIn) {
      List<Object> bound = new ArrayList<>();
      for (Object v : notIn.values()) {
        Object b = v instanceof Slot s ? values[s.index()] : v;
        if (b == null) {
          return FALSE;
        }
        if (!isNaN(b) && !bound.contains(b)) {
          bound.add(b);
        }
      }
      return bound.isEmpty() ? new IsNotNull(notIn.column()) : new NotIn(notIn.column(), bound);
    }
    if (this instanceof And and) {
      return and(and.operands().stream().map(p -> p.bind(values)).toList());
    }
    if (this instanceof Or or) {
      return or(or.operands().stream().map(p -> p.bind(values)).toList());
    }
    return this;
  }

  /** The columns this predicate reads. */
  default Set<Integer> columns() {
    Set<Integer> columns = new TreeSet<>();
    collectColumns(this, columns);
    return columns;
  }

  private static void collectColumns(DataPredicate p, Set<Integer> into) {
    if (p instanceof Compare c) {
      into.add(c.column());
    } else if (p instanceof In in) {
      into.add(in.column());
    } else if (p instanceof NotIn notIn) {
      into.add(notIn.column());
    } else if (p instanceof IsNull n) {
      into.add(n.column());
    } else if (p instanceof IsNotNull n) {
      into.add(n.column());
    } else if (p instanceof And and) {
      and.operands().forEach(o -> collectColumns(o, into));
    } else if (p instanceof Or or) {
      or.operands().forEach(o -> collectColumns(o, into));
    }
  }

  /** A readable form with column names, for notes and tests: {@code (x > 5 AND s IN ('a', 'b'))}. */
  default String describe(List<String> columnNames) {
    if (this instanceof Always a) {
      return a.value() ? "TRUE" : "FALSE";
    }
    if (this instanceof Compare c) {
      return columnNames.get(c.column()) + " " + c.op().sql() + " " + literal(c.value());
    }
    if (this instanceof In in) {
      return columnNames.get(in.column()) + " IN (" + in.values().stream()
          .map(DataPredicate::literal).collect(Collectors.joining(", ")) + ")";
    }
    if (this instanceof NotIn in) {
      return columnNames.get(in.column()) + " NOT IN (" + in.values().stream()
          .map(DataPredicate::literal).collect(Collectors.joining(", ")) + ")";
    }
    if (this instanceof IsNull n) {
      return columnNames.get(n.column()) + " IS NULL";
    }
    if (this instanceof IsNotNull n) {
      return columnNames.get(n.column()) + " IS NOT NULL";
    }
    List<DataPredicate> operands = this instanceof And and ? and.operands() : ((Or) this).operands();
    return operands.stream().map(o -> o.describe(columnNames))
        .collect(Collectors.joining(this instanceof And ? " AND " : " OR ", "(", ")"));
  }

  private static String literal(Object v) {
    if (v instanceof String s) {
      return "'" + s.replace("'", "''") + "'";
    }
    return v instanceof Slot s ? "?" + s.index() : Objects.toString(v);
  }

  private static boolean isNaN(Object v) {
    return v instanceof Double d && d.isNaN() || v instanceof Float f && f.isNaN();
  }
}
