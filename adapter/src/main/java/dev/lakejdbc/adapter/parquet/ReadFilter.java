package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.filter.RowFilter;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.types.ColumnType;
import java.util.List;

/**
 * What a scan lets the reader of each of its files leave out, and where it counts what it left out:
 * the data predicate (static and dynamic data filters, on the table's columns, which {@code
 * columnNames} and {@code columnTypes} describe), which rules out row groups and pages, and the row
 * filters, which drop decoded rows: whose join key cannot match, or that fail the conjuncts the plan
 * moved into the scan.
 *
 * @param stats where row groups and skipped rows are counted, or null to count nothing
 * @param translations the predicate's translations for the scan's file schemas, shared by its files
 * @param dictionaries whether the scan still checks row groups' dictionaries, shared by its files
 */
public record ReadFilter(DataPredicate predicate, List<String> columnNames, List<ColumnType> columnTypes,
    List<RowFilter> rowFilters, ScanStatistics stats, FileTranslations translations,
    DictionaryPayoff dictionaries) {
  /** Reads everything and counts nothing. */
  public static final ReadFilter NONE = new ReadFilter(DataPredicate.TRUE, List.of(), List.of(), List.of(),
      null);

  /** A filter whose translations are its own. */
  public ReadFilter(DataPredicate predicate, List<String> columnNames, List<ColumnType> columnTypes,
      List<? extends RowFilter> rowFilters, ScanStatistics stats) {
    this(predicate, columnNames, columnTypes, List.copyOf(rowFilters), stats, new FileTranslations(),
        new DictionaryPayoff());
  }

  /** This filter with these row key filters, sharing its translations and dictionary payoff. */
  public ReadFilter withRowFilters(List<? extends RowFilter> rowFilters) {
    return new ReadFilter(predicate, columnNames, columnTypes, List.copyOf(rowFilters), stats, translations,
        dictionaries);
  }

  public ReadFilter {
    columnNames = List.copyOf(columnNames);
    columnTypes = List.copyOf(columnTypes);
    rowFilters = List.copyOf(rowFilters);
  }

  public boolean filters() {
    return !(predicate instanceof DataPredicate.Always a && a.value());
  }
}
