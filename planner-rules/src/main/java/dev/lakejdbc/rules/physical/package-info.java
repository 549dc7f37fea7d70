/**
 * Tweaks of the physical plan after the cost-based planner that are not dynamic pruning: which side
 * of a hash join is held in memory. They change how a plan runs, never what it returns.
 */
package dev.lakejdbc.rules.physical;
