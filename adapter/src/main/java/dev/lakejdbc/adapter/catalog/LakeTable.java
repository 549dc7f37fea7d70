package dev.lakejdbc.adapter.catalog;

import dev.lakejdbc.adapter.scan.LogicalLakeTableScan;
import dev.lakejdbc.adapter.table.TableSource;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A table of the lake as Calcite sees it: its row type and row count come from the discovered schema
 * of its {@link TableSource}, and it translates to a {@link LogicalLakeTableScan} of all its columns,
 * which the planner rules then narrow and filter.
 */
public final class LakeTable extends AbstractTable implements TranslatableTable {
  private final TableSource source;

  public LakeTable(TableSource source) {
    this.source = source;
  }

  /** The table's files, listing and schema. */
  public TableSource source() {
    return source;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return source.schema().rowType(typeFactory);
  }

  @Override public Statistic getStatistic() {
    return Statistics.of(source.schema().rowCount(), List.of());
  }

  @Override public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    int fieldCount = relOptTable.getRowType().getFieldCount();
    int[] fields = new int[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      fields[i] = i;
    }
    return new LogicalLakeTableScan(context.getCluster(), relOptTable, source, fields);
  }

  @Override public String toString() {
    return "LakeTable(" + source.name() + ")";
  }
}
