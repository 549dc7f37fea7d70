package dev.lakejdbc.adapter.filter;

import org.apache.calcite.linq4j.function.Function1;

/**
 * A scan's static data filter for one execution: the template {@link RexToDataPredicate} made at plan
 * time, and the function (compiled by Calcite's code generator, reading the execution's parameters)
 * that computes its values.
 */
public final class DataFilter {
  public static final DataFilter NONE = new DataFilter("", DataPredicate.TRUE, null, 0);

  private final String text;
  private final DataPredicate template;
  private final Function1<Object[], Object[]> values;
  private final int tableWidth;

  private DataFilter(String text, DataPredicate template, Function1<Object[], Object[]> values,
      int tableWidth) {
    this.text = text;
    this.template = template;
    this.values = values;
    this.tableWidth = tableWidth;
  }

  /**
   * Called by generated code.
   *
   * @param values computes the template's slot values from a table-width row (which they do not read)
   */
  public static DataFilter of(String text, DataPredicate template, Function1<Object[], Object[]> values,
      int tableWidth) {
    return new DataFilter(text, template, values, tableWidth);
  }

  public boolean isEmpty() {
    return values == null;
  }

  /** The pushed conjuncts as EXPLAIN shows them. */
  public String text() {
    return text;
  }

  /** What the filter is for an execution whose values can be computed. */
  public record Bound(DataPredicate predicate, String whyNot) {}

  /**
   * The predicate with this execution's values, for a filter that decides which rows a scan returns
   * (no filter above tests it again): a value that cannot be computed raises its error.
   */
  public DataPredicate bindExactly() {
    return values == null ? DataPredicate.TRUE : template.bind(values.apply(new Object[tableWidth]));
  }

  /**
   * The predicate with this execution's values. A value that cannot be computed (a CAST that fails on
   * a parameter, say) leaves the filter out: the filter above the scan then raises the error for the
   * rows it sees, as without pushdown.
   */
  public Bound bind() {
    try {
      return new Bound(bindExactly(), null);
    } catch (RuntimeException e) {
      return new Bound(DataPredicate.TRUE, "data filter not used: its values cannot be computed ("
          + e.getMessage() + ")");
    }
  }
}
