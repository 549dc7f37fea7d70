package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableFilter;

import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Follows join-key expressions down one side of a join to the lake scan they come from, through
 * Calc, Filter and Project, and through inner (and the left side of semi) joins: any fact row those
 * remove, the join above removes too. The result is the keys as expressions over the scan's table.
 */
record FactKeyTrace(EnumerableLakeTableScan scan, List<RexNode> keysOverTable) {
  /** The trace of {@code keys} (over {@code node}'s output), or null if they do not reach one scan. */
  static FactKeyTrace of(RelNode node, List<RexNode> keys) {
    if (node instanceof EnumerableLakeTableScan scan) {
      int[] fields = scan.fields();
      List<RexNode> overTable = new ArrayList<>();
      for (RexNode key : keys) {
        overTable.add(key.accept(new RexShuttle() {
          @Override public RexNode visitInputRef(RexInputRef ref) {
            return new RexInputRef(fields[ref.getIndex()], ref.getType());
          }
        }));
      }
      return new FactKeyTrace(scan, overTable);
    }
    if (node instanceof PartitionWiseJoin join) {
      // Its rows are its scan's, joined columns included.
      return of(join.scan(), keys);
    }
    if (node instanceof EnumerableCalc calc) {
      return of(calc.getInput(), substitute(keys, ScanFields.expandedProjects(calc.getProgram())));
    }
    if (node instanceof EnumerableProject project) {
      return of(project.getInput(), substitute(keys, project.getProjects()));
    }
    if (node instanceof EnumerableFilter filter) {
      return of(filter.getInput(), keys);
    }
    if (node instanceof Join join
        && (join.getJoinType() == JoinRelType.INNER || join.getJoinType() == JoinRelType.SEMI)) {
      int leftCount = join.getLeft().getRowType().getFieldCount();
      ImmutableBitSet used = RelOptUtil.InputFinder.bits(keys, null);
      if (used.isEmpty()) {
        return null;
      }
      if (used.length() <= leftCount) {
        return of(join.getLeft(), keys);
      }
      if (used.nextSetBit(0) >= leftCount && join.getJoinType() == JoinRelType.INNER) {
        return of(join.getRight(), RexUtil.shift(keys, -leftCount));
      }
    }
    return null;
  }

  /** {@code keys} with each input reference replaced by the expression it stands for. */
  private static List<RexNode> substitute(List<RexNode> keys, List<RexNode> expressions) {
    return keys.stream().map(k -> k.accept(new RexShuttle() {
      @Override public RexNode visitInputRef(RexInputRef ref) {
        return expressions.get(ref.getIndex());
      }
    })).toList();
  }

  /** {@code node} with {@code scan} replaced by {@code replacement} along the path that holds it. */
  static RelNode replaceScan(RelNode node, RelNode scan, RelNode replacement) {
    if (node == scan) {
      return replacement;
    }
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode input : node.getInputs()) {
      RelNode replaced = replaceScan(input, scan, replacement);
      changed |= replaced != input;
      inputs.add(replaced);
    }
    return changed ? node.copy(node.getTraitSet(), inputs) : node;
  }
}
