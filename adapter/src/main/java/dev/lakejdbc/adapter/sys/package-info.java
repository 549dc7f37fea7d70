/**
 * The {@code sys} schema: the driver's own tables, {@code sys.scans} (what this connection's recent
 * scans read), {@code sys.partitions} (the lake's partition directories, listed when queried) and
 * {@code sys.queries} (what recent statements held in memory and spilled). It
 * only reports; it must never influence what a user query reads.
 */
package dev.lakejdbc.adapter.sys;
