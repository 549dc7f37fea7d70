package dev.lakejdbc.adapter.sys;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code sys.partitions}: every non-empty partition directory of every lake table, listed now, with
 * its file count and bytes. An unpartitioned table has one row with an empty partition.
 */
final class PartitionsTable extends AbstractTable implements ScannableTable {
  private final LakeSchema lake;

  PartitionsTable(LakeSchema lake) {
    this.lake = lake;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder()
        .add("table_name", SqlTypeName.VARCHAR)
        .add("partition", SqlTypeName.VARCHAR)
        .add("files", SqlTypeName.INTEGER)
        .add("bytes", SqlTypeName.BIGINT)
        .build();
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    List<Object[]> rows = new ArrayList<>();
    LakeTables.of(lake).forEach((name, table) -> {
      for (PartitionDirectory p : table.source().listLayout().partitions()) {
        long bytes = p.files().stream().mapToLong(DataFile::length).sum();
        rows.add(new Object[] {name, p.name(), p.files().size(), bytes});
      }
    });
    return Linq4j.asEnumerable(rows);
  }
}
