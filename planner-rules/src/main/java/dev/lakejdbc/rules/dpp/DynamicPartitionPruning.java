package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.dpp.DynamicPruningSpec;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import dev.lakejdbc.rules.physical.HashJoinSides;
import dev.lakejdbc.rules.physical.OutputOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.Program;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Dynamic partition pruning, as a program that runs after the cost-based planner (as Flink's does: a
 * rule cannot see the whole join and swap its inputs). For each equi-join where one side reaches a
 * partitioned lake scan and its keys are expressions over partition columns, and the other side — the
 * dimension — is deterministic, filtered and small, the dimension is wrapped in a
 * {@link DynamicFilterSource} and the scan gets a key filter fed by it. Where a join was considered and
 * not pruned, the scan carries the reason, shown by EXPLAIN and sys.scans.
 */
public final class DynamicPartitionPruning implements Program {
  private final LakeOptions options;
  private int channels;
  /** Whether this pass gave a scan a dynamic data filter. */
  private boolean dataFiltered;
  /** Whether this is the second pass, which only prunes joins that the first left alone. */
  private boolean again;

  public DynamicPartitionPruning(LakeOptions options) {
    this.options = options;
  }

  /**
   * Pruning bottom-up, then once more where the first pass gave a scan a dynamic data filter: a join
   * above gave it to a dimension of a join below, which the first pass saw unfiltered ("the
   * dimension has no filter") and which now has a filter at run time. That is TPC-DS q59's shape: the
   * fact joins an unfiltered date dimension and is grouped by its week; a filtered date dimension
   * joined on the week above the aggregate restricts the weeks, so the lower dimension's rows, and
   * then the fact's partitions.
   */
  @Override public RelNode run(RelOptPlanner planner, RelNode rel, RelTraitSet requiredOutputTraits,
      List<RelOptMaterialization> materializations, List<RelOptLattice> lattices) {
    channels = 0;
    dataFiltered = false;
    again = false;
    boolean orderReliedOn = OutputOrder.reliedOnAtRoot(rel, requiredOutputTraits);
    RelNode pruned = rewrite(rel, orderReliedOn);
    if (dataFiltered) {
      again = true;
      pruned = rewrite(pruned, orderReliedOn);
    }
    return pruned;
  }

  private RelNode rewrite(RelNode node, boolean orderReliedOn) {
    List<RelNode> inputs = new ArrayList<>();
    for (int i = 0; i < node.getInputs().size(); i++) {
      inputs.add(rewrite(node.getInput(i), OutputOrder.reliedOnInput(node, i, orderReliedOn)));
    }
    RelNode copy = inputs.equals(node.getInputs()) ? node : node.copy(node.getTraitSet(), inputs);
    if (copy != node && copy instanceof EnumerableCalc calc) {
      return DimensionJoinPushdown.mergedWithPickedColumns(calc);
    }
    if (!(copy instanceof Join join && copy instanceof EnumerableRel)) {
      return copy;
    }
    RelNode belowOtherJoin = orderReliedOn ? null
        : DimensionJoinPushdown.attempt(join, this::prunedPartitionWise);
    return belowOtherJoin != null ? belowOtherJoin : prune(join, orderReliedOn);
  }

  /**
   * A side of the join whose keys trace to a lake scan: partitioned, or with a key on a data column.
   * {@code usable} are the key pairs on its partition columns, {@code dataUsable} those on its data
   * columns. {@code otherBranches} are the other branches of a UNION ALL the keys reach, whose scans
   * the same keys prune where they are the same partition keys.
   */
  private record Candidate(int side, FactKeyTrace trace, List<Integer> usable, List<Integer> dataUsable,
      List<FactKeyTrace> otherBranches) {
    boolean partitioned() {
      return !trace.scan().partitionColumns().isEmpty();
    }
  }

  /**
   * The join, pruned where it can be. If the plan relies on its output order, which is its probe
   * (left) side's, a fact on the right stays there: neither turned into the probe side nor answered
   * partition-wise, which would return the rows in the fact's order.
   */
  private RelNode prune(Join join, boolean orderReliedOn) {
    if (again && (join.getLeft() instanceof DynamicFilterSource
        || join.getRight() instanceof DynamicFilterSource)) {
      // Pruned by the first pass.
      return join;
    }
    JoinInfo info = join.analyzeCondition();
    List<Candidate> candidates = new ArrayList<>();
    for (int side = 0; side < 2; side++) {
      List<Integer> keys = side == 0 ? info.leftKeys : info.rightKeys;
      RelNode input = join.getInput(side);
      List<FactKeyTrace> traces = new ArrayList<>(FactKeyTrace.all(input, keys.stream()
          .map(k -> (RexNode) RexInputRef.of(k, input.getRowType())).toList()));
      // Of a union's branches, the first whose keys are partition keys leads.
      traces.sort(Comparator.comparing(t -> usable(t).isEmpty()));
      FactKeyTrace trace = traces.isEmpty() ? FactKeyTrace.of(input, List.of()) : traces.get(0);
      List<Integer> dataUsable = trace == null ? List.of() : DynamicDataFilters.usable(trace, options);
      if (trace == null || trace.scan().partitionColumns().isEmpty() && dataUsable.isEmpty()) {
        continue;
      }
      candidates.add(new Candidate(side, trace, usable(trace), dataUsable,
          traces.isEmpty() ? List.of() : traces.subList(1, traces.size())));
    }
    if (candidates.isEmpty()) {
      return join;
    }
    // The side chosen as the dimension is evaluated first and whole, and no join above can prune it
    // any more. So a side whose partitions its keys can prune is the fact before one that only data
    // filters could narrow, and a side reaching a partitioned table before one that does not (a
    // filtered fact estimated smaller than an unpartitioned dimension is still the fact: its data key
    // is filtered by the dimension's keys, not the reverse). Of two alike, the larger is the fact.
    Candidate fact = candidates.stream().max(Comparator
        .comparing((Candidate c) -> !c.usable().isEmpty())
        .thenComparing(Candidate::partitioned)
        .thenComparingDouble(c -> rows(join.getInput(c.side())))).get();
    String reason = whyNot(join, info, fact);
    EnumerableLakeTableScan scan = fact.trace().scan();
    if (reason != null) {
      // An unpartitioned scan, which only data filters could have narrowed, gets no note; nor does a
      // scan the first pass gave its notes already.
      return !fact.partitioned() || again ? join
          : withoutNullKeys(join, info, fact, scan.withDynamicPruningNote(reason));
    }
    return applied(join, info, fact, orderReliedOn && fact.side() == 1);
  }

  /**
   * {@code join} with its fact scan replaced by {@code noted} (the scan with its note), and the fact's
   * partitions whose key is NULL left out where the join never matches them
   * ({@link NullKeyPartitions}): in the leading scan and in every other UNION ALL branch with the same
   * partition keys. Static pruning, so only with {@code staticPruning}.
   */
  private RelNode withoutNullKeys(Join join, JoinInfo info, Candidate fact,
      EnumerableLakeTableScan noted) {
    EnumerableLakeTableScan leading = noted;
    RelNode result = join;
    if (options.staticPruning()) {
      List<RexNode> notNull = NullKeyPartitions.conditions(join, info, fact.side(), fact.trace(),
          fact.usable());
      if (!notNull.isEmpty()) {
        leading = noted.withPartitionFilter(notNull);
      }
      for (FactKeyTrace branch : branchesWithTheSameKeys(fact)) {
        List<RexNode> branchNotNull = branch.scan() == fact.trace().scan() ? List.of()
            : NullKeyPartitions.conditions(join, info, fact.side(), branch, fact.usable());
        if (!branchNotNull.isEmpty()) {
          result = FactKeyTrace.replaceScan(result, branch.scan(),
              branch.scan().withPartitionFilter(branchNotNull));
        }
      }
    }
    return FactKeyTrace.replaceScan(result, fact.trace().scan(), leading);
  }

  /**
   * {@code join} (not relied on for its order) pruned, as far as the result is a partition-wise join,
   * directly or below another join ({@link DimensionJoinPushdown}); else null, and nothing of this
   * program's state changed.
   */
  private RelNode prunedPartitionWise(Join join) {
    int channelsBefore = channels;
    boolean dataFilteredBefore = dataFiltered;
    // Further down first, where the fact is under more than one join.
    RelNode below = DimensionJoinPushdown.attempt(join, this::prunedPartitionWise);
    if (below != null) {
      return below;
    }
    RelNode pruned = prune(join, false);
    if (PartitionWiseJoin.isAnswer(pruned)) {
      return pruned;
    }
    channels = channelsBefore;
    dataFiltered = dataFilteredBefore;
    return null;
  }

  /** The other UNION ALL branches the keys reach whose keys at the fact's positions are partition keys too. */
  private static List<FactKeyTrace> branchesWithTheSameKeys(Candidate fact) {
    return fact.otherBranches().stream().filter(b -> usable(b).equals(fact.usable())).toList();
  }

  /** The positions of the traced keys that are deterministic expressions over partition columns. */
  private static List<Integer> usable(FactKeyTrace trace) {
    ImmutableBitSet partitionColumns = trace.scan().partitionColumns();
    List<Integer> usable = new ArrayList<>();
    for (int i = 0; i < trace.keysOverTable().size(); i++) {
      RexNode key = trace.keysOverTable().get(i);
      if (RexUtil.isDeterministic(key)
          && partitionColumns.contains(RelOptUtil.InputFinder.bits(key))
          && !RelOptUtil.InputFinder.bits(key).isEmpty()) {
        usable.add(i);
      }
    }
    return usable;
  }

  /** Why pruning the fact side of this join would be wrong or useless, or null when it is neither. */
  private String whyNot(Join join, JoinInfo info, Candidate fact) {
    EnumerableLakeTableScan scan = fact.trace().scan();
    String table = scan.getTable().getQualifiedName().get(scan.getTable().getQualifiedName().size() - 1);
    if (!options.dpp()) {
      return "dpp=false";
    }
    if (info.leftKeys.isEmpty()) {
      return "the join has no equality condition";
    }
    JoinRelType type = join.getJoinType();
    if (!dropsUnmatchedFactRows(type, fact.side())) {
      return "a " + type + " join keeps fact rows without a match"
          + (type == JoinRelType.LEFT || type == JoinRelType.RIGHT ? " (the fact is on its preserved side)" : "");
    }
    if (fact.usable().isEmpty() && fact.dataUsable().isEmpty()) {
      List<String> names = scan.columns().stream().map(RelDataTypeField::getName).toList();
      List<String> partitions = scan.partitionColumns().asList().stream().map(names::get).toList();
      return "the join key is not a partition column of " + table + " (partitioned by "
          + String.join(", ", partitions) + "; joined on " + describeKeys(fact, names) + ")";
    }
    RelNode dimension = join.getInput(1 - fact.side());
    if (!DimensionChecks.isDeterministic(dimension)) {
      return "the dimension is not deterministic";
    }
    if (!DimensionChecks.hasFilter(dimension)) {
      return "the dimension has no filter, so every partition whose key it holds would be kept";
    }
    double bytes = HashJoinSides.estimatedBytes(dimension);
    if (bytes > options.dppDimensionThreshold()) {
      return String.format(Locale.ROOT, "the dimension is estimated at %,.0f bytes, over "
          + "dppDimensionThreshold=%,d", bytes, options.dppDimensionThreshold());
    }
    return null;
  }

  /**
   * Whether a join of this type drops the rows of its {@code factSide} (0 left, 1 right) that match
   * nothing: then the fact rows a filter on its keys removes are rows the join would remove.
   */
  static boolean dropsUnmatchedFactRows(JoinRelType type, int factSide) {
    return switch (type) {
      case INNER, SEMI -> true;
      case LEFT -> factSide == 1;
      case RIGHT -> factSide == 0;
      default -> false;
    };
  }

  private static String describeKeys(Candidate fact, List<String> names) {
    List<String> described = new ArrayList<>();
    for (RexNode key : fact.trace().keysOverTable()) {
      ImmutableBitSet bits = RelOptUtil.InputFinder.bits(key);
      described.add(bits.isEmpty() ? key.toString()
          : String.join(", ", bits.asList().stream().map(names::get).toList()));
    }
    return String.join(", ", described);
  }

  private RelNode applied(Join join, JoinInfo info, Candidate fact, boolean keepSides) {
    int dimSide = 1 - fact.side();
    RelNode dimension = join.getInput(dimSide);
    List<Integer> dimKeys = dimSide == 0 ? info.leftKeys : info.rightKeys;
    List<RexNode> factKeys = new ArrayList<>();
    // The channel's key tuples: the partition keys, then the data keys.
    List<Integer> pairs = new ArrayList<>(fact.usable());
    pairs.addAll(fact.dataUsable());
    int[] sourceKeys = new int[pairs.size()];
    boolean[] nullSafe = new boolean[pairs.size()];
    List<String> dimNames = new ArrayList<>();
    for (int i = 0; i < pairs.size(); i++) {
      int pair = pairs.get(i);
      if (i < fact.usable().size()) {
        factKeys.add(fact.trace().keysOverTable().get(pair));
      }
      sourceKeys[i] = dimKeys.get(pair);
      nullSafe[i] = !info.nullExclusionFlags.get(pair);
      dimNames.add(dimension.getRowType().getFieldNames().get(dimKeys.get(pair)));
    }
    DynamicFilterChannel channel = new DynamicFilterChannel(String.valueOf(++channels), nullSafe,
        fact.usable().size(), options.dppMaxKeys());
    RelNode source = new DynamicFilterSource(dimension, channel, sourceKeys);
    List<String> partitionDimNames = dimNames.subList(0, fact.usable().size());
    if (!keepSides && fact.dataUsable().isEmpty() && fact.otherBranches().isEmpty()) {
      RelNode partitionWise = partitionWise(join, info, fact, source,
          new DynamicPruningSpec(channel, factKeys, partitionDimNames, dimension.getRowType()));
      if (partitionWise != null) {
        return partitionWise;
      }
    }
    EnumerableLakeTableScan scan = fact.trace().scan();
    EnumerableLakeTableScan pruned = factKeys.isEmpty() ? scan
        : scan.withDynamicPruning(new DynamicPruningSpec(channel, factKeys, partitionDimNames));
    dataFiltered |= !fact.dataUsable().isEmpty();
    pruned = DynamicDataFilters.apply(pruned, channel, fact.usable().size(),
        fact.trace().keysOverTable(), fact.dataUsable(),
        dimNames.subList(fact.usable().size(), dimNames.size()));
    RelNode factInput = FactKeyTrace.replaceScan(join.getInput(fact.side()), scan, pruned);
    for (FactKeyTrace branch : branchesWithTheSameKeys(fact)) {
      // Another branch of a UNION ALL, pruned by the same keys where they are its partition keys too.
      if (!factKeys.isEmpty()) {
        List<RexNode> branchKeys = fact.usable().stream().map(branch.keysOverTable()::get).toList();
        factInput = FactKeyTrace.replaceScan(factInput, branch.scan(), branch.scan()
            .withDynamicPruning(new DynamicPruningSpec(channel, branchKeys, partitionDimNames)));
      }
    }
    factInput = ReadWhenEnumerated.ifEager(factInput);
    if (fact.side() == 1 && !keepSides && join.getJoinType() == JoinRelType.INNER
        && join instanceof EnumerableHashJoin hashJoin) {
      // The fact streams as the probe input instead of being hashed into memory.
      return HashJoinSides.swapped(hashJoin, factInput, source);
    }
    List<RelNode> inputs = fact.side() == 0 ? List.of(factInput, source) : List.of(source, factInput);
    return join.copy(join.getTraitSet(), inputs);
  }

  /**
   * The join answered by the fact scan itself, when it can be: an inner equi-join whose every fact key
   * is a partition column of the same type as its dimension key, over a fact side that only picks the
   * scan's columns, or that also filters or computes in one deterministic Calc, which then moves above
   * the join (an inner join's rows are the fact rows it keeps, so filtering before or after is the
   * same). {@code source} is the dimension as its DynamicFilterSource. Else null, and a hash join
   * does it.
   */
  private static RelNode partitionWise(Join join, JoinInfo info, Candidate fact, RelNode source,
      DynamicPruningSpec spec) {
    if (join.getJoinType() != JoinRelType.INNER || !info.isEqui()
        || fact.usable().size() != info.leftKeys.size()) {
      return null;
    }
    RelNode factInput = join.getInput(fact.side());
    List<Integer> factJoinKeys = fact.side() == 0 ? info.leftKeys : info.rightKeys;
    List<Integer> dimJoinKeys = fact.side() == 0 ? info.rightKeys : info.leftKeys;
    ScanFields factFields = ScanFields.of(factInput);
    EnumerableCalc movedAbove = null;
    if (factFields == null && factInput instanceof EnumerableCalc calc && isDeterministic(calc)) {
      List<RexNode> projects = ScanFields.expandedProjects(calc.getProgram());
      if (!factJoinKeys.stream().allMatch(k -> projects.get(k) instanceof RexInputRef)) {
        return null;
      }
      factJoinKeys = factJoinKeys.stream().map(k -> ((RexInputRef) projects.get(k)).getIndex()).toList();
      factFields = ScanFields.of(calc.getInput());
      movedAbove = calc;
    }
    if (factFields == null || factFields.scan().rowCounts() || !factFields.readsEachFileColumnOnce()) {
      return null;
    }
    EnumerableLakeTableScan scan = factFields.scan();
    List<RelDataTypeField> columns = scan.columns();
    int tableWidth = scan.getTable().getRowType().getFieldCount();
    ImmutableBitSet partitionColumns = scan.partitionColumns();
    for (int i = 0; i < factJoinKeys.size(); i++) {
      int field = factFields.fields()[factJoinKeys.get(i)];
      SqlTypeName dimType = source.getRowType().getFieldList().get(dimJoinKeys.get(i)).getType()
          .getSqlTypeName();
      if (field >= tableWidth || !partitionColumns.get(field)
          || columns.get(field).getType().getSqlTypeName() != dimType) {
        return null;
      }
    }
    int dimWidth = source.getRowType().getFieldCount();
    int[] dimFields = IntStream.range(columns.size(), columns.size() + dimWidth).toArray();
    int[] fields = fact.side() == 0
        ? IntStream.concat(IntStream.of(factFields.fields()), IntStream.of(dimFields)).toArray()
        : IntStream.concat(IntStream.of(dimFields), IntStream.of(factFields.fields())).toArray();
    List<RelNode> dimensions = new ArrayList<>(factFields.dimensions());
    dimensions.add(source);
    RelNode joined = new PartitionWiseJoin(scan.withJoinedDimension(spec, fields), dimensions);
    return movedAbove == null ? joined : calcAbove(movedAbove, joined, fact.side(), dimWidth, join);
  }

  private static boolean isDeterministic(EnumerableCalc calc) {
    RexProgram program = calc.getProgram();
    return ScanFields.expandedProjects(program).stream().allMatch(RexUtil::isDeterministic)
        && (program.getCondition() == null
            || RexUtil.isDeterministic(program.expandLocalRef(program.getCondition())));
  }

  /**
   * {@code calc}, which was the fact side of {@code join}, applied above the partition-wise join that
   * replaces it: its expressions and condition over the joined rows, the dimension's columns passed
   * through, in the join's column order.
   */
  private static RelNode calcAbove(EnumerableCalc calc, RelNode joined, int factSide, int dimWidth,
      Join join) {
    int factWidth = calc.getInput().getRowType().getFieldCount();
    int factOffset = factSide == 0 ? 0 : dimWidth;
    int dimOffset = factSide == 0 ? factWidth : 0;
    RexProgram program = calc.getProgram();
    List<RexNode> factOutputs = ScanFields.expandedProjects(program).stream()
        .map(e -> RexUtil.shift(e, factOffset)).toList();
    List<RexNode> dimOutputs = IntStream.range(0, dimWidth)
        .mapToObj(i -> (RexNode) RexInputRef.of(dimOffset + i, joined.getRowType())).toList();
    List<RexNode> outputs = new ArrayList<>(factSide == 0 ? factOutputs : dimOutputs);
    outputs.addAll(factSide == 0 ? dimOutputs : factOutputs);
    RexProgramBuilder builder = new RexProgramBuilder(joined.getRowType(),
        calc.getCluster().getRexBuilder());
    for (int i = 0; i < outputs.size(); i++) {
      builder.addProject(outputs.get(i), join.getRowType().getFieldNames().get(i));
    }
    if (program.getCondition() != null) {
      builder.addCondition(RexUtil.shift(program.expandLocalRef(program.getCondition()), factOffset));
    }
    return EnumerableCalc.create(joined, builder.getProgram());
  }

  private static double rows(RelNode node) {
    Double rows = node.getCluster().getMetadataQuery().getRowCount(node);
    return rows == null ? 0 : rows;
  }
}
