package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.types.LakeTypeSystem;
import dev.lakejdbc.rules.dpp.DynamicPartitionPruning;
import dev.lakejdbc.rules.memory.MemoryBoundedOperators;
import java.util.List;
import org.apache.calcite.DataContexts;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;

/**
 * Plans SQL over the {@link SyntheticLake} the way the driver's {@code LakePrepareImpl} does, in the
 * steps a plan test compares: the logical plan as converted (IN lists kept as one predicate, unused
 * fields trimmed), a Hep planner applying chosen rules to it, the physical plan of the cost-based
 * planner (Calcite's default rules, the lake's rules, no merge join, the driver's program up to
 * {@code LakePrograms.beforeDynamicPruning}),
 * that plan after the dynamic partition pruning program, and after the memory-bounded operators.
 *
 * <p>Where it differs from the driver: Calcite's standard parser instead of Babel's (no test query
 * uses a word only Babel accepts), Calcite's convertlet table instead of the driver's (which changes
 * only {@code CASE WHEN x IS NOT NULL THEN x}), and Calcite's type factory over the lake's type system
 * instead of {@code LakeTypeFactory} (which changes only the common type of decimals of different
 * scales).
 *
 * <p>The plans are compared with reference files by {@link ReferencePlans}, which says how to update
 * them.
 */
public final class PlanTester {
  private final SchemaPlus lake = SyntheticLake.schema();
  private final LakeOptions options;

  public PlanTester() {
    this(LakeOptions.DEFAULTS);
  }

  public PlanTester(LakeOptions options) {
    this.options = options;
  }

  /** A tester with other connection options, over the same lake. */
  public PlanTester withOptions(LakeOptions other) {
    return new PlanTester(other);
  }

  /** The connection options: {@code dpp}, {@code dppDimensionThreshold}, {@code staticPruning}. */
  public LakeOptions options() {
    return options;
  }

  private FrameworkConfig config() {
    return Frameworks.newConfigBuilder()
        .parserConfig(SqlParser.config().withCaseSensitive(false)
            .withUnquotedCasing(Casing.UNCHANGED).withQuotedCasing(Casing.UNCHANGED))
        .defaultSchema(lake)
        .typeSystem(LakeTypeSystem.INSTANCE)
        .executor(new RexExecutorImpl(DataContexts.EMPTY))
        // As LakePrepareImpl: an IN list stays one SEARCH predicate, and unused fields are trimmed
        // (the Planner ignores withTrimUnusedFields; logical() trims as Calcite's Prepare does).
        .sqlToRelConverterConfig(SqlToRelConverter.config()
            .withInSubQueryThreshold(Integer.MAX_VALUE).withTrimUnusedFields(true))
        .build();
  }

  /**
   * The logical plan of {@code sql} as the driver hands it to the planner: converted, decorrelated and
   * trimmed. Its cluster's planner is a Volcano planner with Calcite's default rules, the lake's rules
   * (as the driver adds them) and no merge join.
   */
  public RelNode logical(String sql) {
    try (Planner planner = Frameworks.getPlanner(config())) {
      SqlNode parsed = planner.parse(sql);
      RelRoot root = planner.rel(planner.validate(parsed));
      RelNode rel = root.rel;
      RelOptPlanner volcano = rel.getCluster().getPlanner();
      for (RelOptRule rule : LakeRules.rules(options.staticPruning(), options.dataFilterPushdown())) {
        volcano.addRule(rule);
      }
      volcano.removeRule(EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE);
      return new RelFieldTrimmer(null, RelFactories.LOGICAL_BUILDER.create(rel.getCluster(), null))
          .trim(rel);
    } catch (Exception e) {
      throw new AssertionError("cannot plan " + sql + ": " + e, e);
    }
  }

  /** {@code rel} after a Hep planner applied {@code rules} (in one group) until none matches. */
  public static RelNode hep(RelNode rel, List<RelOptRule> rules) {
    if (rules.isEmpty()) {
      return rel;
    }
    HepPlanner hep = new HepPlanner(new HepProgramBuilder().addRuleCollection(rules).build());
    hep.setRoot(rel);
    return hep.findBestExp();
  }

  /** The physical plan of {@code sql} the cost-based planner chooses, before dynamic pruning. */
  public RelNode physical(String sql) {
    return physical(sql, 0);
  }

  /** The physical plan for a statement whose client reads at most {@code maxRows} rows. */
  public RelNode physical(String sql, long maxRows) {
    RelNode logical = logical(sql);
    RelOptPlanner volcano = logical.getCluster().getPlanner();
    RelTraitSet desired = logical.getTraitSet().replace(EnumerableConvention.INSTANCE).simplify();
    return LakePrograms.beforeDynamicPruning(maxRows)
        .run(volcano, logical, desired, List.of(), List.of());
  }

  /** {@code logical} after the heuristic "filters down" phase of the driver's program. */
  public static RelNode filtersDown(RelNode logical) {
    return LakePrograms.filtersDown(org.apache.calcite.rel.metadata.DefaultRelMetadataProvider.INSTANCE)
        .run(logical.getCluster().getPlanner(), logical, logical.getTraitSet(), List.of(), List.of());
  }

  /** {@code physical} after the dynamic partition pruning program, as the driver runs it next. */
  public RelNode dynamicPruning(RelNode physical) {
    return new DynamicPartitionPruning(options).run(physical.getCluster().getPlanner(), physical,
        physical.getTraitSet(), List.of(), List.of());
  }

  /**
   * {@code plan} (after dynamic pruning) after the driver's last program, which makes its sorts,
   * top-Ns, hash joins and aggregations memory-bounded.
   */
  public static RelNode memoryBounded(RelNode plan) {
    return new MemoryBoundedOperators().run(plan.getCluster().getPlanner(), plan, plan.getTraitSet(),
        List.of(), List.of());
  }

  /** The plan as EXPLAIN PLAN FOR prints it. */
  public static String explain(RelNode rel) {
    return RelOptUtil.toString(rel);
  }
}
