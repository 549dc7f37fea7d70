package dev.lakejdbc.adapter.scan;

import dev.lakejdbc.adapter.prune.PartitionFilterText;
import dev.lakejdbc.adapter.table.LakeColumn;
import dev.lakejdbc.adapter.table.TableSource;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Scan of a lake table: it reads only {@code fields}, prunes partitions by {@code partitionFilter} and
 * reads only the row groups and pages of its files that {@code dataFilter} may match (the filter above
 * the scan still decides which rows match).
 * It exists in two forms: {@link LogicalLakeTableScan}, which the pushdown rules rewrite below logical
 * Filters and Projects, and {@link EnumerableLakeTableScan}, the executable copy. (Volcano matches a
 * rule's parent and child only within one convention, so an enumerable-only scan would miss filters
 * pushed later; and a logical node may not be a physical one.)
 */
public abstract class LakeTableScan extends TableScan {
  final TableSource source;
  final int[] fields;
  /** Conjuncts on partition columns only, over the table's row type; null when there are none. */
  final RexNode partitionFilter;
  final String partitionFilterText;
  /** Instead of rows, one row per file: its partition values and its row count, from the footer. */
  final boolean rowCounts;
  /**
   * Conjuncts on data columns only, over the table's row type, copied from the filter above (which
   * stays): they rule out row groups and pages, never rows. Null when there are none.
   */
  final RexNode dataFilter;
  final String dataFilterText;
  /** Why conjuncts of the filter above on data columns were not pushed, or null. */
  final String dataFilterNote;
  /** A data filter makes the scan cheaper by this factor, so that the planner keeps it. */
  private static final double DATA_FILTER_COST = 0.9;
  /** The name of the row-count column a row-count scan adds after its fields. */
  public static final String ROW_COUNT_COLUMN = "$rows";
  /** Estimated once per scan node: Volcano asks for row counts many times. */
  private double partitionShare = Double.NaN;

  LakeTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      TableSource source, int[] fields, RexNode partitionFilter, boolean rowCounts) {
    this(cluster, traits, table, source, fields, partitionFilter, rowCounts, null, null);
  }

  LakeTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      TableSource source, int[] fields, RexNode partitionFilter, boolean rowCounts, RexNode dataFilter,
      String dataFilterNote) {
    super(cluster, traits, List.of(), table);
    this.source = source;
    this.fields = fields.clone();
    this.partitionFilter = partitionFilter;
    this.rowCounts = rowCounts;
    this.partitionFilterText = partitionFilter == null ? null
        : PartitionFilterText.format(partitionFilter, table.getRowType().getFieldNames());
    this.dataFilter = dataFilter;
    this.dataFilterText = dataFilter == null ? null
        : PartitionFilterText.format(dataFilter, table.getRowType().getFieldNames());
    this.dataFilterNote = dataFilterNote;
  }

  /** The table this scan reads: its files, listing and discovered schema. */
  public TableSource source() {
    return source;
  }

  /** The table columns this scan reads, in output order. */
  public int[] fields() {
    return fields.clone();
  }

  /** The pushed partition predicate over the table's row type, or null. */
  public RexNode partitionFilter() {
    return partitionFilter;
  }

  /** The pushed data predicate over the table's row type, or null. */
  public RexNode dataFilter() {
    return dataFilter;
  }

  /** Why conjuncts on data columns stayed out of the scan, or null. */
  public String dataFilterNote() {
    return dataFilterNote;
  }

  /** The table's data columns (read from the files), as positions in the table's row type. */
  public ImmutableBitSet dataColumns() {
    return ImmutableBitSet.range(table.getRowType().getFieldCount()).except(partitionColumns());
  }

  /** The table's partition columns, as positions in the table's row type. */
  public ImmutableBitSet partitionColumns() {
    List<LakeColumn> columns = source.schema().columns();
    ImmutableBitSet.Builder bits = ImmutableBitSet.builder();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).isPartition()) {
        bits.set(i);
      }
    }
    return bits.build();
  }


  @Override public RelWriter explainTerms(RelWriter pw) {
    // Everything pushed into the scan is part of its digest: two scans of one table with other fields
    // or filters must never be merged by the planner (that would silently drop a filter).
    return super.explainTerms(pw)
        .item("fields", Arrays.stream(fields).mapToObj(String::valueOf).collect(Collectors.joining(", ")))
        .itemIf("PartitionFilters", partitionFilterText, partitionFilter != null)
        .itemIf("DataFilters", dataFilterText, dataFilter != null)
        .itemIf("NoDataFilters", dataFilterNote, dataFilterNote != null)
        .itemIf("RowCountsFromFooters", true, rowCounts);
  }

  /** Whether this scan yields file row counts from footers instead of rows. */
  public boolean rowCounts() {
    return rowCounts;
  }

  /** The table's rows scaled by the share of partitions the partition filter keeps. */
  @Override public double estimateRowCount(RelMetadataQuery mq) {
    if (partitionFilter != null && Double.isNaN(partitionShare)) {
      partitionShare = source.partitionShare(partitionFilter);
    }
    double rows = rowCounts ? source.schema().fileCount() : table.getRowCount();
    return rows * (partitionFilter == null ? 1 : partitionShare);
  }

  @Override public RelDataType deriveRowType() {
    List<RelDataTypeField> tableFields = table.getRowType().getFieldList();
    org.apache.calcite.rel.type.RelDataTypeFactory.Builder builder = getCluster().getTypeFactory().builder();
    for (int f : fields) {
      builder.add(tableFields.get(f));
    }
    if (rowCounts) {
      builder.add(ROW_COUNT_COLUMN, getCluster().getTypeFactory().createSqlType(SqlTypeName.BIGINT));
    }
    return builder.build();
  }

  @Override public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    // Fewer columns read is cheaper, so that a projected scan wins over a full one.
    double columnShare = (fields.length + 2D) / (table.getRowType().getFieldCount() + 2D);
    double rows = estimateRowCount(mq);
    // The rows a data filter lets through are still counted by the filter above; the scan itself only
    // reads less, by an unknown share: a small discount so that it wins over the plain scan.
    double dataShare = dataFilter == null ? 1 : DATA_FILTER_COST;
    return planner.getCostFactory().makeCost(rows, rows + 1, 0).multiplyBy(columnShare * dataShare);
  }


}
