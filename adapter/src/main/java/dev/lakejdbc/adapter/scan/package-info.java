/**
 * The lake scan as a plan node: {@link dev.lakejdbc.adapter.scan.LogicalLakeTableScan}, which the
 * planner rules narrow to the columns used and give partition and data filters, and
 * {@link dev.lakejdbc.adapter.scan.EnumerableLakeTableScan}, which the DPP program gives dynamic
 * filters and joined dimensions, and whose generated code is one call into {@code read}. It decides
 * what the plan shows (everything pushed is in the digest and in EXPLAIN) and what the scan costs; it
 * must not know which rules exist (they live in {@code planner-rules}) or read any file itself beyond
 * the discovered schema.
 */
package dev.lakejdbc.adapter.scan;
