package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.rules.cost.LakeMetadata;
import dev.lakejdbc.rules.dpp.DynamicPartitionPruning;
import dev.lakejdbc.rules.memory.MemoryBoundedOperators;
import dev.lakejdbc.rules.memory.SharedSubPlans;
import dev.lakejdbc.rules.physical.EagerAggregation;
import dev.lakejdbc.rules.physical.NestedFieldsIntoScans;
import dev.lakejdbc.rules.physical.RowFiltersIntoScans;
import dev.lakejdbc.rules.physical.SmallerInputBuilds;
import dev.lakejdbc.rules.physical.WindowGroupLimits;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.rules.AggregateReduceFunctionsRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.JoinPushThroughJoinRule;
import org.apache.calcite.rel.rules.PruneEmptyRules;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;

/**
 * The sequence of planning phases a lake statement goes through: Calcite's standard program (sub-query
 * removal, decorrelation, field trimming, the cost-based planner, Calc tweaks) with phases added
 * before the cost-based planner, and dynamic partition pruning after it, then memory-bounded operators.
 *
 * <ol>
 * <li><b>OR factors inside sub-queries</b>, before they become joins, so that a correlation repeated
 *     in every OR branch decorrelates ({@link InsideSubQueries}).
 * <li><b>Aggregates of one input merged</b>: aggregates without GROUP BY over the same input that the
 *     statement cross-joins (scalar sub-queries) become one, each call with a FILTER
 *     ({@link MergedScalarAggregates}).
 * <li><b>Filters down</b> ({@link #filtersDown}), heuristically, before any cost is weighed: common
 *     factors out of ORs, each table's part of an OR over several tables, then every filter as far down as it goes — into joins, through projections,
 *     unions and (on grouping keys) aggregates — so that a {@code WHERE dyear = 2001} over a grouped
 *     CTE reaches the date dimension and can prune; then filters copied across join keys to the other
 *     side, and down again. Volcano has some of these rules too, but it weighs them against the
 *     unpushed plan with estimates that rarely favour them.
 * <li><b>Variances as sums and counts</b> ({@link #REDUCE_VARIANCES}), and aggregates over grouping
 *     sets computed from their finest groups ({@link #groupingSetsFromTheirFinestGroups}).
 * <li><b>Join order</b>: with {@value #MIN_JOINS_TO_REORDER} or more joins, the inner joins are
 *     gathered into a MultiJoin and ordered by Calcite's heuristic ({@code LoptOptimizeJoinRule}, from
 *     row counts and selectivities, the smaller input of each join on its build side); Volcano's
 *     exhaustive join commutation is then left out. Volcano's search over join orders grows
 *     exponentially: an 8-table query never finished planning.
 * </ol>
 */
public final class LakePrograms {
  /** From this many joins on, the heuristic orders them instead of Volcano's search. */
  static final int MIN_JOINS_TO_REORDER = 3;
  /** A bound on the OR expansions of one statement: each adds predicates, so it must not repeat. */
  private static final int OR_EXPANSIONS = 100;
  /** A bound on the joins given predicates copied across their keys in one statement. */
  private static final int TRANSITIVE_PREDICATE_COPIES = 100;

  /** Conjuncts common to every OR branch out of the OR, first: they may be join conditions. */
  static final List<RelOptRule> OR_FACTORS = List.of(
      PullOrFactorsRule.Config.FILTER.toRule(),
      PullOrFactorsRule.Config.JOIN.toRule());

  /**
   * Then, once, each OR over several tables also gives each table the OR of its own parts:
   * {@code (d.type = 'holiday' AND f.qty > 1) OR (d.type = 'weekend' AND f.qty < 3)} adds
   * {@code d.type = 'holiday' OR d.type = 'weekend'}, which reaches the dimension (and lets it prune
   * the fact) and {@code f.qty > 1 OR f.qty < 3}. The added predicates are redundant, so answers stay.
   */
  static final List<RelOptRule> OR_PARTS_PER_TABLE = List.of(
      CoreRules.EXPAND_FILTER_DISJUNCTION_GLOBAL,
      CoreRules.EXPAND_JOIN_DISJUNCTION_GLOBAL);

  /** The rules of the "filters down" phase, applied to a fixpoint. */
  static final List<RelOptRule> FILTERS_DOWN = List.of(
      CoreRules.FILTER_INTO_JOIN,
      CoreRules.JOIN_CONDITION_PUSH,
      // CAST(f.id AS BIGINT) = d.id (keys of two types) computed below the join: an equi-join on
      // input references, not a nested loop.
      CoreRules.JOIN_PUSH_EXPRESSIONS,
      CoreRules.FILTER_PROJECT_TRANSPOSE,
      CoreRules.FILTER_SET_OP_TRANSPOSE,
      CoreRules.FILTER_AGGREGATE_TRANSPOSE,
      CoreRules.FILTER_MERGE,
      CoreRules.FILTER_REDUCE_EXPRESSIONS,
      CoreRules.PROJECT_MERGE,
      PruneEmptyRules.FILTER_INSTANCE,
      PruneEmptyRules.PROJECT_INSTANCE,
      PruneEmptyRules.UNION_INSTANCE,
      PruneEmptyRules.JOIN_LEFT_INSTANCE,
      PruneEmptyRules.JOIN_RIGHT_INSTANCE,
      PruneEmptyRules.AGGREGATE_INSTANCE,
      CoreRules.UNION_REMOVE);

  private static final EnumSet<SqlKind> VARIANCES = EnumSet.of(SqlKind.STDDEV_POP,
      SqlKind.STDDEV_SAMP, SqlKind.VAR_POP, SqlKind.VAR_SAMP);

  static final RelOptRule REDUCE_FUNCTIONS_OF_GROUPING_SETS = reduceFunctions(
      a -> a.getGroupType() != Aggregate.Group.SIMPLE, VARIANCES, SqlKind.AVG);

  /**
   * STDDEV and VAR of every aggregate as sums and counts, once, before the cost-based planner: Volcano
   * reduces them too, but then merges the projection the reduction adds and moves it past filters
   * into hundreds of alternatives (TPC-DS q39a: 606 ProjectMergeRule firings for one statement).
   * AVG, far commoner, is left as it was.
   */
  static final RelOptRule REDUCE_VARIANCES = reduceFunctions(a -> true, VARIANCES);

  /**
   * Calcite's reduction of {@code functions} (and {@code more}) to sums and counts, on the aggregates
   * {@code which} accepts.
   */
  private static RelOptRule reduceFunctions(Predicate<LogicalAggregate> which,
      EnumSet<SqlKind> functions, SqlKind... more) {
    EnumSet<SqlKind> reduced = EnumSet.copyOf(functions);
    reduced.addAll(List.of(more));
    return AggregateReduceFunctionsRule.Config.DEFAULT
        .withOperandSupplier(b -> b.operand(LogicalAggregate.class).predicate(which).anyInputs())
        .as(AggregateReduceFunctionsRule.Config.class)
        .withFunctionsToReduce(reduced)
        .toRule();
  }

  static final RelOptRule PRE_AGGREGATE_GROUPING_SETS =
      PreAggregateGroupingSetsRule.Config.DEFAULT.toRule();

  /** The rules that make Volcano search join orders, left out once the heuristic has chosen one. */
  private static final List<RelOptRule> JOIN_ORDER_SEARCH = List.of(CoreRules.JOIN_COMMUTE,
      CoreRules.JOIN_ASSOCIATE, JoinPushThroughJoinRule.LEFT, JoinPushThroughJoinRule.RIGHT);

  private LakePrograms() {}

  /**
   * The whole program for a connection with these options, for a statement whose client reads at
   * most {@code maxRows} rows (0 or less: all).
   */
  public static Program of(LakeOptions options, long maxRows) {
    return Programs.sequence(beforeDynamicPruning(maxRows), new DynamicPartitionPruning(options),
        // On the plan's final projections: nested columns decoded only in the fields they read.
        new NestedFieldsIntoScans(),
        // Conditions the scan can test on decoded rows, out of generated code (a data filter too).
        options.dataFilterPushdown() ? new RowFiltersIntoScans() : Programs.sequence(),
        // An aggregate over a join with many rows per key on its aggregated side: that side first.
        new EagerAggregation(),
        // A filtered rank's rows past its limit dropped below the window.
        new WindowGroupLimits(),
        // Sorts, joins and aggregations within the query's memory, spilling past it.
        new MemoryBoundedOperators(),
        // Last, on the plan as it runs: what it would compute more than once, computed once.
        new SharedSubPlans());
  }

  /** Every phase but dynamic partition pruning: what the plan tests compare it with. */
  public static Program beforeDynamicPruning(long maxRows) {
    RelMetadataProvider metadata = LakeMetadata.PROVIDER;
    return Programs.sequence(
        new MaxRowsIntoSort(maxRows),
        new InsideSubQueries(orFactors(metadata)),
        Programs.subQuery(metadata),
        Programs.decorrelate(),
        // Cross-joined aggregates of one input as one, before their filters are pushed apart.
        new MergedScalarAggregates(),
        Programs.measure(metadata),
        Programs.trim(),
        filtersDown(metadata),
        Programs.of(HepProgram.builder().addRuleInstance(REDUCE_VARIANCES).build(), true, metadata),
        groupingSetsFromTheirFinestGroups(metadata),
        LakePrograms::orderJoinsAndOptimize,
        new SmallerInputBuilds(),
        Programs.calc(metadata));
  }

  /**
   * Aggregates over several grouping sets computed from one pre-aggregation by all their columns
   * ({@link PreAggregateGroupingSetsRule}), after their AVG and variances are reduced to sums and counts
   * (which Volcano would do anyway).
   */
  static Program groupingSetsFromTheirFinestGroups(RelMetadataProvider metadata) {
    return Programs.of(HepProgram.builder()
        .addRuleInstance(REDUCE_FUNCTIONS_OF_GROUPING_SETS)
        .addRuleInstance(PRE_AGGREGATE_GROUPING_SETS)
        .build(), true, metadata);
  }

  private static Program orFactors(RelMetadataProvider metadata) {
    return Programs.of(HepProgram.builder().addRuleCollection(OR_FACTORS).build(), true, metadata);
  }

  /**
   * The "filters down" phase alone: OR factors, OR parts per table, filters down, then predicates
   * copied across join keys and filters down again.
   */
  public static Program filtersDown(RelMetadataProvider metadata) {
    Program down = Programs.of(HepProgram.builder().addRuleCollection(FILTERS_DOWN).build(), true,
        metadata);
    return Programs.sequence(
        orFactors(metadata),
        // Calcite: apply it once, alone, before the pushdown rules, lest it loop with them.
        Programs.of(HepProgram.builder().addMatchLimit(OR_EXPANSIONS)
            .addRuleCollection(OR_PARTS_PER_TABLE).build(), true, metadata),
        down,
        // A filter on one side of a join, copied to the other side's key: ss.year = 2000 with
        // ss.year = ws.year gives ws.year = 2000, which then goes down through ws's GROUP BY to its
        // date dimension and lets it prune ws. Bounded and apart from the pushdown rules: together they
        // loop (q2 and q59 of TPC-DS never finished planning).
        Programs.of(HepProgram.builder().addMatchLimit(TRANSITIVE_PREDICATE_COPIES)
            .addRuleInstance(CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES).build(), true, metadata),
        down);
  }

  /**
   * The cost-based planner, after gathering the joins into a MultiJoin for the heuristic when there
   * are enough of them.
   */
  private static RelNode orderJoinsAndOptimize(RelOptPlanner planner, RelNode rel,
      RelTraitSet requiredOutputTraits, List<RelOptMaterialization> materializations,
      List<RelOptLattice> lattices) {
    RelNode input = rel;
    if (RelOptUtil.countJoins(rel) >= MIN_JOINS_TO_REORDER) {
      HepProgram gather = new HepProgramBuilder()
          .addRuleInstance(CoreRules.FILTER_INTO_JOIN)
          .addMatchOrder(HepMatchOrder.BOTTOM_UP)
          .addRuleCollection(List.of(CoreRules.JOIN_TO_MULTI_JOIN,
              CoreRules.PROJECT_MULTI_JOIN_MERGE, CoreRules.FILTER_MULTI_JOIN_MERGE))
          .build();
      input = Programs.of(gather, true, LakeMetadata.PROVIDER)
          .run(planner, rel, requiredOutputTraits, materializations, lattices);
      JOIN_ORDER_SEARCH.forEach(planner::removeRule);
      planner.addRule(CoreRules.MULTI_JOIN_OPTIMIZE);
    }
    return volcano(planner, input, requiredOutputTraits, materializations, lattices);
  }

  /** Calcite's cost-based phase, as {@code Programs.standard()} runs it. */
  private static RelNode volcano(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    materializations.forEach(planner::addMaterialization);
    lattices.forEach(planner::addLattice);
    planner.setRoot(rel);
    RelNode root = rel.getTraitSet().equals(requiredOutputTraits) ? rel
        : planner.changeTraits(rel, requiredOutputTraits);
    planner.setRoot(root);
    return planner.chooseDelegate().findBestExp();
  }
}
