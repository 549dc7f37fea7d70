package dev.lakejdbc.rules.cost;

import org.apache.calcite.rel.RelNode;

/**
 * A node that yields exactly the rows of its first input (the dynamic pruning program's wrappers: a
 * dimension that hands its keys to a fact scan, a fact side deferred until read, a fact scan that
 * answers a partition-wise join). Its distinct values and column origins are that input's
 * ({@link PassThroughMetadata}); Calcite would call them unknown, and the estimates above it would
 * fall back to guesses.
 */
public interface RowsOfItsInput extends RelNode {
}
