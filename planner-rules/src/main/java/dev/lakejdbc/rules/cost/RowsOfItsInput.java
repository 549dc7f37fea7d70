package dev.lakejdbc.rules.cost;

import org.apache.calcite.rel.RelNode;

/**
 * A node that yields exactly the rows of its one input (the dynamic pruning program's wrappers: a
 * dimension that hands its keys to a fact scan, a fact side deferred until read). Its distinct values
 * and column origins are its input's ({@link PassThroughMetadata}); Calcite would call them unknown,
 * and the join estimates above it would fall back to guesses.
 */
public interface RowsOfItsInput extends RelNode {
}
