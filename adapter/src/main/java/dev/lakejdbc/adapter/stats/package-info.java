/**
 * What scans did, counted as they run: per-scan {@link dev.lakejdbc.adapter.stats.ScanStatistics},
 * a connection's {@link dev.lakejdbc.adapter.stats.ScanLog} (read by {@code sys.scans} and EXPLAIN
 * ANALYZE) and the JVM's running scans (the shell's progress). It only records; nothing here may
 * change what a scan reads.
 */
package dev.lakejdbc.adapter.stats;
