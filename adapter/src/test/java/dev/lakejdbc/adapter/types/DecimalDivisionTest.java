package dev.lakejdbc.adapter.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class DecimalDivisionTest {
  @Test void theQuotientIsExactToItsScaleAndRoundedHalfUp() {
    assertEquals(new BigDecimal("4115226300411522.630000"),
        DecimalDivision.divide(new BigDecimal("12345678901234567.89"), BigDecimal.valueOf(3), 38, 6));
    assertEquals(new BigDecimal("0.666667"),
        DecimalDivision.divide(BigDecimal.valueOf(2), BigDecimal.valueOf(3), 38, 6));
    assertEquals(new BigDecimal("-0.666667"),
        DecimalDivision.divide(BigDecimal.valueOf(-2), BigDecimal.valueOf(3), 38, 6));
    assertEquals(new BigDecimal("0.13"),
        DecimalDivision.divide(new BigDecimal("0.25"), BigDecimal.valueOf(2), 10, 2));
  }

  @Test void aZeroDivisorIsADivisionByZeroEvenOfZero() {
    ArithmeticException e = assertThrows(ArithmeticException.class,
        () -> DecimalDivision.divide(BigDecimal.ZERO, BigDecimal.ZERO, 10, 2));
    assertTrue(e.getMessage().contains("by zero"), e.getMessage());
  }

  @Test void aQuotientPastItsPrecisionIsOutOfRange() {
    ArithmeticException e = assertThrows(ArithmeticException.class,
        () -> DecimalDivision.divide(new BigDecimal("99999.99"), new BigDecimal("0.01"), 7, 2));
    assertEquals("Value 9999999.00 cannot be represented as a DECIMAL(7, 2)", e.getMessage());
  }
}
