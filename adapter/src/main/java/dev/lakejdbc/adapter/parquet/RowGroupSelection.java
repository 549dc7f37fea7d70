package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.stats.ScanStatistics.Skip;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DictionaryPageReadStore;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.bloomfilterlevel.BloomFilterImpl;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.LogicalInverseRewriter;
import org.apache.parquet.filter2.statisticslevel.StatisticsFilter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexFilter;
import org.apache.parquet.filter2.columnindex.RowRanges;

/**
 * Decides which row groups of one file are read, and which of their rows: each row group passes the
 * levels parquet-java offers in turn — its footer statistics (decided before the file is opened), its
 * dictionaries (decided by {@link DictionaryCheck} as parquet-java decides them, without a hash set
 * of every entry), its bloom filters — and the column index then narrows a row group to the row ranges whose
 * pages may match (the reader keeps the columns' readers aligned on those rows). Every row group and
 * row left out is counted by the level that left it out.
 *
 * <p>A level that fails (a writer's metadata parquet-java cannot read) keeps the row group: when in
 * doubt, read.
 */
final class RowGroupSelection {
  private final String file;
  private final List<BlockMetaData> blocks;
  private final FilterPredicate predicate;
  private FilterCompat.Filter compat;
  private final boolean[] ruledOut;
  private final ScanStatistics stats;
  private final Consumer<String> notes;
  private final DictionaryPayoff dictionaries;
  private Set<ColumnPath> filePaths;
  private int next;
  /** The row ranges the column index narrowed the last row group returned to; null if none. */
  private RowRanges narrowed;

  /**
   * Applies the footer's statistics at once.
   *
   * @param translation what the scan's data predicate says about this file
   * @param dictionaries whether the scan still checks dictionaries
   */
  RowGroupSelection(String file, ParquetMetadata footer, Translation translation, ScanStatistics stats,
      Consumer<String> notes, DictionaryPayoff dictionaries) {
    this.file = file;
    this.dictionaries = dictionaries;
    this.blocks = footer.getBlocks();
    this.predicate = translation.predicate();
    this.ruledOut = new boolean[blocks.size()];
    this.stats = stats;
    this.notes = notes;
    count(s -> s.rowGroups(blocks.size()));
    for (int i = 0; i < blocks.size(); i++) {
      BlockMetaData block = blocks.get(i);
      if (translation.isNone()) {
        ruleOut(i, Skip.NO_MATCH);
      } else if (predicate != null && block.getRowCount() > 0 && canDrop(() ->
          StatisticsFilter.canDrop(predicate, block.getColumns()), "statistics")) {
        ruleOut(i, Skip.STATISTICS);
      }
    }
  }

  /** Whether the data filter ruled out every row group that has rows: the file need not be opened. */
  boolean ruledOutAll() {
    return hasRuledOut() && nothingLeft();
  }

  /** Whether no row group with rows is left to read. */
  private boolean nothingLeft() {
    for (int i = 0; i < blocks.size(); i++) {
      if (!ruledOut[i] && blocks.get(i).getRowCount() > 0) {
        return false;
      }
    }
    return true;
  }

  /** The rows of the row groups the footer's statistics left, for a file read without pages. */
  long rowsLeft() {
    long rows = 0;
    for (int i = 0; i < blocks.size(); i++) {
      rows += ruledOut[i] ? 0 : blocks.get(i).getRowCount();
    }
    return rows;
  }

  /**
   * The row ranges of the row group {@link #next} returned last, if a column index narrowed it to
   * them (its pages then hold those rows, and pages of different columns break at different rows);
   * null if it holds all its rows.
   */
  RowRanges narrowedTo() {
    return narrowed;
  }

  /** The next row group that may hold matching rows, narrowed to its matching pages; null at the end. */
  PageReadStore next(ParquetFileReader reader) throws IOException {
    narrowed = null;
    if (predicate == null && !hasRuledOut()) {
      PageReadStore pages = reader.readNextRowGroup();
      if (pages != null) {
        count(s -> s.rowGroupRead(0));
      }
      return pages;
    }
    while (next < blocks.size()) {
      int i = next++;
      BlockMetaData block = blocks.get(i);
      if (ruledOut[i] || block.getRowCount() == 0) {
        continue;
      }
      if (predicate == null) {
        count(s -> s.rowGroupRead(0));
        return reader.readRowGroup(i);
      }
      if (dictionaries.worthChecking()) {
        boolean dropped = canDrop(() -> {
          try (DictionaryPageReadStore pages = reader.getDictionaryReader(block)) {
            return DictionaryCheck.canDrop(predicate, block, reader.getFileMetaData().getSchema(), pages);
          }
        }, "dictionary");
        dictionaries.checked(dropped);
        if (dropped) {
          ruleOut(i, Skip.DICTIONARY);
          continue;
        }
      }
      if (canDrop(() -> BloomFilterImpl.canDrop(predicate, block.getColumns(),
          reader.getBloomFilterDataReader(block)), "bloom filter")) {
        ruleOut(i, Skip.BLOOM_FILTER);
        continue;
      }
      RowRanges ranges = rowRanges(reader, i, block);
      if (ranges.rowCount() == 0) {
        ruleOut(i, Skip.COLUMN_INDEX);
        continue;
      }
      long skipped = block.getRowCount() - ranges.rowCount();
      count(s -> s.rowGroupRead(skipped));
      narrowed = skipped == 0 ? null : ranges;
      return skipped == 0 ? reader.readRowGroup(i) : reader.readFilteredRowGroup(i, ranges);
    }
    return null;
  }

  private boolean hasRuledOut() {
    for (boolean r : ruledOut) {
      if (r) {
        return true;
      }
    }
    return false;
  }

  private RowRanges rowRanges(ParquetFileReader reader, int i, BlockMetaData block) {
    if (block.getColumns().stream().allMatch(c -> c.getOffsetIndexReference() == null)) {
      // No page index at all (DuckDB writes none): no page can be skipped, and parquet-java's column
      // index filter would log a record at INFO per filtered column saying so, on the host's console.
      return RowRanges.createSingle(block.getRowCount());
    }
    try {
      // Every column of the file exists (a missing one never reaches a FilterPredicate); a column the
      // scan does not read has no column index in the reader's store, which keeps all its rows.
      if (compat == null) {
        compat = predicate == null ? FilterCompat.NOOP : quietFilter(predicate);
      }
      return ColumnIndexFilter.calculateRowRanges(compat, reader.getColumnIndexStore(i), filePaths(reader),
          block.getRowCount());
    } catch (RuntimeException e) {
      notes.accept("column index not used: " + e);
      return RowRanges.createSingle(block.getRowCount());
    }
  }

  /** FilterPredicateCompat's private constructor, or null where it cannot be reached. */
  static final Constructor<FilterCompat.FilterPredicateCompat> FILTER_PREDICATE_COMPAT =
      filterPredicateCompat();

  private static Constructor<FilterCompat.FilterPredicateCompat> filterPredicateCompat() {
    try {
      Constructor<FilterCompat.FilterPredicateCompat> c =
          FilterCompat.FilterPredicateCompat.class.getDeclaredConstructor(FilterPredicate.class);
      c.setAccessible(true);
      return c;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /**
   * What {@code FilterCompat.get(predicate)} returns, without the record it logs at INFO each time
   * ("Filtering using predicate: ..."): a scan makes one per file, and in a plain program
   * java.util.logging, where the jar's relocated SLF4J writes, prints each on the console. The
   * predicate is rewritten as get() does (no NOT left, which the column index filter refuses) and
   * wrapped by FilterPredicateCompat's private constructor; get() itself if that cannot be reached.
   */
  static FilterCompat.Filter quietFilter(FilterPredicate predicate) {
    if (FILTER_PREDICATE_COMPAT != null) {
      try {
        return FILTER_PREDICATE_COMPAT.newInstance(LogicalInverseRewriter.rewrite(predicate));
      } catch (ReflectiveOperationException | RuntimeException e) {
        // fall through to get()
      }
    }
    return FilterCompat.get(predicate);
  }

  private Set<ColumnPath> filePaths(ParquetFileReader reader) {
    if (filePaths == null) {
      filePaths = new HashSet<>();
      for (ColumnDescriptor c : reader.getFileMetaData().getSchema().getColumns()) {
        filePaths.add(ColumnPath.get(c.getPath()));
      }
    }
    return filePaths;
  }

  private void ruleOut(int i, Skip by) {
    ruledOut[i] = true;
    long rows = blocks.get(i).getRowCount();
    count(s -> s.rowGroupSkipped(by, rows));
  }

  private interface Level {
    boolean canDrop() throws IOException;
  }

  private boolean canDrop(Level level, String name) {
    try {
      return level.canDrop();
    } catch (IOException | RuntimeException e) {
      notes.accept(name + " not used on " + file + ": " + e);
      return false;
    }
  }

  private void count(Consumer<ScanStatistics> what) {
    if (stats != null) {
      what.accept(stats);
    }
  }
}
