package dev.lakejdbc.adapter.sys;

import dev.lakejdbc.adapter.memory.OperatorStats;
import dev.lakejdbc.adapter.memory.QueryMemory;
import dev.lakejdbc.adapter.memory.QueryMemoryLog;
import java.util.stream.Collectors;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code sys.queries}: one row per recent statement execution of this connection that held memory in
 * a sort, join, aggregation, the dynamic pruning cache or read buffers — the most it held at once,
 * what it spilled, and per operator the same. {@code statement_id} is that of {@code sys.scans}.
 */
final class QueriesTable extends AbstractTable implements ScannableTable {
  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder()
        .add("statement_id", SqlTypeName.BIGINT)
        .add("memory_limit", SqlTypeName.BIGINT)
        .add("peak_bytes", SqlTypeName.BIGINT)
        .add("held_bytes", SqlTypeName.BIGINT)
        .add("spilled_bytes", SqlTypeName.BIGINT)
        .add("spill_files", SqlTypeName.INTEGER)
        .add("running", SqlTypeName.BOOLEAN)
        .add("operators", SqlTypeName.VARCHAR).nullable(true)
        .build();
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    return Linq4j.asEnumerable(QueryMemoryLog.of(root).all()).select(QueriesTable::row);
  }

  private static Object[] row(QueryMemory q) {
    String operators = q.operators().stream().map(OperatorStats::summary)
        .collect(Collectors.joining("; "));
    return new Object[] {q.statementId(), q.options().limitBytes(), q.peakBytes(), q.heldBytes(),
        q.spilledBytes(), q.spillFiles(), !q.isClosed(), operators.isEmpty() ? null : operators};
  }
}
