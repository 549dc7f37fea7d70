package dev.lakejdbc.adapter.sys;

import dev.lakejdbc.adapter.stats.ScanLog;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code sys.scans}: one row per lake-table scan of this connection's most recent statements. The
 * columns added for data filters come last, so that positions of the earlier ones stay; then
 * {@code footers_read}, the footers the scan read from storage (not cached by discovery's sample or
 * an earlier statement).
 */
final class ScansTable extends AbstractTable implements ScannableTable {
  private final ScanLog log;

  ScansTable(ScanLog log) {
    this.log = log;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder()
        .add("statement_id", SqlTypeName.BIGINT)
        .add("table_name", SqlTypeName.VARCHAR)
        .add("partitions_total", SqlTypeName.INTEGER)
        .add("partitions_read", SqlTypeName.INTEGER)
        .add("files_read", SqlTypeName.INTEGER)
        .add("bytes_read", SqlTypeName.BIGINT)
        .add("rows_read", SqlTypeName.BIGINT)
        .add("directories_listed", SqlTypeName.INTEGER)
        .add("static_filter", SqlTypeName.VARCHAR).nullable(true)
        .add("dynamic_filter", SqlTypeName.VARCHAR).nullable(true)
        .add("notes", SqlTypeName.VARCHAR).nullable(true)
        .add("row_groups_total", SqlTypeName.BIGINT)
        .add("row_groups_read", SqlTypeName.BIGINT)
        .add("rows_skipped", SqlTypeName.BIGINT)
        .add("data_filter", SqlTypeName.VARCHAR).nullable(true)
        .add("footers_read", SqlTypeName.INTEGER)
        .build();
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    return Linq4j.asEnumerable(log.all()).select(ScansTable::row);
  }

  private static Object[] row(ScanStatistics s) {
    return new Object[] {s.statementId(), s.table(), s.partitionsTotal(), s.partitionsRead(),
        s.filesRead(), s.bytesRead(), s.rowsRead(), s.directoriesListed(), s.staticFilter(),
        s.dynamicFilter(), s.notes(), s.rowGroupsTotal(), s.rowGroupsRead(), s.rowsSkipped(),
        s.dataFilter(), s.footersRead()};
  }
}
