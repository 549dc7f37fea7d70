package dev.lakejdbc.adapter.scan;


import dev.lakejdbc.adapter.table.TableSource;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/** The logical lake scan, which the pushdown rules narrow and filter. */
public final class LogicalLakeTableScan extends LakeTableScan {
  /** A scan of all of the table's fields, as the table translates to. */
  public LogicalLakeTableScan(RelOptCluster cluster, RelOptTable table, TableSource source, int[] fields) {
    this(cluster, table, source, fields, null, false, null, null);
  }

  private LogicalLakeTableScan(RelOptCluster cluster, RelOptTable table, TableSource source,
      int[] fields, RexNode partitionFilter, boolean rowCounts, RexNode dataFilter, String dataFilterNote) {
    super(cluster, cluster.traitSetOf(Convention.NONE), table, source, fields, partitionFilter,
        rowCounts, dataFilter, dataFilterNote);
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override public void register(RelOptPlanner planner) {
    planner.addRule(EnumerableLakeScanRule.INSTANCE);
  }

  /** A copy of this scan that reads {@code newFields} instead. */
  public LogicalLakeTableScan withFields(int[] newFields) {
    return new LogicalLakeTableScan(getCluster(), table, source, newFields, partitionFilter, rowCounts,
        dataFilter, dataFilterNote);
  }

  /** A copy of this scan that also prunes partitions by {@code predicate} (over the table's row type). */
  public LogicalLakeTableScan withPartitionFilter(RexNode predicate) {
    RexNode combined = partitionFilter == null ? predicate
        : RexUtil.composeConjunction(getCluster().getRexBuilder(), List.of(partitionFilter, predicate));
    return new LogicalLakeTableScan(getCluster(), table, source, fields, combined, rowCounts, dataFilter,
        dataFilterNote);
  }

  /**
   * A copy that yields, per file, its values of {@code newFields} (partition columns) and its row
   * count from the footer: what {@code COUNT(*)} grouped by partition columns needs, without reading
   * a page.
   */
  public LogicalLakeTableScan withRowCounts(int[] newFields) {
    return new LogicalLakeTableScan(getCluster(), table, source, newFields, partitionFilter, true,
        dataFilter, dataFilterNote);
  }

  /**
   * A copy of this scan that reads only the row groups and pages {@code predicate} (conjuncts on data
   * columns, over the table's row type; it replaces any earlier one) may match, and notes why other
   * conjuncts were not pushed.
   */
  public LogicalLakeTableScan withDataFilter(RexNode predicate, String note) {
    return new LogicalLakeTableScan(getCluster(), table, source, fields, partitionFilter, rowCounts,
        predicate, note);
  }

  /** The executable copy of this scan. */
  EnumerableLakeTableScan toEnumerable() {
    return new EnumerableLakeTableScan(getCluster(), table, source, fields, partitionFilter,
        rowCounts, dataFilter, dataFilterNote);
  }
}
