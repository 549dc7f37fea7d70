package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A join input that is a lake scan's fields and nothing more: the scan, or a partition-wise join, under
 * any Calcs or Projects that only pick and reorder columns. Such an input can be replaced by one scan
 * returning {@code fields}, so the join above it can be answered by the scan too.
 *
 * @param fields for each of the input's columns, the scan field number it is
 * @param dimensions the dimensions an underlying partition-wise join already joins
 */
record ScanFields(EnumerableLakeTableScan scan, List<RelNode> dimensions, int[] fields) {
  /** The input as scan fields, or null when it computes or filters anything. */
  static ScanFields of(RelNode node) {
    if (node instanceof EnumerableLakeTableScan scan) {
      return new ScanFields(scan, List.of(), scan.fields());
    }
    if (node instanceof PartitionWiseJoin join) {
      return new ScanFields(join.scan(), join.dimensions(), join.scan().fields());
    }
    if (node instanceof EnumerableCalc calc && calc.getProgram().getCondition() == null) {
      return picked(calc.getInput(), expandedProjects(calc.getProgram()));
    }
    if (node instanceof EnumerableProject project) {
      return picked(project.getInput(), project.getProjects());
    }
    return null;
  }

  /** A Calc's output expressions over its input, common sub-expressions written out. */
  static List<RexNode> expandedProjects(RexProgram program) {
    return program.getProjectList().stream().map(program::expandLocalRef).toList();
  }

  private static ScanFields picked(RelNode input, List<RexNode> projects) {
    ScanFields below = of(input);
    if (below == null || !projects.stream().allMatch(p -> p instanceof RexInputRef)) {
      return null;
    }
    int[] fields = projects.stream().mapToInt(p -> below.fields[((RexInputRef) p).getIndex()]).toArray();
    return new ScanFields(below.scan, below.dimensions, fields);
  }

  /**
   * Whether each column read from the files appears once: partition and joined columns come from the
   * partition's template and may repeat, but a file column fills one position of the row.
   */
  boolean readsEachFileColumnOnce() {
    int tableWidth = scan.getTable().getRowType().getFieldCount();
    ImmutableBitSet partitionColumns = scan.partitionColumns();
    Set<Integer> seen = new HashSet<>();
    for (int f : fields) {
      if (f < tableWidth && !partitionColumns.get(f) && !seen.add(f)) {
        return false;
      }
    }
    return true;
  }
}
