package dev.lakejdbc.adapter.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an execution's values make of a data predicate template ({@link DataPredicate#bind}). */
class DataPredicateTest {
  private static final DataPredicate.Slot S0 = new DataPredicate.Slot(0);
  private static final DataPredicate.Slot S1 = new DataPredicate.Slot(1);

  private static Object[] values(Object... v) {
    return v;
  }

  @Test void aComparisonWithNullMatchesNothingButIsNotDistinctFromIsIsNull() {
    assertEquals(DataPredicate.FALSE, new DataPredicate.Compare(0, Comparison.EQ, S0).bind(values((Object) null)));
    assertEquals(DataPredicate.FALSE, new DataPredicate.Compare(0, Comparison.NE, S0).bind(values((Object) null)));
    assertEquals(new DataPredicate.IsNull(0),
        new DataPredicate.Compare(0, Comparison.NOT_DISTINCT, S0).bind(values((Object) null)));
    assertEquals(new DataPredicate.Compare(0, Comparison.LT, 5),
        new DataPredicate.Compare(0, Comparison.LT, S0).bind(values(5)));
  }

  @Test void nanEqualsNothingAndDiffersFromEverything() {
    assertEquals(DataPredicate.FALSE, new DataPredicate.Compare(0, Comparison.GT, S0).bind(values(Double.NaN)));
    assertEquals(DataPredicate.FALSE, new DataPredicate.Compare(0, Comparison.EQ, S0).bind(values(Float.NaN)));
    assertEquals(new DataPredicate.IsNotNull(0),
        new DataPredicate.Compare(0, Comparison.NE, S0).bind(values(Double.NaN)));
  }

  @Test void nullsLeaveAnInListAndEmptyItOrMakeNotInFalse() {
    DataPredicate in = new DataPredicate.In(0, List.of(S0, S1));
    assertEquals(new DataPredicate.In(0, List.of(1)), in.bind(values(1, null)));
    assertEquals(DataPredicate.FALSE, in.bind(values(null, null)));
    assertEquals(new DataPredicate.In(0, List.of(1)), in.bind(values(1, Double.NaN)));
    DataPredicate notIn = new DataPredicate.NotIn(0, List.of(S0, S1));
    assertEquals(DataPredicate.FALSE, notIn.bind(values(1, null)));
    assertEquals(new DataPredicate.NotIn(0, List.of(1, 2)), notIn.bind(values(1, 2)));
    assertEquals(new DataPredicate.IsNotNull(0), new DataPredicate.NotIn(0, List.of(S0)).bind(values(Double.NaN)));
  }

  @Test void constantsFold() {
    DataPredicate x = new DataPredicate.IsNull(3);
    assertEquals(DataPredicate.FALSE, DataPredicate.and(List.of(x, DataPredicate.FALSE)));
    assertEquals(x, DataPredicate.and(List.of(DataPredicate.TRUE, x)));
    assertEquals(DataPredicate.TRUE, DataPredicate.or(List.of(x, DataPredicate.TRUE)));
    assertEquals(x, DataPredicate.or(List.of(DataPredicate.FALSE, x)));
    assertEquals(DataPredicate.FALSE, DataPredicate.or(List.of()));
    DataPredicate or = new DataPredicate.Or(List.of(new DataPredicate.Compare(0, Comparison.EQ, S0),
        new DataPredicate.Compare(0, Comparison.EQ, S1)));
    assertEquals(new DataPredicate.Compare(0, Comparison.EQ, 2), or.bind(values(null, 2)));
  }

  @Test void describesWithColumnNames() {
    DataPredicate p = new DataPredicate.And(Arrays.asList(new DataPredicate.Compare(1, Comparison.GE, 5),
        new DataPredicate.In(0, List.of("a", "it's"))));
    assertEquals("(b >= 5 AND a IN ('a', 'it''s'))", p.describe(List.of("a", "b")));
  }
}
