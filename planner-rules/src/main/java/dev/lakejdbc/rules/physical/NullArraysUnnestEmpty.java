package dev.lakejdbc.rules.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Uncollect;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * {@code UNNEST} of a NULL array yields no row, as of an empty one (SQL, DuckDB, Spark). Calcite's run
 * time does so for arrays of scalars but fails with a NullPointerException on a NULL array of ROWs
 * (its {@code SqlFunctions.flatProduct}); so, before code generation, each nullable array an
 * Uncollect reads is first replaced by an empty list when NULL ({@link #emptyIfNull}).
 */
public final class NullArraysUnnestEmpty {
  private static final SqlOperator EMPTY_IF_NULL = new SqlUserDefinedFunction(
      new SqlIdentifier("LAKE_EMPTY_IF_NULL", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
      ReturnTypes.ARG0, null, null, ScalarFunctionImpl.create(Types.lookupMethod(
          NullArraysUnnestEmpty.class, "emptyIfNull", List.class)));

  private NullArraysUnnestEmpty() {}

  /** {@code uncollect} reading its nullable arrays as empty when NULL; itself when it has none. */
  static RelNode rewrite(Uncollect uncollect) {
    RelNode input = uncollect.getInput();
    RexBuilder rexBuilder = uncollect.getCluster().getRexBuilder();
    List<RexNode> projects = new ArrayList<>();
    boolean any = false;
    for (RelDataTypeField f : input.getRowType().getFieldList()) {
      RexNode ref = rexBuilder.makeInputRef(input, f.getIndex());
      if (f.getType().getSqlTypeName() == SqlTypeName.ARRAY && f.getType().isNullable()) {
        projects.add(rexBuilder.makeCall(f.getType(), EMPTY_IF_NULL, List.of(ref)));
        any = true;
      } else {
        projects.add(ref);
      }
    }
    if (!any) {
      return uncollect;
    }
    RexProgram program = RexProgram.create(input.getRowType(), projects, null, input.getRowType(),
        rexBuilder);
    return uncollect.copy(uncollect.getTraitSet(), List.of(EnumerableCalc.create(input, program)));
  }

  /** Called by generated code: the array, or an empty one for NULL. */
  public static List<?> emptyIfNull(List<?> array) {
    return array == null ? List.of() : array;
  }
}
