/**
 * The Hive directory layout on a Hadoop file system: which names are partitions, data files or to be
 * ignored, escaping, listing level by level with a prefix filter (so that an excluded directory is
 * never listed), the listing cache, and the type a partition column's text values infer to. It
 * decides what a directory tree means; it must not know Parquet, SQL plans or how values are
 * filtered (a {@link dev.lakejdbc.adapter.hive.PartitionPrefixFilter} is all it is given).
 */
package dev.lakejdbc.adapter.hive;
