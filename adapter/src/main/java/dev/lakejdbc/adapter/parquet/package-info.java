/**
 * Reading Parquet files: footers (read once, cached by path, length and modification time), the SQL
 * type of a Parquet column, and decoding the requested columns of one file straight into rows in
 * Calcite's internal representation. It decides how bytes become values; it must not know partitions,
 * pruning or plans: it is given a file and the columns to read.
 */
package dev.lakejdbc.adapter.parquet;
