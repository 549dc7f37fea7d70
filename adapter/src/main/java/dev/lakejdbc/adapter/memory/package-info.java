/**
 * What one statement execution may hold in memory, and what happens past it: a budget per execution
 * ({@code QueryMemory}, the connection's {@code queryMemoryLimit}) drawn from one pool for the JVM
 * ({@code MemoryPool}); estimated heap sizes of rows ({@code RowSizes}); and the operators that hold
 * rows — sort and top-N ({@code ExternalSort}), hash aggregation ({@code HashAggregation}, grouping
 * sets summed up from larger sets by {@code GroupingSetCascade}), hash joins ({@code HashJoin}), the
 * kept rows of a shared sub-plan ({@code SharedRows}, which stops keeping rather than spill) — which account what they hold and, past the budget, spill rows to temporary
 * files ({@code SpillFiles}, {@code RowCodec}) or fail with SQLState 53200
 * ({@code MemoryLimitExceededException}). The generated code of the driver's plans calls these
 * operators with Calcite's own key selectors, comparators and accumulators.
 *
 * <p>It must not know the planner, JDBC, or the lake's files: spill files never go under the lake.
 */
package dev.lakejdbc.adapter.memory;
