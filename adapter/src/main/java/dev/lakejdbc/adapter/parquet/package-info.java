/**
 * Reading Parquet files: footers (read once, cached by path, length and modification time), the SQL
 * type of a Parquet column, and decoding the requested columns of one file straight into rows in
 * Calcite's internal representation; and what a data filter means for one file: its parquet-java
 * predicates on the file's physical types, and the row groups and pages they let it skip. It decides
 * how bytes become values and which of a file's bytes are read; it must not know partitions or plans:
 * it is given a file, the columns to read and what it may leave out.
 */
package dev.lakejdbc.adapter.parquet;
