package dev.lakejdbc.rules;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/** The planner rules the driver adds for lake scans. */
public final class LakeRules {
  public static final RelOptRule PROJECT_INTO_SCAN = ProjectIntoLakeScanRule.Config.DEFAULT.toRule();

  private LakeRules() {}

  public static List<RelOptRule> all() {
    return List.of(PROJECT_INTO_SCAN);
  }
}
