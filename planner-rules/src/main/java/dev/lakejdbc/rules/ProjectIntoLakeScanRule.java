package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.scan.LogicalLakeTableScan;
import java.util.List;
import org.apache.calcite.CalciteImmutable;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mappings;
import org.immutables.value.Value;

/**
 * Narrows a lake scan to the columns a Project above it uses, so that only those Parquet columns are
 * decoded (and none at all when only partition columns, or no column, are used).
 */
@CalciteImmutable
@Value.Enclosing
public final class ProjectIntoLakeScanRule extends RelRule<ProjectIntoLakeScanRule.Config> {
  ProjectIntoLakeScanRule(Config config) {
    super(config);
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalProject project = call.rel(0);
    LogicalLakeTableScan scan = call.rel(1);
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
    int[] scanFields = scan.fields();
    if (used.cardinality() == scanFields.length) {
      if (RexUtil.isIdentity(project.getProjects(), scan.getRowType())) {
        call.transformTo(scan);
      }
      return;
    }
    int[] narrowed = used.toList().stream().mapToInt(i -> scanFields[i]).toArray();
    LogicalLakeTableScan newScan = scan.withFields(narrowed);
    Mappings.TargetMapping mapping =
        Mappings.target(used.toList(), scanFields.length);
    List<RexNode> newProjects = RexPermuteInputsShuttle.of(mapping).visitList(project.getProjects());
    if (RexUtil.isIdentity(newProjects, newScan.getRowType())) {
      call.transformTo(newScan);
    } else {
      call.transformTo(call.builder().push(newScan)
          .project(newProjects, project.getRowType().getFieldNames()).build());
    }
  }

  /** Rule configuration. */
  @Value.Immutable
  public interface Config extends RelRule.Config {
    Config DEFAULT = ImmutableProjectIntoLakeScanRule.Config.of()
        .withOperandSupplier(b0 -> b0.operand(LogicalProject.class)
            .oneInput(b1 -> b1.operand(LogicalLakeTableScan.class).noInputs()));

    @Override default ProjectIntoLakeScanRule toRule() {
      return new ProjectIntoLakeScanRule(this);
    }
  }
}
