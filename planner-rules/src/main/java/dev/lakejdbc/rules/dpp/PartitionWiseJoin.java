package dev.lakejdbc.rules.dpp;

import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import dev.lakejdbc.rules.cost.EstimatesItsDistinctValues;
import dev.lakejdbc.rules.cost.RowsOfItsInput;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Inner joins that the fact scan answers itself. The join keys are partition columns, so every row of
 * a fact partition joins the same dimension rows: the scan (the first input) looks them up once per
 * partition and returns the joined rows, with no hash table probed per fact row. The other inputs are
 * the dimensions' {@link DynamicFilterSource}s, here so that each execution registers them; the scan
 * evaluates them through their channels before it lists anything.
 */
public final class PartitionWiseJoin extends AbstractRelNode
    implements EnumerableRel, RowsOfItsInput, EstimatesItsDistinctValues {
  private final List<RelNode> inputs;

  PartitionWiseJoin(EnumerableLakeTableScan scan, List<RelNode> dimensions) {
    super(scan.getCluster(), scan.getTraitSet());
    List<RelNode> all = new ArrayList<>();
    all.add(scan);
    all.addAll(dimensions);
    this.inputs = all;
  }

  /** The fact scan that returns the joined rows. */
  /** Whether {@code node} is a partition-wise join, or a Calc right above one. */
  static boolean isAnswer(RelNode node) {
    return node instanceof PartitionWiseJoin
        || node instanceof EnumerableCalc calc && calc.getInput() instanceof PartitionWiseJoin;
  }

  public EnumerableLakeTableScan scan() {
    return (EnumerableLakeTableScan) inputs.get(0);
  }

  /** The dimensions the scan joins, as their {@link DynamicFilterSource}s. */
  List<RelNode> dimensions() {
    return List.copyOf(inputs.subList(1, inputs.size()));
  }

  @Override public List<RelNode> getInputs() {
    return List.copyOf(inputs);
  }

  @Override public void replaceInput(int ordinalInParent, RelNode p) {
    inputs.set(ordinalInParent, p);
    recomputeDigest();
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new PartitionWiseJoin((EnumerableLakeTableScan) inputs.get(0),
        inputs.subList(1, inputs.size()));
  }

  @Override protected RelDataType deriveRowType() {
    return inputs.get(0).getRowType();
  }

  @Override public @Nullable Double distinctRowCount(RelMetadataQuery mq, ImmutableBitSet groupKey,
      @Nullable RexNode predicate) {
    return PartitionWiseDistinctValues.of(this, mq, groupKey, predicate);
  }

  @Override public double estimateRowCount(RelMetadataQuery mq) {
    Double rows = mq.getRowCount(inputs.get(0));
    return rows == null ? 1 : rows;
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    super.explainTerms(pw).input("fact", inputs.get(0));
    for (int i = 1; i < inputs.size(); i++) {
      pw.input("dimension" + i, inputs.get(i));
    }
    return pw.item("dimensions", dimensions().stream()
        .map(d -> "#" + ((DynamicFilterSource) d).channel().id()).collect(Collectors.joining(", ")));
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    BlockBuilder builder = new BlockBuilder();
    List<Expression> dimensions = new ArrayList<>();
    for (int i = 1; i < inputs.size(); i++) {
      Result dimension = implementor.visitChild(this, i, (EnumerableRel) inputs.get(i), Prefer.ANY);
      dimensions.add(builder.append("dimension" + i, dimension.block));
    }
    Result fact = implementor.visitChild(this, 0, (EnumerableRel) inputs.get(0), pref);
    Expression factRows = builder.append("fact", fact.block);
    builder.add(Expressions.return_(null, Expressions.call(
        Types.lookupMethod(DynamicFilterChannel.class, "afterDimensions", Enumerable.class,
            Enumerable[].class),
        factRows, Expressions.newArrayInit(Enumerable.class, dimensions))));
    return implementor.result(fact.physType, builder.toBlock());
  }
}
