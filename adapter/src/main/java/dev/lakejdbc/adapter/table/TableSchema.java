package dev.lakejdbc.adapter.table;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * A table's columns as discovered: data columns (the union of its files' schemas) then partition
 * columns in path order; with what was found on the way, for the planner: row, partition and file
 * counts, and each partition's typed values (to estimate what a partition filter keeps).
 */
public record TableSchema(List<LakeColumn> columns, long rowCount, int partitionCount, int fileCount,
    List<Object[]> partitionValues) {
  public TableSchema {
    columns = List.copyOf(columns);
    partitionValues = List.copyOf(partitionValues);
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
