package dev.lakejdbc.adapter;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * A table's columns as discovered: data columns (the union of its files' schemas) then partition
 * columns in path order; with the row and partition counts found on the way, for the planner.
 */
public record TableSchema(List<LakeColumn> columns, long rowCount, int partitionCount, int fileCount) {
  public TableSchema {
    columns = List.copyOf(columns);
  }

  public RelDataType rowType(RelDataTypeFactory typeFactory) {
    RelDataTypeFactory.Builder builder = typeFactory.builder();
    for (LakeColumn c : columns) {
      builder.add(c.name(), c.type().toRelType(typeFactory));
    }
    return builder.build();
  }

  public List<LakeColumn> partitionColumns() {
    return columns.stream().filter(LakeColumn::isPartition).toList();
  }
}
