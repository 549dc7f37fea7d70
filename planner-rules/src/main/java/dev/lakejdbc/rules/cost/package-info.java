/**
 * What the planner estimates about lake plans beyond Calcite's defaults: how many distinct values a
 * lake scan's columns hold ({@link dev.lakejdbc.rules.cost.ScanDistinctValues}, and through a Calc,
 * {@link dev.lakejdbc.rules.cost.CalcDistinctValues}), which table column each output of a scan is
 * ({@link dev.lakejdbc.rules.cost.ScanColumnOrigins}), and how many rows an equi-join yields
 * ({@link dev.lakejdbc.rules.cost.JoinRows}); chained before Calcite's own handlers in
 * {@link dev.lakejdbc.rules.cost.LakeMetadata}. Estimates steer join order and build sides only:
 * nothing here may decide what a query answers.
 */
package dev.lakejdbc.rules.cost;
