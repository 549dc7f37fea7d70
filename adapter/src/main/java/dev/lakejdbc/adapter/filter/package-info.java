/**
 * Data filters: what a scan knows about the rows it needs from its data columns, as SQL values. A
 * {@link dev.lakejdbc.adapter.filter.DataPredicate} is a small tree of comparisons, IN lists and null
 * tests on table columns; {@link dev.lakejdbc.adapter.filter.RexToDataPredicate} makes one from the
 * conjuncts a plan pushes (or says why a conjunct cannot be one), {@link
 * dev.lakejdbc.adapter.filter.DataFilter} binds it to an execution's parameter values, {@link
 * dev.lakejdbc.adapter.filter.DynamicDataFilter} makes one from a dimension's join keys, and {@link
 * dev.lakejdbc.adapter.filter.RowKeyFilter} decides whether a decoded row can join at all. Every
 * decision here may only keep too much, never too little (the plan's own filter and join stay above
 * the scan), except {@link dev.lakejdbc.adapter.filter.RowPredicate}: the conjuncts the plan moved
 * from its Calc into the scan, tested exactly. It must not know files, Parquet or statistics (that is {@code parquet}), nor which rules
 * pushed the predicates.
 */
package dev.lakejdbc.adapter.filter;
