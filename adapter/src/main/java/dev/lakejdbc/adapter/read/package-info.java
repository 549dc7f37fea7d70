/**
 * A scan at run time: {@link dev.lakejdbc.adapter.read.TableRows#scan} is the one call the generated
 * code makes. It collects the dynamic keys, binds the data filters, lists the table through the
 * pruner, turns the surviving files into tasks (partition values and partition-wise joined dimension
 * rows as row templates), drops those whose footers rule out every row group, and reads them on one
 * or several threads with cancel and timeout checks, counting what it opens. It
 * decides the order and parallelism of reading; it must not decide which partitions match (that is
 * {@code prune}) nor how a file is decoded (that is {@code parquet}).
 */
package dev.lakejdbc.adapter.read;
