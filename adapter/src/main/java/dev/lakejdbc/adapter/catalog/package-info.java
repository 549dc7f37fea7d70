/**
 * The lake as Calcite's catalog sees it: {@link dev.lakejdbc.adapter.catalog.LakeSchema} (each
 * directory or {@code *.parquet} file under the root is a table, listed once per connection until
 * REFRESH) and {@link dev.lakejdbc.adapter.catalog.LakeTable} (row type, row count, and translation to
 * a logical lake scan). It decides which tables exist and what they are called; how a table's columns
 * are found is {@code table}'s business.
 */
package dev.lakejdbc.adapter.catalog;
