/**
 * Memory-bounded execution of the plan: after the cost-based planner and dynamic partition pruning,
 * {@link dev.lakejdbc.rules.memory.MemoryBoundedOperators} replaces Calcite's sorts, top-Ns, hash
 * joins and hash aggregations by subclasses whose generated code is Calcite's own — key selectors,
 * comparators, accumulators — with its last call into linq4j redirected to the adapter's
 * memory-accounting, spilling operators ({@code dev.lakejdbc.adapter.memory}); and puts the plan
 * under a {@link dev.lakejdbc.rules.memory.QueryMemoryScope} that ends the execution's budget.
 * EXPLAIN shows the operators under Calcite's names. Last,
 * {@link dev.lakejdbc.rules.memory.SharedSubPlans} makes what the plan computes more than once a
 * {@link dev.lakejdbc.rules.memory.SharedSubPlan}, computed once per execution.
 */
package dev.lakejdbc.rules.memory;
