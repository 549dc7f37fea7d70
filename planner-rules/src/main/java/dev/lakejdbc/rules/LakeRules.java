package dev.lakejdbc.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.rel.rules.CoreRules;

/** The planner rules the driver adds for lake scans. */
public final class LakeRules {
  public static final RelOptRule PROJECT_INTO_SCAN = ProjectIntoLakeScanRule.Config.DEFAULT.toRule();
  public static final RelOptRule PARTITION_FILTER_INTO_SCAN =
      PartitionFilterIntoLakeScanRule.Config.DEFAULT.toRule();
  public static final RelOptRule COUNT_FROM_FOOTERS = CountFromFootersRule.Config.DEFAULT.toRule();
  public static final RelOptRule DATA_FILTER_INTO_SCAN = DataFilterIntoLakeScanRule.Config.DEFAULT.toRule();

  private LakeRules() {}

  /**
   * The rules for a connection: with static pruning, also the partition filter rule and Calcite's
   * transitive-predicate rule, which copies {@code d.date_id = DATE '2026-07-08'} across
   * {@code f.dt = d.date_id} onto the fact, where it prunes.
   */
  public static List<RelOptRule> rules(boolean staticPruning) {
    return rules(staticPruning, true);
  }

  /** The rules for a connection; with {@code dataFilters}, also data filter pushdown. */
  public static List<RelOptRule> rules(boolean staticPruning, boolean dataFilters) {
    List<RelOptRule> rules = new ArrayList<>(List.of(PROJECT_INTO_SCAN, COUNT_FROM_FOOTERS,
        // ORDER BY ... LIMIT n keeps n rows in a bounded tree instead of sorting its whole input, also
        // below a union (each branch keeps n) and an outer join (on its preserved side's keys).
        EnumerableRules.ENUMERABLE_LIMIT_SORT_RULE, CoreRules.SORT_UNION_TRANSPOSE,
        CoreRules.SORT_JOIN_TRANSPOSE));
    if (staticPruning) {
      rules.add(PARTITION_FILTER_INTO_SCAN);
      rules.add(CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES);
    }
    if (dataFilters) {
      rules.add(DATA_FILTER_INTO_SCAN);
    }
    return rules;
  }
}
