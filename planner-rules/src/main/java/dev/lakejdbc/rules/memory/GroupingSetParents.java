package dev.lakejdbc.rules.memory;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Decides which grouping set of an aggregate may be computed from another set's result rows instead
 * of its input rows (run by {@code GroupingSetCascade}): a set's groups summed up from those of the
 * smallest larger set that contains it. A result row can stand for an input row when the grouping
 * columns are the input's first columns and every aggregate is SUM, $SUM0, MIN or MAX of the input
 * column at its own position in the result, of the same type; GROUPING calls may follow them, since
 * their values come from the set, not the rows. {@code PreAggregateGroupingSetsRule} leaves
 * aggregates of this shape above its partial aggregate.
 */
final class GroupingSetParents {
  private static final Set<SqlKind> COMBINE_THEMSELVES = EnumSet.of(SqlKind.SUM, SqlKind.SUM0, SqlKind.MIN,
      SqlKind.MAX);

  private GroupingSetParents() {}

  /** For each grouping set, the index of the set it may read, or -1 to read the input; null if none may. */
  static int[] of(Aggregate aggregate) {
    int groupCount = aggregate.getGroupCount();
    List<RelDataTypeField> input = aggregate.getInput().getRowType().getFieldList();
    List<RelDataTypeField> output = aggregate.getRowType().getFieldList();
    if (!aggregate.getGroupSet().equals(ImmutableBitSet.range(groupCount)) || output.size() < input.size()) {
      return null;
    }
    for (int i = 0; i < groupCount; i++) {
      if (!SqlTypeUtil.equalSansNullability(input.get(i).getType(), output.get(i).getType())) {
        return null;
      }
    }
    boolean groupingCalls = false;
    List<AggregateCall> calls = aggregate.getAggCallList();
    for (int i = 0; i < calls.size(); i++) {
      AggregateCall call = calls.get(i);
      SqlKind kind = call.getAggregation().getKind();
      if (kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID) {
        groupingCalls = true;
        continue;
      }
      int position = groupCount + i;
      if (groupingCalls || !COMBINE_THEMSELVES.contains(kind) || call.isDistinct() || call.hasFilter()
          || !call.getCollation().getFieldCollations().isEmpty() || !call.rexList.isEmpty()
          || !call.getArgList().equals(List.of(position)) || position >= input.size()
          || !SqlTypeUtil.equalSansNullability(input.get(position).getType(), call.getType())) {
        return null;
      }
    }
    List<ImmutableBitSet> sets = aggregate.getGroupSets();
    if (sets.stream().distinct().count() != sets.size()) {
      return null;
    }
    int[] parents = new int[sets.size()];
    boolean any = false;
    for (int s = 0; s < sets.size(); s++) {
      parents[s] = -1;
      for (int t = 0; t < sets.size(); t++) {
        if (t != s && sets.get(t).contains(sets.get(s))
            && (parents[s] < 0 || sets.get(t).cardinality() < sets.get(parents[s]).cardinality())) {
          parents[s] = t;
        }
      }
      any |= parents[s] >= 0;
    }
    return any ? parents : null;
  }
}
