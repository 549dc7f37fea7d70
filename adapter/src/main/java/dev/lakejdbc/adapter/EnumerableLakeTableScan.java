package dev.lakejdbc.adapter;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;

/** The executable lake scan: its generated code is one call, {@link LakeTable#scan}, into plain Java. */
public final class EnumerableLakeTableScan extends LakeTableScan implements EnumerableRel {
  EnumerableLakeTableScan(RelOptCluster cluster, RelOptTable table, LakeTable lakeTable, int[] fields,
      RexNode partitionFilter) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), table, lakeTable, fields,
        partitionFilter);
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType =
        PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
    Expression filter = partitionFilter == null
        ? Expressions.field(null, PartitionFilter.class, "NONE")
        : PartitionFilterCompiler.compile(implementor, table.getRowType(), partitionColumns(),
            partitionFilter, partitionFilterText);
    return implementor.result(physType,
        Blocks.toBlock(
            Expressions.call(implementor.stash(lakeTable, LakeTable.class),
                Types.lookupMethod(LakeTable.class, "scan", DataContext.class, int[].class,
                    PartitionFilter.class),
                implementor.getRootExpression(),
                Expressions.constant(fields),
                filter)));
  }}
