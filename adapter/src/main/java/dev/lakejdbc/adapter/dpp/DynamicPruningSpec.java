package dev.lakejdbc.adapter.dpp;

import java.util.List;
import org.apache.calcite.rex.RexNode;

/**
 * Plan-time description of one dynamic filter on a fact scan: the channel its keys come from, the
 * fact-side key expressions over the table's row type (on partition columns only), and the names of
 * the dimension keys they are matched with, for EXPLAIN.
 */
public record DynamicPruningSpec(DynamicFilterChannel channel, List<RexNode> factKeys,
    List<String> dimensionKeys) {
  public DynamicPruningSpec {
    factKeys = List.copyOf(factKeys);
    dimensionKeys = List.copyOf(dimensionKeys);
  }
}
