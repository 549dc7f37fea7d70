package dev.lakejdbc.adapter.prune;

import java.util.List;
import org.apache.calcite.rel.rel2sql.SqlImplementor;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Renders a pushed partition predicate as readable SQL for EXPLAIN and sys.scans, e.g.
 * {@code dt = DATE '2026-07-08'} or {@code branch_id IN ('MUM001', 'PUN002')}, with Calcite's own
 * RexNode-to-SQL conversion (which also turns SEARCH ranges back into IN and BETWEEN-like text).
 */
public final class PartitionFilterText {
  private static final SqlDialect DIALECT = new SqlDialect(SqlDialect.EMPTY_CONTEXT
      .withDatabaseProduct(SqlDialect.DatabaseProduct.CALCITE)
      .withIdentifierQuoteString(null)) {
    // Show every CAST: "CAST(code AS INTEGER) = 5" and "code = 5" prune differently.
    @Override public boolean supportsImplicitTypeCoercion(RexCall call) {
      return false;
    }
  };

  private PartitionFilterText() {}

  public static String format(RexNode predicate, List<String> columnNames) {
    SqlImplementor.SimpleContext context = new SqlImplementor.SimpleContext(DIALECT,
        i -> new SqlIdentifier(columnNames.get(i), SqlParserPos.ZERO));
    return context.toSql(null, predicate).toSqlString(DIALECT).getSql()
        .replaceAll("\\s+", " ")
        .replace(" CHARACTER SET UTF-8", "");
  }
}
