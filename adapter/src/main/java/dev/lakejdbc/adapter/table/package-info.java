/**
 * What a lake table is: a {@link dev.lakejdbc.adapter.table.TableSource} (its location, the storage a
 * connection shares, its listing on demand) and its {@link dev.lakejdbc.adapter.table.TableSchema},
 * discovered once from the listing and the footers of a sample of its files
 * ({@link dev.lakejdbc.adapter.table.DiscoverySample}) or of all of them: data columns as the union of
 * those files' schemas, partition columns with their declared or inferred types, typed partition
 * values, and the planner's estimate of the share of partitions a filter keeps; and how each file a scan
 * opens is reconciled with that schema ({@link dev.lakejdbc.adapter.table.FileReconciliation}). It
 * decides the table's columns and types; it must not know Calcite's plan nodes or how rows are read.
 */
package dev.lakejdbc.adapter.table;
