package dev.lakejdbc.adapter.sys;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.table.TableSchema;
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
 * {@code sys.tables}: the lake tables this connection has discovered so far (querying it discovers
 * none), with how: {@code discovery} ({@code sample} or {@code all}), their partitions and files at
 * discovery, {@code schema_footers} (the footers the schema was built from: all files' for a table
 * as small as the sample) and the row count the planner uses, exact when every footer was read, else
 * estimated from the sample; {@code listed_all} is false when discovery listed only a sample of the
 * table's first-level partitions, and then partitions, files and rows are estimates.
 */
final class TablesTable extends AbstractTable implements ScannableTable {
  private final LakeSchema lake;

  TablesTable(LakeSchema lake) {
    this.lake = lake;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder()
        .add("table_name", SqlTypeName.VARCHAR)
        .add("discovery", SqlTypeName.VARCHAR)
        .add("partitions", SqlTypeName.INTEGER)
        .add("files", SqlTypeName.INTEGER)
        .add("schema_footers", SqlTypeName.INTEGER)
        .add("row_count", SqlTypeName.BIGINT)
        .add("row_count_exact", SqlTypeName.BOOLEAN)
        .add("listed_all", SqlTypeName.BOOLEAN)
        .build();
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    List<Object[]> rows = new ArrayList<>();
    String discovery = lake.storage().options().discoversAll() ? "all" : "sample";
    LakeTables.of(lake).forEach((name, table) -> {
      TableSchema s = table.source().discoveredSchema();
      if (s != null) {
        rows.add(new Object[] {name, discovery, s.partitionCount(), s.fileCount(), s.footersRead(),
            s.rowCount(), s.allFooters(), s.allListed()});
      }
    });
    return Linq4j.asEnumerable(rows);
  }
}
