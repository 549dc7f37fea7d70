package dev.lakejdbc.adapter.types;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.calcite.linq4j.function.Strict;

/**
 * The quotient of two decimals exactly to its type's scale, rounded half up (Spark's rule): Calcite's
 * own division keeps 16 significant digits (MathContext.DECIMAL64), so {@code 12345678901234567.89 / 3}
 * lost its cents and AVG of a large DECIMAL its last digits. Called by the code that
 * {@link ExactDecimalDivision} makes Calcite generate.
 */
public final class DecimalDivision {
  private DecimalDivision() {}

  /**
   * {@code dividend / divisor} at {@code scale}.
   *
   * @throws ArithmeticException on a zero divisor (SQLState 22012), or a quotient with more than
   *     {@code precision} digits (22003)
   */
  @Strict
  public static BigDecimal divide(BigDecimal dividend, BigDecimal divisor, int precision, int scale) {
    if (divisor.signum() == 0) {
      throw new ArithmeticException("Division by zero");
    }
    BigDecimal quotient = dividend.divide(divisor, scale, RoundingMode.HALF_UP);
    if (quotient.precision() - quotient.scale() > precision - scale) {
      throw new ArithmeticException("Value " + quotient.toPlainString()
          + " cannot be represented as a DECIMAL(" + precision + ", " + scale + ")");
    }
    return quotient;
  }
}
