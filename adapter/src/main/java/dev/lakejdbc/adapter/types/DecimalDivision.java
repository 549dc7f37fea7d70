package dev.lakejdbc.adapter.types;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.calcite.linq4j.function.Strict;

/**
 * The quotient of two decimals exactly to its type's scale, rounded half up (Spark's rule): Calcite's
 * own division keeps 16 significant digits (MathContext.DECIMAL64), so {@code 12345678901234567.89 / 3}
 * lost its cents and AVG of a large DECIMAL its last digits. Called by the code that
 * {@link ExactDecimalDivision} makes Calcite generate.
 *
 * <p>Where the type gave up scale to stay within 38 digits (a DECIMAL(38,2) sum divided by 7 or by a
 * sum has scale 6), the quotient keeps the scale the type would have had without that cap, as far as
 * 38 significant digits reach: a ratio of sums (TPC-DS q20, q98) is then not cut to 6 digits. Spark
 * keeps that scale in its type because its sums are narrower (p + 10 digits); ours are 38 wide so that
 * they never overflow. The value then has more scale than its column's metadata says, never less.
 */
public final class DecimalDivision {
  private static final int MAX_DIGITS = ColumnType.MAX_DECIMAL_PRECISION;

  private DecimalDivision() {}

  /**
   * {@code dividend / divisor} at {@code fullScale} or, if that needs more than 38 digits, to 38
   * significant digits but at least {@code scale}; rounded half up.
   *
   * @throws ArithmeticException on a zero divisor (SQLState 22012), or a quotient with more than
   *     {@code precision - scale} integer digits (22003)
   */
  @Strict
  public static BigDecimal divide(BigDecimal dividend, BigDecimal divisor, int precision, int scale,
      int fullScale) {
    if (divisor.signum() == 0) {
      throw new ArithmeticException("Division by zero");
    }
    BigDecimal quotient = dividend.divide(divisor, fullScale, RoundingMode.HALF_UP);
    if (quotient.precision() - quotient.scale() > precision - scale) {
      throw new ArithmeticException("Value " + quotient.setScale(scale, RoundingMode.HALF_UP)
          .toPlainString() + " cannot be represented as a DECIMAL(" + precision + ", " + scale + ")");
    }
    if (quotient.precision() > MAX_DIGITS) {
      int integerDigits = quotient.precision() - quotient.scale();
      quotient = dividend.divide(divisor, Math.max(scale, MAX_DIGITS - integerDigits), RoundingMode.HALF_UP);
    }
    return quotient;
  }
}
