package dev.lakejdbc.rules.cost;

import java.util.List;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Distinct values through a Calc, which Calcite leaves unknown (it knows Filter and Project, and
 * plans end as Calcs): the grouped outputs that are input columns are asked of the input, with the
 * Calc's condition. A computed output makes it unknown.
 */
public final class CalcDistinctValues implements MetadataHandler<BuiltInMetadata.DistinctRowCount> {
  @Override public MetadataDef<BuiltInMetadata.DistinctRowCount> getDef() {
    return BuiltInMetadata.DistinctRowCount.DEF;
  }

  public @Nullable Double getDistinctRowCount(Calc calc, RelMetadataQuery mq,
      ImmutableBitSet groupKey, @Nullable RexNode predicate) {
    RexProgram program = calc.getProgram();
    List<RexNode> outputs = program.getProjectList().stream().map(program::expandLocalRef).toList();
    ImmutableBitSet.Builder inputKey = ImmutableBitSet.builder();
    for (int key : groupKey) {
      if (!(outputs.get(key) instanceof RexInputRef ref)) {
        return null;
      }
      inputKey.set(ref.getIndex());
    }
    RexNode onInput = predicate == null ? null : predicate.accept(new RexShuttle() {
      @Override public RexNode visitInputRef(RexInputRef ref) {
        return outputs.get(ref.getIndex());
      }
    });
    RexNode condition = program.getCondition() == null ? null
        : program.expandLocalRef(program.getCondition());
    return mq.getDistinctRowCount(calc.getInput(), inputKey.build(),
        RelMdUtil.unionPreds(calc.getCluster().getRexBuilder(), onInput, condition));
  }
}
