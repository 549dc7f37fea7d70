/**
 * The adapter's shared vocabulary: the connection's {@link dev.lakejdbc.adapter.LakeOptions} and the
 * errors users see ({@link dev.lakejdbc.adapter.LakeException} with its SQLState,
 * {@link dev.lakejdbc.adapter.QueryCanceledException}). Every other package may use these; this one
 * uses only {@code types}. It knows nothing of files, plans or rows.
 *
 * <p>The packages, from the bottom up (each uses only those before it): {@code types}, this one,
 * {@code dpp}, {@code stats}, {@code filter}, {@code hive}, {@code parquet}, {@code table}, {@code prune},
 * {@code read}, {@code scan}, {@code catalog}, {@code sys}. See docs/ARCHITECTURE.md.
 */
package dev.lakejdbc.adapter;
