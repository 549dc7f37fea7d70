/**
 * The runtime side of dynamic partition pruning: the channel that carries one execution's evaluated
 * dimension (its rows and distinct join keys) from the dimension's side of a join to the fact scan,
 * the key set ({@link dev.lakejdbc.adapter.dpp.DynamicKeys}), and the small values handed to a scan
 * ({@link dev.lakejdbc.adapter.dpp.DynamicPruningSpec} at plan time,
 * {@link dev.lakejdbc.adapter.dpp.DynamicPruning} at run time). It decides which key tuples match; it
 * must not know which joins qualify (that is {@code dev.lakejdbc.rules.dpp}) nor how partitions are
 * listed.
 */
package dev.lakejdbc.adapter.dpp;
