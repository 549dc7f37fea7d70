package dev.lakejdbc.rules.cost;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import java.util.Set;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * The table column behind each output of a lake scan. Calcite answers "unknown" for a scan that
 * reads only some columns (its output is not the table's row type), which is every lake scan once
 * projections are pushed; its output {@code i} is the table's column {@code fields[i]}.
 */
public final class ScanColumnOrigins implements MetadataHandler<BuiltInMetadata.ColumnOrigin> {
  @Override public MetadataDef<BuiltInMetadata.ColumnOrigin> getDef() {
    return BuiltInMetadata.ColumnOrigin.DEF;
  }

  public Set<RelColumnOrigin> getColumnOrigins(LakeTableScan scan, RelMetadataQuery mq,
      int outputColumn) {
    int[] fields = scan.fields();
    if (outputColumn >= fields.length
        || fields[outputColumn] >= scan.getTable().getRowType().getFieldCount()) {
      // A row-count scan's count column, or a dimension's column joined partition-wise.
      return Set.of();
    }
    return Set.of(new RelColumnOrigin(scan.getTable(), fields[outputColumn], false));
  }
}
