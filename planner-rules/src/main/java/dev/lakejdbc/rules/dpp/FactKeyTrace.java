package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableFilter;
import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Follows join-key expressions down one side of a join to the lake scan they come from (to each branch
 * of a UNION ALL), through Calc, Filter and Project, through the DPP program's own wrappers (a lower join's dimension), through joins to the side the keys come from (see {@link #throughJoin})
 * and through aggregates grouped by them: any fact row the pruning removes, the join above would
 * remove too. The result is the keys as expressions over the scan's table.
 */
record FactKeyTrace(EnumerableLakeTableScan scan, List<RexNode> keysOverTable) {
  /** The trace of {@code keys} (over {@code node}'s output), or null if they do not reach a scan. */
  static FactKeyTrace of(RelNode node, List<RexNode> keys) {
    List<FactKeyTrace> traces = all(node, keys);
    return traces.isEmpty() ? null : traces.get(0);
  }

  /**
   * The traces of {@code keys} into every scan they reach: one, or one for each branch of a UNION ALL
   * that reaches one (a row of a branch leaves the union as it is, keys included); empty if none.
   */
  static List<FactKeyTrace> all(RelNode node, List<RexNode> keys) {
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
      return List.of(new FactKeyTrace(scan, overTable));
    }
    if (node instanceof Union union && union.all) {
      List<FactKeyTrace> traces = new ArrayList<>();
      for (RelNode branch : union.getInputs()) {
        traces.addAll(all(branch, keys));
      }
      return traces;
    }
    if (node instanceof PartitionWiseJoin join) {
      // Its rows are its scan's, joined columns included.
      return all(join.scan(), keys);
    }
    if (node instanceof DynamicFilterSource || node instanceof ReadWhenEnumerated) {
      // The same rows as their input. A side a lower join made its dimension can still be pruned by
      // a join above: the rows removed are rows that join would remove, and the lower join's fact
      // is then filtered by fewer keys, of rows that would not have reached the top either.
      return all(node.getInput(0), keys);
    }
    if (node instanceof EnumerableCalc calc) {
      return all(calc.getInput(), substitute(keys, ScanFields.expandedProjects(calc.getProgram())));
    }
    if (node instanceof EnumerableProject project) {
      return all(project.getInput(), substitute(keys, project.getProjects()));
    }
    if (node instanceof EnumerableFilter filter) {
      return all(filter.getInput(), keys);
    }
    if (node instanceof Aggregate aggregate) {
      return throughGroupKeys(aggregate, keys);
    }
    if (node instanceof Join join) {
      return throughJoin(join, keys);
    }
    return List.of();
  }

  /**
   * Through a join, to the side the keys come from, where every row of that side with those key
   * values either leaves the join with them or not at all: either side of an inner join, the left of
   * a semi or anti join, the preserved side of an outer join (a fact row the outer join keeps
   * unmatched still carries its own keys, which the join above compares).
   */
  private static List<FactKeyTrace> throughJoin(Join join, List<RexNode> keys) {
    int leftCount = join.getLeft().getRowType().getFieldCount();
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(keys, null);
    if (used.isEmpty()) {
      return List.of();
    }
    JoinRelType type = join.getJoinType();
    boolean fromLeft = used.length() <= leftCount;
    boolean fromRight = used.nextSetBit(0) >= leftCount;
    if (fromLeft && type != JoinRelType.RIGHT && type != JoinRelType.FULL) {
      return all(join.getLeft(), keys);
    }
    if (fromRight && (type == JoinRelType.INNER || type == JoinRelType.RIGHT)) {
      return all(join.getRight(), RexUtil.shift(keys, -leftCount));
    }
    return List.of();
  }

  /**
   * Through an aggregate whose keys are grouping columns (SELECT DISTINCT, GROUP BY the key): a group
   * exists for a key value exactly when an input row has it.
   */
  private static List<FactKeyTrace> throughGroupKeys(Aggregate aggregate, List<RexNode> keys) {
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      return List.of();
    }
    List<Integer> groups = aggregate.getGroupSet().asList();
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(keys, null);
    if (used.isEmpty() || used.length() > groups.size()) {
      return List.of();
    }
    List<RexNode> inputFields = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      inputFields.add(RexInputRef.of(groups.get(i), aggregate.getInput().getRowType()));
    }
    return all(aggregate.getInput(), substitute(keys, inputFields));
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
