/**
 * Partition pruning: compiling partition predicates and key expressions with Calcite's code generator
 * ({@link dev.lakejdbc.adapter.prune.PartitionExpressionCompiler}), the static filter they make
 * ({@link dev.lakejdbc.adapter.prune.PartitionFilter}), its readable text, and the
 * {@link dev.lakejdbc.adapter.prune.PartitionPruner} that applies the static filter and the dynamic key
 * sets to each directory while it is listed. It decides which directories may hold matching rows (when
 * in doubt, keep); it must not open files, and must not know which rules pushed the predicates.
 */
package dev.lakejdbc.adapter.prune;
