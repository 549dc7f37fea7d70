package dev.lakejdbc.rules.physical;

import dev.lakejdbc.adapter.parquet.FieldPaths;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * After the cost-based planner: a lake scan whose parent is a projection (a Calc or Project) that
 * reads its nested columns only through field accesses ({@code t.s.a}, {@code t.ls[1].x}) decodes
 * only those fields ({@code NestedFields=[s.a, ls.x]} in EXPLAIN): Parquet stores each leaf of a
 * struct as its own column chunk, so the others are neither read nor decoded. The scan's row type
 * stays the same; the fields left out are NULL inside the value, where nothing reads them. A nested
 * column used whole anywhere in the parent (selected, compared, passed to a function, UNNESTed), or a
 * scan under any other parent, is decoded whole. An array is looked through (its elements' fields); a
 * map is read whole.
 */
public final class NestedFieldsIntoScans extends BottomUpRewrite {
  @Override RelNode rewrite(RelNode node, List<RelNode> inputs) {
    List<RelNode> narrowed = new ArrayList<>();
    for (RelNode input : inputs) {
      if (input instanceof EnumerableLakeTableScan scan) {
        List<RexNode> uses = uses(node);
        if (uses != null) {
          input = narrowed(scan, uses);
        }
      }
      narrowed.add(input);
    }
    return over(node, narrowed);
  }

  /** Every expression of a projection over its input; null for any other node, which passes rows on. */
  private static List<RexNode> uses(RelNode parent) {
    if (parent instanceof EnumerableCalc calc) {
      RexProgram program = calc.getProgram();
      List<RexNode> uses = new ArrayList<>(program.expandList(program.getProjectList()));
      if (program.getCondition() != null) {
        uses.add(program.expandLocalRef(program.getCondition()));
      }
      return uses;
    }
    if (parent instanceof EnumerableProject project) {
      return project.getProjects();
    }
    return null;
  }

  private static RelNode narrowed(EnumerableLakeTableScan scan, List<RexNode> uses) {
    if (scan.rowCounts()) {
      return scan;
    }
    Map<Integer, FieldPaths> byField = new HashMap<>();
    for (RexNode use : uses) {
      collect(use, byField);
    }
    int[] fields = scan.fields();
    int tableColumns = scan.getTable().getRowType().getFieldCount();
    Map<Integer, FieldPaths> byColumn = new HashMap<>();
    byField.forEach((field, paths) -> {
      if (fields[field] < tableColumns && hasStruct(scan.getRowType().getFieldList().get(field).getType())) {
        byColumn.put(fields[field], paths);
      }
    });
    return byColumn.isEmpty() && scan.nestedPaths().isEmpty() ? scan : scan.withNestedPaths(byColumn);
  }

  /** Adds the paths {@code node} reads of each input field to {@code byField}. */
  private static void collect(RexNode node, Map<Integer, FieldPaths> byField) {
    List<String> path = new ArrayList<>();
    RexInputRef root = chainRoot(node, path, byField);
    if (root != null) {
      byField.merge(root.getIndex(), FieldPaths.NONE.with(path), FieldPaths::union);
    } else if (node instanceof RexFieldAccess access) {
      collect(access.getReferenceExpr(), byField);
    } else if (node instanceof RexCall call) {
      call.getOperands().forEach(operand -> collect(operand, byField));
    }
  }

  /**
   * The input field that {@code node} reads a part of through field accesses and array subscripts,
   * with the field names on the way appended to {@code path}; null when {@code node} is no such chain.
   * A subscript's index is collected as any expression.
   */
  private static RexInputRef chainRoot(RexNode node, List<String> path, Map<Integer, FieldPaths> byField) {
    if (node instanceof RexInputRef ref) {
      return ref;
    }
    if (node instanceof RexFieldAccess access) {
      RexInputRef root = chainRoot(access.getReferenceExpr(), path, byField);
      if (root != null) {
        path.add(access.getField().getName());
      }
      return root;
    }
    if (node instanceof RexCall call && call.getKind() == SqlKind.ITEM
        && call.getOperands().get(0).getType().getSqlTypeName() == SqlTypeName.ARRAY) {
      RexInputRef root = chainRoot(call.getOperands().get(0), path, byField);
      if (root != null) {
        collect(call.getOperands().get(1), byField);
      }
      return root;
    }
    return null;
  }

  /** Whether a value of this type holds a struct whose fields could be left out. */
  private static boolean hasStruct(RelDataType type) {
    if (type.isStruct()) {
      return true;
    }
    RelDataType element = type.getComponentType();
    return element != null && hasStruct(element);
  }
}
