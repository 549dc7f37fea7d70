package dev.lakejdbc.adapter.memory;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.EnumerableDefaults;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.linq4j.function.Function0;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Function2;

/**
 * GROUP BY GROUPING SETS of the aggregates left to Calcite's own {@code groupByMultiple} (those whose
 * accumulators collect values, outside the memory budget), with the one thing it misses: the empty
 * grouping set's row (the grand total) on an input without rows, as SQL's {@code GROUP BY ()} has.
 */
public final class CalciteGroupingSets {
  private CalciteGroupingSets() {}

  /**
   * Called by the generated code in place of Calcite's {@code groupByMultiple}.
   *
   * @param comparer always null: Calcite passes none to groupByMultiple
   * @param emptySet the index of the empty grouping set among the key selectors, or -1
   */
  public static Enumerable<Object> groupByMultiple(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, List<Function1<Object, Object>> keySelectors, Function0<Object> init,
      Function2<Object, Object, Object> adder, Function2<Object, Object, Object> resultSelector,
      EqualityComparer<?> comparer, int emptySet) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        List<Object> groups = EnumerableDefaults.groupByMultiple(source, keySelectors, init, adder,
            resultSelector).toList();
        if (groups.isEmpty() && emptySet >= 0) {
          // No group at all: the input had no row (any row has a group of the empty set).
          // The empty set's key selector reads no column of its row: there is none to give it.
          return Linq4j.singletonEnumerator(
              resultSelector.apply(keySelectors.get(emptySet).apply(null), init.apply()));
        }
        return Linq4j.enumerator(groups);
      }
    };
  }
}
