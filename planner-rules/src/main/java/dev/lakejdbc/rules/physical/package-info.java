/**
 * Tweaks of the physical plan after the cost-based planner that are not dynamic pruning: which side
 * of a hash join is held in memory, whether the plan relies on an operator's output order, and the
 * expression rewrites for the code generator (microsecond TIMESTAMPs, long IN lists). They
 * change how a plan runs, never what it returns.
 */
package dev.lakejdbc.rules.physical;
