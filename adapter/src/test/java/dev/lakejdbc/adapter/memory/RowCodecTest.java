package dev.lakejdbc.adapter.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

/**
 * A row read back from a spill file equals the row written, value by value and class by class: the
 * generated code's key selectors, comparators and accumulators must not tell them apart.
 */
class RowCodecTest {
  private static Object roundTrip(Object row) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      RowCodec.write(out, row);
    }
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return RowCodec.read(in);
    }
  }

  @Test void everyValueOfCalcitesRepresentationComesBackEqualAndOfTheSameClass() throws IOException {
    Object[] row = {null, true, false, 0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 20_000,
        0L, Long.MIN_VALUE, Long.MAX_VALUE, 1_767_225_600_000L, 3.5, -0.0, Double.NaN,
        Double.NEGATIVE_INFINITY, 1.25f, (short) -7, (byte) 3, 'x', "", "Mumbai", "é-ü 100% a/b",
        "\uD83D\uDE00", new BigDecimal("-12345.67"), new BigDecimal("123456789012345678901234567.890"),
        new BigDecimal("1E+5"), new ByteString(new byte[] {0, -1, 7}), List.of(1, "a"),
        Map.of("k", 2L), new Object[] {1, null}};
    Object[] back = (Object[]) roundTrip(row);
    assertEquals(row.length, back.length);
    for (int i = 0; i < row.length; i++) {
      if (row[i] instanceof Object[] nested) {
        assertArrayEquals(nested, (Object[]) back[i]);
      } else {
        assertEquals(row[i], back[i], "value " + i);
        if (row[i] != null) {
          assertEquals(row[i].getClass().isInstance(back[i]) || row[i] instanceof List
              || row[i] instanceof Map, true, "class of value " + i + ": " + back[i].getClass());
        }
      }
    }
    // A decimal keeps its scale: 1.50 is not 1.5 to BigDecimal.equals, nor to a hash table.
    assertEquals(new BigDecimal("1.50"), roundTrip(new BigDecimal("1.50")));
  }

  @Test void aRowOfOneColumnIsABareValue() throws IOException {
    assertEquals(42L, roundTrip(42L));
    assertEquals("s", roundTrip("s"));
    assertArrayEquals(new byte[] {1, 2}, (byte[]) roundTrip(new byte[] {1, 2}));
  }

  @Test void aValueOfAnotherClassIsRefusedWithTheAdviceToHoldItInMemory() {
    MemoryLimitExceededException e = assertThrows(MemoryLimitExceededException.class,
        () -> roundTrip(new Object[] {new StringBuilder("x")}));
    assertEquals("53200", e.sqlState());
    assertEquals(true, e.getMessage().contains("java.lang.StringBuilder")
        && e.getMessage().contains("queryMemoryLimit"), e.getMessage());
  }

  @Test void smallNumbersTakeFewBytes() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      RowCodec.write(out, new Object[] {7, -3L, 20_000});
    }
    // A tag and a count for the row, then a tag and one to three bytes per number.
    assertEquals(2 + 2 + 2 + 4, bytes.size(), Arrays.toString(bytes.toByteArray()));
  }
}
