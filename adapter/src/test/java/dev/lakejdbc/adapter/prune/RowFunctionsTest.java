package dev.lakejdbc.adapter.prune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The row functions generated code calls instead of compiling its own: fields, a scalar row, constants. */
class RowFunctionsTest {
  private static final Object[] ROW = {7, null, "x", 2L};

  @Test void fieldsInTheOrderAsked() {
    assertArrayEquals(new Object[] {"x", 7, null}, RowFunctions.fields(new int[] {2, 0, 1}).apply(ROW));
    assertArrayEquals(new Object[] {}, RowFunctions.fields(new int[] {}).apply(ROW));
    assertArrayEquals(new Object[] {42}, RowFunctions.scalar().apply(42));
  }

  /** Each call returns its own copy: a caller may keep or change what it got. */
  @Test void constantsAreCopies() {
    Object[] values = {1, "a"};
    org.apache.calcite.linq4j.function.Function1<Object, Object[]> constant = RowFunctions.constant(values);
    values[0] = 2;
    Object[] first = constant.apply(ROW);
    assertArrayEquals(new Object[] {1, "a"}, first, "the values as given, not as changed since");
    first[0] = 99;
    assertEquals(1, constant.apply(ROW)[0], "a caller's change is its own");
  }
}
