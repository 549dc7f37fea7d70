package dev.lakejdbc.rules.dpp;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Partitions whose join key is NULL (Hive's {@code __HIVE_DEFAULT_PARTITION__}), left out of a join
 * that can never match them: an equality ({@code =}, not {@code IS NOT DISTINCT FROM}) drops every row
 * whose key is NULL from a side the join does not preserve, so the fact scan gets {@code key IS NOT
 * NULL} as a static partition filter and neither lists nor opens those partitions. It is what a join
 * without dynamic pruning (an unfiltered dimension, one over the size threshold, {@code dpp=false})
 * still knows; dynamic pruning leaves those partitions out by itself, as a NULL key is never among the
 * dimension's. (Spark gets the same from the {@code IsNotNull} constraints it infers on join keys.)
 */
final class NullKeyPartitions {
  private NullKeyPartitions() {}

  /**
   * The {@code IS NOT NULL} conjuncts (over the scan's table) for the fact keys at {@code usable}
   * positions of {@code trace} (deterministic expressions over partition columns) whose comparison
   * excludes NULL; empty if the join keeps the fact's unmatched rows.
   */
  static List<RexNode> conditions(Join join, JoinInfo info, int factSide, FactKeyTrace trace,
      List<Integer> usable) {
    List<RexNode> conditions = new ArrayList<>();
    if (!DynamicPartitionPruning.dropsUnmatchedFactRows(join.getJoinType(), factSide)) {
      return conditions;
    }
    RexBuilder rex = join.getCluster().getRexBuilder();
    for (int pair : usable) {
      RexNode key = trace.keysOverTable().get(pair);
      if (info.nullExclusionFlags.get(pair) && key.getType().isNullable()) {
        conditions.add(rex.makeCall(SqlStdOperatorTable.IS_NOT_NULL, key));
      }
    }
    return conditions;
  }
}
