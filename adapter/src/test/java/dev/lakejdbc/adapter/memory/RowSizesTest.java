package dev.lakejdbc.adapter.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.runtime.FlatLists;
import org.junit.jupiter.api.Test;

/**
 * What a row's values are estimated to take: shared values nothing, boxed numbers and decimals their
 * objects, text and bytes their length, lists, maps and arrays their elements, an accumulator of
 * generated code its fields and the values they hold.
 */
class RowSizesTest {
  /** Like an accumulator of Calcite's generated code: public fields. */
  public static final class Accumulator {
    public long count;
    public BigDecimal sum;
    public String min;
  }

  @Test void sharedValuesTakeNothingAndBoxedNumbersTheirObject() {
    assertEquals(0, RowSizes.value(null));
    assertEquals(0, RowSizes.value(Boolean.TRUE));
    assertEquals(0, RowSizes.value(7));
    assertEquals(0, RowSizes.value(-128L));
    assertEquals(RowSizes.BOXED_INT, RowSizes.value(1_000));
    assertEquals(RowSizes.BOXED_LONG, RowSizes.value(1_000L));
    assertEquals(RowSizes.BOXED_LONG, RowSizes.value(1.5));
    assertEquals(RowSizes.BOXED_INT, RowSizes.value(1.5f));
    assertEquals(RowSizes.BOXED_INT, RowSizes.value((short) 3));
    assertEquals(RowSizes.DECIMAL, RowSizes.value(new BigDecimal("12.34")));
    assertEquals(RowSizes.DECIMAL + RowSizes.BIG_INTEGER, RowSizes.value(new BigDecimal("1234567890123456789.0")));
  }

  @Test void textBytesAndContainersGrowWithWhatTheyHold() {
    assertTrue(RowSizes.value("a".repeat(100)) >= RowSizes.value("a") + 96);
    assertTrue(RowSizes.value(new ByteString(new byte[100])) >= RowSizes.value(new ByteString(new byte[1])) + 96);
    assertTrue(RowSizes.value(new byte[100]) >= RowSizes.value(new byte[1]) + 96);
    long list = RowSizes.value(List.of(1_000, 2_000));
    assertEquals(list + RowSizes.BOXED_INT, RowSizes.value(List.of(1_000, 2_000, 3_000))
        + RowSizes.align(RowSizes.ARRAY_HEADER + 2L * RowSizes.REFERENCE)
        - RowSizes.align(RowSizes.ARRAY_HEADER + 3L * RowSizes.REFERENCE));
    assertTrue(RowSizes.value(FlatLists.of("k", 1_000)) > RowSizes.value("k") + RowSizes.BOXED_INT);
    assertTrue(RowSizes.value(Map.of("k", 1_000)) > RowSizes.value("k") + RowSizes.BOXED_INT);
    Object[] row = {"k", 1_000};
    assertEquals(RowSizes.of(row), RowSizes.value(row));
    assertEquals(RowSizes.align(RowSizes.ARRAY_HEADER + 2L * RowSizes.REFERENCE) + RowSizes.value("k")
        + RowSizes.BOXED_INT, RowSizes.of(row));
  }

  @Test void anAccumulatorTakesItsFieldsAndTheValuesTheyHold() {
    Accumulator empty = new Accumulator();
    Accumulator full = new Accumulator();
    full.sum = new BigDecimal("1.50");
    full.min = "x".repeat(50);
    long shallow = RowSizes.value(empty);
    assertTrue(shallow >= 8 + 2L * RowSizes.REFERENCE, "fields");
    assertEquals(shallow + RowSizes.DECIMAL + RowSizes.value(full.min), RowSizes.value(full));
  }
}
