/**
 * What a lake table is: a {@link dev.lakejdbc.adapter.table.TableSource} (its location, the storage a
 * connection shares, its listing on demand) and its {@link dev.lakejdbc.adapter.table.TableSchema},
 * discovered once from the listing and the footers: data columns as the union of the files' schemas,
 * partition columns with their declared or inferred types, typed partition values, and the planner's
 * estimate of the share of partitions a filter keeps. It decides the table's columns and types; it must
 * not know Calcite's plan nodes or how rows are read.
 */
package dev.lakejdbc.adapter.table;
