/**
 * TIMESTAMP values in microseconds. Calcite's runtime holds a TIMESTAMP as a {@code long} of
 * milliseconds (CALCITE-5919); the lake holds it as a {@code long} of <em>microseconds</em> since the
 * epoch of its wall-clock time, everywhere a value exists at run time: decoded from files, in partition
 * values, parameters, keys, spill files and the rows Calcite's generated code passes around.
 * Comparison, equality, hashing and ordering of a {@code long} do not care about its unit, so joins,
 * DISTINCT, GROUP BY, ORDER BY, MIN/MAX need nothing. Every other place where Calcite's generated code
 * would read the {@code long} as milliseconds is rewritten before code generation by
 * {@link dev.lakejdbc.adapter.time.MicrosRewrite}: literals, CAST, EXTRACT, FLOOR, interval
 * arithmetic are computed on microseconds ({@link dev.lakejdbc.adapter.time.Micros}), and any other
 * operation is given milliseconds only where the value has none finer, else fails with SQLState 0A000
 * ({@link dev.lakejdbc.adapter.time.Micros#millisExact}): never a silently different answer.
 * {@link dev.lakejdbc.adapter.time.FineTimeExecutor} keeps Calcite's planner from folding constants
 * that hold microseconds in milliseconds. TIME stays Calcite's (an {@code int} of milliseconds).
 * It must not know where values come from or which plan nodes exist.
 */
package dev.lakejdbc.adapter.time;
