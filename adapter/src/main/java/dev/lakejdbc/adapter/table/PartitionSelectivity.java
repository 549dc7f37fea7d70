package dev.lakejdbc.adapter.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.metadata.NullSentinel;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexInterpreter;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;

/**
 * The share of a table's partitions a partition filter keeps, for the planner's row-count estimate:
 * the filter is evaluated by Calcite's RexInterpreter on each partition's values from discovery.
 * Where it cannot be (a {@code ?} parameter, CURRENT_DATE, a function the interpreter lacks), Calcite's
 * selectivity guess stands in. This only estimates; pruning itself runs compiled code at execution.
 */
final class PartitionSelectivity {
  private PartitionSelectivity() {}

  static double of(RexNode filter, TableSchema schema) {
    List<Object[]> partitions = schema.partitionValues();
    if (partitions.isEmpty()) {
      return RelMdUtil.guessSelectivity(filter);
    }
    int firstPartition = schema.columns().size() - schema.partitionColumns().size();
    List<RexInputRef> refs = inputRefs(filter);
    // The filter is evaluated once per distinct combination of the values it reads (365 dates, not
    // 7,300 date-branch partitions): each evaluation builds an interpreter, which is not cheap.
    Map<List<Object>, Integer> partitionsByValues = new HashMap<>();
    for (Object[] values : partitions) {
      List<Object> read = new ArrayList<>(refs.size());
      for (RexInputRef ref : refs) {
        read.add(values[ref.getIndex() - firstPartition]);
      }
      partitionsByValues.merge(read, 1, Integer::sum);
    }
    int kept = 0;
    try {
      for (Map.Entry<List<Object>, Integer> combination : partitionsByValues.entrySet()) {
        Map<RexNode, Comparable> environment = new HashMap<>();
        for (int i = 0; i < refs.size(); i++) {
          Object v = combination.getKey().get(i);
          if (v instanceof Long micros
              && refs.get(i).getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP) {
            // Calcite's interpreter reads a TIMESTAMP in milliseconds; an estimate may round.
            v = Math.floorDiv(micros, 1_000L);
          }
          environment.put(refs.get(i), v == null ? NullSentinel.INSTANCE : (Comparable) v);
        }
        if (Boolean.TRUE.equals(RexInterpreter.evaluate(filter, environment))) {
          kept += combination.getValue();
        }
      }
    } catch (RuntimeException e) {
      return RelMdUtil.guessSelectivity(filter);
    }
    // Never estimate zero rows: the planner treats an empty input as free everywhere above it.
    return Math.max(kept, 1) / (double) partitions.size();
  }

  private static List<RexInputRef> inputRefs(RexNode filter) {
    Map<Integer, RexInputRef> refs = new HashMap<>();
    filter.accept(new RexVisitorImpl<Void>(true) {
      @Override public Void visitInputRef(RexInputRef ref) {
        refs.putIfAbsent(ref.getIndex(), ref);
        return null;
      }
    });
    return List.copyOf(refs.values());
  }
}
