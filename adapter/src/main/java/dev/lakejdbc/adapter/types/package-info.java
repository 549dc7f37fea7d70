/**
 * SQL types of lake values: {@link dev.lakejdbc.adapter.types.ColumnType} (a column's type, how it
 * parses from {@code partitionTypes}, how two files' types widen, how a value is held at run time) and
 * the Calcite type system and factory every lake connection plans with (precision, scale, result types
 * of arithmetic and aggregates, common types). It decides what type a value has; it must not know where
 * values come from (directories, Parquet) or how queries run.
 */
package dev.lakejdbc.adapter.types;
