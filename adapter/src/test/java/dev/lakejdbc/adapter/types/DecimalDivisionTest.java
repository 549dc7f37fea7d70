package dev.lakejdbc.adapter.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class DecimalDivisionTest {
  @Test void theQuotientIsExactToItsScaleAndRoundedHalfUp() {
    assertEquals(new BigDecimal("4115226300411522.630000"),
        DecimalDivision.divide(new BigDecimal("12345678901234567.89"), BigDecimal.valueOf(3), 38, 6, 6));
    assertEquals(new BigDecimal("0.666667"),
        DecimalDivision.divide(BigDecimal.valueOf(2), BigDecimal.valueOf(3), 38, 6, 6));
    assertEquals(new BigDecimal("-0.666667"),
        DecimalDivision.divide(BigDecimal.valueOf(-2), BigDecimal.valueOf(3), 38, 6, 6));
    assertEquals(new BigDecimal("0.13"),
        DecimalDivision.divide(new BigDecimal("0.25"), BigDecimal.valueOf(2), 10, 2, 2));
  }

  @Test void whereTheTypeGaveUpScaleTheQuotientKeepsItsFullScale() {
    assertEquals(new BigDecimal("0.3333333333333"),
        DecimalDivision.divide(BigDecimal.ONE, BigDecimal.valueOf(3), 38, 6, 13));
    assertEquals(new BigDecimal("4115226300411522.6300000000000"),
        DecimalDivision.divide(new BigDecimal("12345678901234567.89"), BigDecimal.valueOf(3), 38, 6, 13));
  }

  @Test void aFullScaleBeyond38DigitsStopsAt38SignificantDigitsButNotBelowTheTypesScale() {
    assertEquals(new BigDecimal("0.33333333333333333333333333333333333333"),
        DecimalDivision.divide(BigDecimal.ONE, BigDecimal.valueOf(3), 38, 6, 38));
    assertEquals(new BigDecimal("4115226300411522.6300000000000000000000"),
        DecimalDivision.divide(new BigDecimal("12345678901234567.89"), BigDecimal.valueOf(3), 38, 6, 38));
    assertEquals(new BigDecimal("12345678901234567890123456789012.333333"),
        DecimalDivision.divide(new BigDecimal("37037036703703703670370370367037"), BigDecimal.valueOf(3),
            38, 6, 38));
  }

  @Test void aZeroDivisorIsADivisionByZeroEvenOfZero() {
    ArithmeticException e = assertThrows(ArithmeticException.class,
        () -> DecimalDivision.divide(BigDecimal.ZERO, BigDecimal.ZERO, 10, 2, 2));
    assertTrue(e.getMessage().contains("by zero"), e.getMessage());
  }

  @Test void aQuotientPastItsPrecisionIsOutOfRange() {
    ArithmeticException e = assertThrows(ArithmeticException.class,
        () -> DecimalDivision.divide(new BigDecimal("99999.99"), new BigDecimal("0.01"), 7, 2, 2));
    assertEquals("Value 9999999.00 cannot be represented as a DECIMAL(7, 2)", e.getMessage());
  }
}
