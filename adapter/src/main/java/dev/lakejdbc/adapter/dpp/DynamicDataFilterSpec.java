package dev.lakejdbc.adapter.dpp;

import org.apache.calcite.rex.RexNode;

/**
 * Plan-time description of a dynamic filter on one of a fact's data columns: the channel the
 * dimension's keys come from, the position of this join key in the channel's key tuples, the fact-side
 * key over the table's row type (a data column, possibly under a CAST that loses nothing), and the name
 * of the dimension key, for EXPLAIN.
 */
public record DynamicDataFilterSpec(DynamicFilterChannel channel, int keyPosition, RexNode factKey,
    String dimensionKey) {}
