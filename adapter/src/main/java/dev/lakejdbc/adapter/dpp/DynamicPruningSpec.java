package dev.lakejdbc.adapter.dpp;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * Plan-time description of one dynamic filter on a fact scan: the channel its keys come from, the
 * fact-side key expressions over the table's row type (on partition columns only), and the names of
 * the dimension keys they are matched with, for EXPLAIN. When the scan also joins the dimension
 * partition-wise, {@code joinedColumns} is the dimension's row type (its columns follow the table's
 * and earlier joined dimensions' in the scan's field numbering); otherwise it is null.
 */
public record DynamicPruningSpec(DynamicFilterChannel channel, List<RexNode> factKeys,
    List<String> dimensionKeys, RelDataType joinedColumns) {
  public DynamicPruningSpec {
    factKeys = List.copyOf(factKeys);
    dimensionKeys = List.copyOf(dimensionKeys);
  }

  /** A filter that only prunes. */
  public DynamicPruningSpec(DynamicFilterChannel channel, List<RexNode> factKeys,
      List<String> dimensionKeys) {
    this(channel, factKeys, dimensionKeys, null);
  }
}
