package dev.lakejdbc.adapter;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.DataContext;

/**
 * Scan of a lake table, in Calcite's enumerable convention. It reads only {@code fields}; its generated
 * code is one call, {@link LakeTable#scan}, into plain Java.
 */
public final class LakeTableScan extends TableScan implements EnumerableRel {
  private final LakeTable lakeTable;
  private final int[] fields;

  public LakeTableScan(RelOptCluster cluster, RelOptTable table, LakeTable lakeTable, int[] fields) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
    this.lakeTable = lakeTable;
    this.fields = fields.clone();
  }

  public LakeTable lakeTable() {
    return lakeTable;
  }

  /** The table columns this scan reads, in output order. */
  public int[] fields() {
    return fields.clone();
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new LakeTableScan(getCluster(), table, lakeTable, fields);
  }

  /** A copy of this scan that reads {@code newFields} instead. */
  public LakeTableScan withFields(int[] newFields) {
    return new LakeTableScan(getCluster(), table, lakeTable, newFields);
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    // Part of the digest: two scans of one table with other fields must never be merged.
    return super.explainTerms(pw).item("fields", Arrays.toString(fields));
  }

  @Override public RelDataType deriveRowType() {
    List<RelDataTypeField> tableFields = table.getRowType().getFieldList();
    org.apache.calcite.rel.type.RelDataTypeFactory.Builder builder = getCluster().getTypeFactory().builder();
    for (int f : fields) {
      builder.add(tableFields.get(f));
    }
    return builder.build();
  }

  @Override public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    // Fewer columns read is cheaper, so that a projected scan wins over a full one.
    double columnShare = (fields.length + 2D) / (table.getRowType().getFieldCount() + 2D);
    return super.computeSelfCost(planner, mq).multiplyBy(columnShare);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType =
        PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
    return implementor.result(physType,
        Blocks.toBlock(
            Expressions.call(implementor.stash(lakeTable, LakeTable.class),
                Types.lookupMethod(LakeTable.class, "scan", DataContext.class, int[].class),
                implementor.getRootExpression(),
                Expressions.constant(fields))));
  }
}
