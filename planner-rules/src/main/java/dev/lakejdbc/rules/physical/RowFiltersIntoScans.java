package dev.lakejdbc.rules.physical;

import dev.lakejdbc.adapter.filter.RexToDataPredicate;
import dev.lakejdbc.adapter.filter.RowPredicate;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * After the cost-based planner: the conjuncts of a Calc's condition over a lake scan that the scan can
 * test exactly on its decoded rows (comparisons, IN lists, ranges and null tests on integer, decimal,
 * DATE, string and boolean data columns, and ANDs and ORs of them) leave the Calc for the scan's
 * {@code RowFilter}. Calcite generates new code for every statement's condition, which the JVM runs
 * interpreted at first, and a condition large enough (q41's ORs of 16 tests) gives a method the JIT never
 * compiles; the scan's test is plain Java, compiled once for every statement, and the scan decodes the
 * other columns only of the rows that pass. Costs are not affected: the plan was chosen with the
 * condition where it was, and the rows are the same.
 */
public final class RowFiltersIntoScans extends BottomUpRewrite {
  @Override RelNode rewrite(RelNode node, List<RelNode> inputs) {
    if (node instanceof EnumerableCalc calc && inputs.get(0) instanceof EnumerableLakeTableScan scan
        && calc.getProgram().getCondition() != null && !scan.rowCounts()) {
      return moved(calc, scan);
    }
    return over(node, inputs);
  }

  /** The Calc over {@code scan} without the conjuncts the scan now tests, or with its new input only. */
  private static RelNode moved(EnumerableCalc calc, EnumerableLakeTableScan scan) {
    RexProgram program = calc.getProgram();
    RexBuilder rexBuilder = calc.getCluster().getRexBuilder();
    RelDataType tableRowType = scan.getTable().getRowType();
    ImmutableBitSet dataColumns = scan.dataColumns();
    RexToDataPredicate translator = new RexToDataPredicate(rexBuilder, tableRowType, dataColumns);
    int[] fields = scan.fields();
    List<RexNode> moved = new ArrayList<>();
    List<RexNode> kept = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(program.expandLocalRef(program.getCondition()))) {
      RexNode overTable = overTable(conjunct, fields, tableRowType.getFieldCount());
      if (overTable != null && testsExactly(translator, overTable, tableRowType, dataColumns)) {
        moved.add(overTable);
      } else {
        kept.add(conjunct);
      }
    }
    if (moved.isEmpty()) {
      return calc.getInput() == scan ? calc : calc.copy(calc.getTraitSet(), List.of(scan));
    }
    RexProgram rest = RexProgram.create(scan.getRowType(), program.expandList(program.getProjectList()),
        kept.isEmpty() ? null : RexUtil.composeConjunction(rexBuilder, kept), program.getOutputRowType(),
        rexBuilder);
    EnumerableLakeTableScan filtered = scan.withRowFilter(moved);
    // A Calc left with nothing to do would still cost a generated enumerator per row.
    return rest.isTrivial() && RelOptUtil.areRowTypesEqual(scan.getRowType(), calc.getRowType(), false)
        ? filtered : EnumerableCalc.create(filtered, rest);
  }

  /** The conjunct over the table's columns; null if it reads a field that is no table column. */
  private static RexNode overTable(RexNode conjunct, int[] fields, int tableColumns) {
    for (int field : RelOptUtil.InputFinder.bits(conjunct)) {
      if (fields[field] >= tableColumns) {
        return null; // a column of a dimension joined partition-wise
      }
    }
    return conjunct.accept(new RexShuttle() {
      @Override public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(fields[ref.getIndex()], ref.getType());
      }
    });
  }

  /** Whether the scan can test the whole conjunct on rows, with the answers the Calc would give. */
  private static boolean testsExactly(RexToDataPredicate translator, RexNode overTable,
      RelDataType tableRowType, ImmutableBitSet dataColumns) {
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(overTable);
    if (used.isEmpty() || !dataColumns.contains(used)) {
      return false;
    }
    RexToDataPredicate.Result result = translator.translate(overTable);
    return result.usable() && result.used().equals(overTable)
        && RowPredicate.evaluatesExactly(result.predicate(),
            column -> tableRowType.getFieldList().get(column).getType().getSqlTypeName());
  }
}
