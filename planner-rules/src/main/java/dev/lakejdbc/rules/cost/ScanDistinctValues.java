package dev.lakejdbc.rules.cost;

import dev.lakejdbc.adapter.scan.EnumerableLakeTableScan;
import dev.lakejdbc.adapter.scan.LakeTableScan;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Distinct values of a lake scan's columns, from the table's discovered estimates (exact for partition
 * columns, a min-max bound for integer columns): for several columns their product, never more than
 * the rows the scan yields. Unknown when any column has no estimate, as in Calcite.
 *
 * <p>When the scan (by its partition filter) or a predicate keeps a share {@code s} of the table's
 * rows, a value held by {@code r} rows survives with probability {@code 1 - (1 - s)^r}: a unique key
 * keeps a share {@code s} of its values, a column of five values keeps all five. A column that the
 * predicate, or the scan's own row filter, sets equal to a literal has one value.
 */
public final class ScanDistinctValues implements MetadataHandler<BuiltInMetadata.DistinctRowCount> {
  @Override public MetadataDef<BuiltInMetadata.DistinctRowCount> getDef() {
    return BuiltInMetadata.DistinctRowCount.DEF;
  }

  public @Nullable Double getDistinctRowCount(LakeTableScan scan, RelMetadataQuery mq,
      ImmutableBitSet groupKey, @Nullable RexNode predicate) {
    Double rows = mq.getRowCount(scan);
    if (rows == null || scan.rowCounts()) {
      return null;
    }
    double tableRows = Math.max(1, scan.source().schema().rowCount());
    double selected = predicate == null ? rows : rows * mq.getSelectivity(scan, predicate);
    if (groupKey.isEmpty()) {
      return 1D;
    }
    int[] fields = scan.fields();
    double values = 1;
    int tableColumns = scan.getTable().getRowType().getFieldCount();
    ImmutableBitSet single = predicate == null ? ImmutableBitSet.of() : equalToALiteral(predicate);
    // The scan's own row filter is over the table's columns.
    ImmutableBitSet singleColumns = scan instanceof EnumerableLakeTableScan e && e.rowFilter() != null
        ? equalToALiteral(e.rowFilter()) : ImmutableBitSet.of();
    for (int key : groupKey) {
      if (single.get(key) || singleColumns.get(fields[key])) {
        continue; // one value where the predicate holds
      }
      if (fields[key] >= tableColumns) {
        return null; // a dimension's column joined partition-wise
      }
      OptionalDouble count = scan.source().schema().distinctCount(fields[key]);
      if (count.isEmpty()) {
        return null;
      }
      values *= count.getAsDouble();
    }
    values = Math.min(values, tableRows);
    double share = Math.min(1, selected / tableRows);
    double survivors = values * (1 - Math.pow(1 - share, tableRows / values));
    return Math.max(1, Math.min(survivors, selected));
  }

  /** The fields a conjunct of {@code predicate} sets equal to a literal ({@code d_year = 2001}). */
  private static ImmutableBitSet equalToALiteral(RexNode predicate) {
    ImmutableBitSet.Builder fields = ImmutableBitSet.builder();
    for (RexNode c : RelOptUtil.conjunctions(predicate)) {
      if (c.getKind() == SqlKind.EQUALS) {
        List<RexNode> operands = ((RexCall) c).getOperands();
        RexNode a = RexUtil.removeCast(operands.get(0));
        RexNode b = RexUtil.removeCast(operands.get(1));
        if (a instanceof RexInputRef ref && b instanceof RexLiteral) {
          fields.set(ref.getIndex());
        } else if (b instanceof RexInputRef ref && a instanceof RexLiteral) {
          fields.set(ref.getIndex());
        }
      }
    }
    return fields.build();
  }
}
