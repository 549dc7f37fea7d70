package dev.lakejdbc.driver;

import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * {@code date + n} and {@code date - n} with an integer n count days, as in PostgreSQL, Oracle, DuckDB
 * and Spark (and as jOOQ's DEFAULT dialect writes a date plus a number: {@code dt + ?}). Calcite's type
 * checker accepts only a DATE plus an INTERVAL; where it refuses the integer, the integer becomes {@code
 * n * INTERVAL '1' DAY}. A parameter next to a DATE is typed INTEGER (Calcite would have guessed DATE).
 * Every other implicit conversion is Calcite's.
 */
final class DateArithmeticCoercion extends TypeCoercionImpl {
  DateArithmeticCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
    super(typeFactory, validator);
  }

  @Override public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
    SqlKind kind = binding.getOperator().getKind();
    if ((kind == SqlKind.PLUS || kind == SqlKind.MINUS) && binding.getOperandCount() == 2) {
      int days = daysOperand(binding, 0, 1);
      if (days < 0 && kind == SqlKind.PLUS) {
        days = daysOperand(binding, 1, 0);
      }
      if (days >= 0) {
        SqlNode n = binding.operand(days);
        if (n instanceof SqlDynamicParam) {
          validator.setValidatedNodeType(n,
              factory.createTypeWithNullability(factory.createSqlType(SqlTypeName.INTEGER), true));
        }
        SqlParserPos pos = n.getParserPosition();
        SqlNode interval = SqlStdOperatorTable.MULTIPLY.createCall(pos, n,
            SqlLiteral.createInterval(1, "1", new SqlIntervalQualifier(TimeUnit.DAY, null, pos), pos));
        binding.getCall().setOperand(days, interval);
        validator.deriveType(binding.getScope(), interval);
        return true;
      }
    }
    return super.binaryArithmeticCoercion(binding);
  }

  /**
   * {@code days} if operand {@code date} is a DATE (not a parameter) and operand {@code days} an exact
   * integer or a parameter; else -1.
   */
  private static int daysOperand(SqlCallBinding binding, int date, int days) {
    RelDataType dateType = binding.getOperandType(date);
    if (dateType.getSqlTypeName() != SqlTypeName.DATE || binding.operand(date) instanceof SqlDynamicParam) {
      return -1;
    }
    SqlNode n = binding.operand(days);
    RelDataType nType = binding.getOperandType(days);
    boolean integer = SqlTypeUtil.isIntType(nType);
    return n instanceof SqlDynamicParam || integer ? days : -1;
  }
}
