package dev.lakejdbc.adapter.prune;

import org.apache.calcite.linq4j.function.Function1;

/**
 * Row functions that need no generated class: some of a row's fields, or values known when the plan
 * is compiled. Generated code calls these where the function it would otherwise write is only that;
 * every anonymous class it writes is one more for Janino to compile and the JVM to load and verify on
 * each new statement, and a TPC-DS statement wrote about twenty such classes per fact scan (a pushed
 * filter's literals, twice; a partition's key; a dimension row's keys and columns).
 */
public final class RowFunctions {
  private RowFunctions() {}

  /** The values of {@code fields} of an {@code Object[]} row, in that order. */
  public static Function1<Object, Object[]> fields(int[] fields) {
    int[] copy = fields.clone();
    return row -> {
      Object[] values = (Object[]) row;
      Object[] result = new Object[copy.length];
      for (int i = 0; i < copy.length; i++) {
        result[i] = values[copy[i]];
      }
      return result;
    };
  }

  /** A row that is its one field's value (Calcite's scalar row format), as a one-element array. */
  public static Function1<Object, Object[]> scalar() {
    return row -> new Object[] {row};
  }

  /** The same values whatever the row: a copy of {@code values} each time, which callers may keep. */
  public static Function1<Object, Object[]> constant(Object[] values) {
    Object[] copy = values.clone();
    return row -> copy.clone();
  }
}
