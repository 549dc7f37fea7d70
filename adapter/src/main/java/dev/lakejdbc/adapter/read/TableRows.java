package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.QueryCanceledException;
import dev.lakejdbc.adapter.dpp.DynamicKeys;
import dev.lakejdbc.adapter.dpp.DynamicPruning;
import dev.lakejdbc.adapter.dpp.KeyValues;
import dev.lakejdbc.adapter.filter.DataFilter;
import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.filter.DynamicDataFilter;
import dev.lakejdbc.adapter.filter.RowFilter;
import dev.lakejdbc.adapter.filter.RowKeyFilter;
import dev.lakejdbc.adapter.filter.RowPredicate;
import dev.lakejdbc.adapter.parquet.FieldPaths;
import dev.lakejdbc.adapter.parquet.ReadFilter;
import dev.lakejdbc.adapter.types.ColumnType;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.memory.BufferMemory;
import dev.lakejdbc.adapter.parquet.ParquetFileRows;
import dev.lakejdbc.adapter.prune.PartitionFilter;
import dev.lakejdbc.adapter.prune.PartitionPruner;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.table.FileReconciliation;
import dev.lakejdbc.adapter.table.LakeColumn;
import dev.lakejdbc.adapter.table.PartitionValues;
import dev.lakejdbc.adapter.table.TableSchema;
import dev.lakejdbc.adapter.table.TableSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.runtime.FlatLists;

/**
 * Streams the rows of a table scan: lists the table (pruned by the partition and key filters) when
 * first asked for a row, then reads the surviving files — each opened once and closed when done.
 * Rows hold the scan's fields in order, shaped as Calcite's enumerable code expects them: a bare value
 * for one field, an empty list for none.
 */
public final class TableRows implements Enumerator<Object> {
  /** A dynamic filter that keeps this share of the partitions or more saved little: say so. */
  private static final double NOT_SELECTIVE = 0.9;
  /** How many keys sys.scans shows of a dynamic filter. */
  private static final int KEYS_SHOWN = 5;
  /** The scan checks for a cancel or timeout every this many rows (a power of two), and per file. */
  private static final int CANCEL_CHECK_ROWS = 1024;


  private final TableSource table;
  private final int[] fields;
  /** For each field, the paths inside it that are read; null (or a null element): all. */
  private final FieldPaths[] paths;
  private final boolean rowCounts;
  /** The width of an output row: the fields, and the row count in row-count mode. */
  private final int width;
  private final PartitionFilter filter;
  private final List<DynamicPruning> dynamic;
  private final DataFilter dataFilter;
  /** Conjuncts tested on every decoded row, in place of the filter above ({@link RowPredicate}). */
  private final DataFilter rowFilter;
  /** The row filter with this execution's values, once {@link #readFilter} bound it. */
  private DataPredicate rowPredicate = DataPredicate.TRUE;
  private final List<DynamicDataFilter> dynamicData;
  private final DataContext root;
  private final ScanStatistics stats;
  private final RowStream.Cancellation cancellation;
  private RowStream rows;
  private Object current;
  /** Counted here and reported once: a synchronized counter per row would cost more than the row. */
  private long rowCount;
  private boolean finished;

  /**
   * Called by the code Calcite generates for an {@code EnumerableLakeTableScan}: the rows of the given
   * fields of {@code table}, pruned by the static filter and by the keys of the dynamic filters,
   * listed and read when the result is enumerated.
   *
   * @param rowCounts yield one row per file, its fields then its row count, instead of its rows
   * @param dppNote why a join considered for dynamic pruning did not prune this scan, or null
   */
  public static Enumerable<Object> scan(TableSource table, DataContext root, int[] fields,
      boolean rowCounts, PartitionFilter filter, DynamicPruning[] dynamic, String dppNote) {
    return scan(table, root, fields, rowCounts, filter, dynamic, dppNote, DataFilter.NONE,
        new DynamicDataFilter[0], null);
  }

  /**
   * As {@link #scan(TableSource, DataContext, int[], boolean, PartitionFilter, DynamicPruning[],
   * String)}, also reading only the row groups and pages the data filters may match, and dropping
   * decoded rows whose join key matches no dimension key.
   *
   * @param dataNote why conjuncts on data columns were not pushed, or null
   */
  public static Enumerable<Object> scan(TableSource table, DataContext root, int[] fields,
      boolean rowCounts, PartitionFilter filter, DynamicPruning[] dynamic, String dppNote,
      DataFilter dataFilter, DynamicDataFilter[] dynamicData, String dataNote) {
    return scan(table, root, fields, rowCounts, filter, dynamic, dppNote, dataFilter, dynamicData,
        dataNote, null);
  }

  /**
   * As {@link #scan(TableSource, DataContext, int[], boolean, PartitionFilter, DynamicPruning[],
   * String, DataFilter, DynamicDataFilter[], String)}, decoding of each nested field only the paths
   * given.
   *
   * @param paths for each field, the paths inside it that are read; null (or a null element): all
   */
  public static Enumerable<Object> scan(TableSource table, DataContext root, int[] fields,
      boolean rowCounts, PartitionFilter filter, DynamicPruning[] dynamic, String dppNote,
      DataFilter dataFilter, DynamicDataFilter[] dynamicData, String dataNote, FieldPaths[] paths) {
    return scan(table, root, fields, rowCounts, filter, dynamic, dppNote, dataFilter, dynamicData,
        dataNote, paths, DataFilter.NONE);
  }

  /**
   * As {@link #scan(TableSource, DataContext, int[], boolean, PartitionFilter, DynamicPruning[],
   * String, DataFilter, DynamicDataFilter[], String, FieldPaths[])}, also returning only the rows for
   * which {@code rowFilter} is TRUE: conjuncts the plan took from the filter above the scan, which no
   * longer tests them (so a value of theirs that cannot be computed is an error here).
   */
  public static Enumerable<Object> scan(TableSource table, DataContext root, int[] fields,
      boolean rowCounts, PartitionFilter filter, DynamicPruning[] dynamic, String dppNote,
      DataFilter dataFilter, DynamicDataFilter[] dynamicData, String dataNote, FieldPaths[] paths,
      DataFilter rowFilter) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        TableSchema schema = table.schema();
        ScanStatistics stats = table.storage().scanLog().start(root, table.name(),
            schema.partitionCount(), filter.isEmpty() ? null : filter.text());
        if (!table.storage().options().staticPruning() && !schema.partitionColumns().isEmpty()) {
          stats.note("static pruning off (staticPruning=false)");
        }
        if (dppNote != null) {
          stats.note("no dynamic pruning: " + dppNote);
        }
        if (dataNote != null) {
          stats.note("not pushed: " + dataNote);
        }
        return new TableRows(table, fields, rowCounts, filter, List.of(dynamic), dataFilter,
            List.of(dynamicData), root, stats, paths, rowFilter);
      }
    };
  }

  TableRows(TableSource table, int[] fields, boolean rowCounts, PartitionFilter filter,
      List<DynamicPruning> dynamic, DataContext root, ScanStatistics stats) {
    this(table, fields, rowCounts, filter, dynamic, DataFilter.NONE, List.of(), root, stats, null,
        DataFilter.NONE);
  }

  TableRows(TableSource table, int[] fields, boolean rowCounts, PartitionFilter filter,
      List<DynamicPruning> dynamic, DataFilter dataFilter, List<DynamicDataFilter> dynamicData,
      DataContext root, ScanStatistics stats, FieldPaths[] paths, DataFilter rowFilter) {
    this.paths = paths;
    this.dataFilter = dataFilter;
    this.rowFilter = rowFilter;
    this.dynamicData = dynamicData;
    this.table = table;
    this.fields = fields;
    this.rowCounts = rowCounts;
    this.width = fields.length + (rowCounts ? 1 : 0);
    this.filter = filter;
    this.dynamic = dynamic;
    this.root = root;
    this.stats = stats;
    this.cancellation = RowStream.Cancellation.of(root, table.name());
  }

  @Override public Object current() {
    return current;
  }

  @Override public boolean moveNext() {
    try {
      if (rows == null) {
        cancellation.check();
        stats.started();
        rows = open();
      } else if ((rowCount & (CANCEL_CHECK_ROWS - 1)) == 0) {
        cancellation.check();
      }
      if (rows.next()) {
        rowCount++;
        current = shape(rows.current());
        return true;
      }
    } catch (QueryCanceledException e) {
      // Release the files now: the client may never close the result set of a canceled query.
      close();
      throw e;
    }
    finish();
    return false;
  }

  private void finish() {
    if (!finished) {
      finished = true;
      stats.rowsRead(rowCount);
      stats.finished();
    }
  }

  /** Lists what the scan must read, then reads it on one thread, or on several for many files. */
  private RowStream open() {
    List<ParquetFileRows.Request> requests = new ArrayList<>();
    ReadFilter readFilter = readFilter();
    List<FileTask> tasks = readFilter.predicate() instanceof DataPredicate.Always a && !a.value()
        ? List.of() : plan(requests);
    readFilter = withRowFilters(readFilter, requests);
    FileTaskReader reader = new FileTaskReader(table.storage().footers(), requests, stats, filter.text(),
        readFilter, new FileReconciliation(table.name(), table.schema()));
    if (rowCounts || readFilter.filters()) {
      // Both decide files by their footers before any is opened: read the footers the sample did not
      // on the footer threads, not one after the other on this one.
      table.storage().footers().prefetch(tasks.stream().map(FileTask::file).toList(), stats);
    }
    tasks = withoutFilesRuledOut(tasks, readFilter, reader, requests);
    stats.filesToRead(tasks.size());
    // Listing a large table takes a while: look again before the first file is opened.
    cancellation.check();
    if (rowCounts) {
      return RowStream.rowCounts(tasks.iterator(), reader, cancellation);
    }
    int readers = Math.min(tasks.size(), Runtime.getRuntime().availableProcessors());
    return readers > 1 ? new PrefetchingRows(tasks.iterator(), reader, readers, cancellation,
        BufferMemory.of(root, "read buffers of table " + table.name()))
        : RowStream.sequential(tasks.iterator(), reader, cancellation);
  }

  private List<FileTask> plan(List<ParquetFileRows.Request> requests) {
    TableSchema schema = table.schema();
    List<LakeColumn> columns = schema.columns();
    List<LakeColumn> partitionColumns = schema.partitionColumns();
    PartitionWiseJoinTemplates join =
        PartitionWiseJoinTemplates.of(dynamic, root, fields, columns.size());
    for (int i = 0; i < fields.length; i++) {
      if (join.isJoinedField(fields[i])) {
        continue;
      }
      LakeColumn c = columns.get(fields[i]);
      if (!c.isPartition()) {
        requests.add(new ParquetFileRows.Request(c.name(), i, c.type(),
            paths == null || paths[i] == null ? FieldPaths.ALL : paths[i]));
      }
    }
    List<PartitionPruner.KeyFilter> keyFilters = keyFilters();
    if (keyFilters.stream().anyMatch(k -> k.keys().isEmpty())) {
      // No dimension row, no key: no fact partition can join. Nothing is listed or opened.
      return List.of();
    }
    PartitionPruner pruner = new PartitionPruner(filter, keyFilters, schema);
    HiveLayout layout = table.listLayout(pruner);
    if (!keyFilters.isEmpty() && layout.partitions().size() >= NOT_SELECTIVE * schema.partitionCount()) {
      stats.note("dynamic filter not selective: kept " + layout.partitions().size() + " of "
          + schema.partitionCount() + " partitions");
    }
    for (int i = 0; i < layout.directoriesListed(); i++) {
      stats.directoryListed();
    }
    int firstPartitionIndex = columns.size() - partitionColumns.size();
    List<FileTask> tasks = new ArrayList<>();
    for (PartitionDirectory partition : layout.partitions()) {
      Object[] values = PartitionValues.of(partitionColumns, partition);
      Object[] template = new Object[width];
      for (int i = 0; i < fields.length; i++) {
        if (!join.isJoinedField(fields[i]) && columns.get(fields[i]).isPartition()) {
          template[i] = values[columns.get(fields[i]).partitionIndex()];
        }
      }
      List<Object[]> templates = Collections.singletonList(template);
      if (!join.isEmpty()) {
        Object[] tableRow = new Object[columns.size()];
        System.arraycopy(values, 0, tableRow, firstPartitionIndex, values.length);
        templates = join.templates(template, tableRow);
        if (templates.isEmpty()) {
          continue;
        }
      }
      RuntimeException doubt = pruner.doubtAbout(partition);
      for (DataFile file : partition.files()) {
        tasks.add(new FileTask(partition, file, templates, doubt));
      }
    }
    return tasks;
  }

  /**
   * The keys of each dynamic filter, collected now — before anything is listed — by evaluating the
   * dimension if no one has yet. A filter past the key cap, or whose dimension this execution did not
   * register, is left out with a note: the scan then reads as if it were not there.
   */
  private List<PartitionPruner.KeyFilter> keyFilters() {
    List<PartitionPruner.KeyFilter> active = new ArrayList<>();
    List<String> described = new ArrayList<>();
    for (DynamicPruning d : dynamic) {
      DynamicKeys keys = d.channel().keys(root);
      if (keys == null) {
        stats.note("dynamic filter " + d.text() + " not applied: its dimension was not evaluated");
      } else if (keys.overCap()) {
        // Past the cap, the keys' range still rules out partitions beyond it.
        stats.note("dynamic filter " + d.text() + ": " + keys.size() + " keys exceed dppMaxKeys="
            + keys.maxKeys() + ", applied as their range");
        active.add(new PartitionPruner.KeyFilter(d, keys));
        described.add(d.text() + " within the range of " + keys.size() + " keys");
      } else {
        active.add(new PartitionPruner.KeyFilter(d, keys));
        described.add(d.text() + " IN " + keys.describe(KEYS_SHOWN, d::format));
      }
    }
    if (!described.isEmpty()) {
      stats.dynamicFilter(String.join("; ", described));
    }
    return active;
  }

  /**
   * The data predicate of this execution: the static data filter with its values, and each dynamic
   * data filter's keys (evaluating its dimension now if no one has yet). The row key filters are added
   * once the output positions of the key columns are known ({@link #withRowFilters}).
   */
  private ReadFilter readFilter() {
    List<LakeColumn> columns = table.schema().columns();
    List<DataPredicate> predicates = new ArrayList<>();
    List<String> described = new ArrayList<>();
    DataFilter.Bound bound = dataFilter.bind();
    if (bound.whyNot() != null) {
      stats.note(bound.whyNot());
    } else if (!dataFilter.isEmpty()) {
      predicates.add(bound.predicate());
      described.add(dataFilter.text());
    }
    if (!rowFilter.isEmpty()) {
      // No row passes a filter whose values cannot be computed: its error is the statement's.
      rowPredicate = rowFilter.bindExactly();
      // Pruning may use it too; sys.scans names the data filters (EXPLAIN the row filter).
      predicates.add(rowPredicate);
    }
    dynamicKeys.clear();
    for (DynamicDataFilter d : dynamicData) {
      KeyValues keys = d.values(root);
      if (keys == null) {
        stats.note("dynamic filter " + d.text() + " not applied: its dimension was not evaluated");
        continue;
      }
      dynamicKeys.add(new KeyedFilter(d, keys));
      predicates.add(d.predicate(keys));
      described.add(d.describe(keys));
    }
    if (!described.isEmpty()) {
      stats.dataFilter(String.join("; ", described));
    }
    return new ReadFilter(DataPredicate.and(predicates), columns.stream().map(LakeColumn::name).toList(),
        columns.stream().map(LakeColumn::type).toList(), List.of(), stats);
  }

  /**
   * The tasks whose files' footers do not rule out every row group: a selective data filter leaves
   * few files to read, often one, which is then read on the calling thread without reader threads.
   * (Each file's footer is read here, unless discovery's sample or an earlier query read it, and
   * reconciled with the table's schema; each file is checked against the file system once, here, and
   * its reader trusts the check.)
   */
  private List<FileTask> withoutFilesRuledOut(List<FileTask> tasks, ReadFilter filter,
      FileTaskReader reader, List<ParquetFileRows.Request> requests) {
    if (!filter.filters() || rowCounts) {
      return tasks;
    }
    List<FileTask> kept = new ArrayList<>(tasks.size());
    for (int i = 0; i < tasks.size(); i++) {
      FileTask task = tasks.get(i);
      if ((i & (CANCEL_CHECK_ROWS - 1)) == 0) {
        cancellation.check();
      }
      FileTask fresh = task.withFreshFile(table.storage().footers().asNow(task.file()));
      reader.reconcile(fresh.file(), requests);
      if (!ParquetFileRows.ruledOutByFooter(table.storage().footers(), fresh.file(), filter)) {
        kept.add(fresh);
      }
    }
    return kept;
  }

  /** A dynamic data filter with this execution's keys. */
  private record KeyedFilter(DynamicDataFilter filter, KeyValues keys) {}

  /** The dynamic data filters whose keys {@link #readFilter} collected. */
  private final List<KeyedFilter> dynamicKeys = new ArrayList<>();

  /** {@code filter} with a row key filter for each dynamic data filter whose column is decoded. */
  private ReadFilter withRowFilters(ReadFilter filter, List<ParquetFileRows.Request> requests) {
    boolean filtersRows = !(rowPredicate instanceof DataPredicate.Always a && a.value());
    if (requests.isEmpty() || dynamicKeys.isEmpty() && !filtersRows) {
      return filter;
    }
    List<LakeColumn> columns = table.schema().columns();
    List<RowFilter> rowFilters = new ArrayList<>();
    if (filtersRows) {
      rowFilters.add(RowPredicate.of(rowPredicate, column -> {
        ParquetFileRows.Request r = requestOf(columns.get(column), requests);
        if (r == null) {
          throw new IllegalStateException("the row filter reads " + columns.get(column).name()
              + ", which the scan does not decode");
        }
        return r.position();
      }));
    }
    for (KeyedFilter k : dynamicKeys) {
      ParquetFileRows.Request r = requestOf(columns.get(k.filter().column()), requests);
      if (r != null) {
        rowFilters.add(RowKeyFilter.of(r.position(), k.keys(), integral(r.tableType())));
      }
    }
    return filter.withRowFilters(rowFilters);
  }

  /** The request that decodes {@code column}, or null if the scan does not decode it. */
  private static ParquetFileRows.Request requestOf(LakeColumn column, List<ParquetFileRows.Request> requests) {
    for (ParquetFileRows.Request r : requests) {
      if (r.column().equals(column.name())) {
        return r;
      }
    }
    return null;
  }

  /** Whether values of {@code type} are whole numbers in Calcite's representation. */
  private static boolean integral(ColumnType type) {
    switch (type.name()) {
      case TINYINT: case SMALLINT: case INTEGER: case BIGINT: case DATE: case TIMESTAMP:
        return true;
      default:
        return false;
    }
  }

  private Object shape(Object[] row) {
    switch (width) {
      case 0: return FlatLists.COMPARABLE_EMPTY_LIST;
      case 1: return row[0];
      default: return row;
    }
  }

  @Override public void reset() {
    throw new UnsupportedOperationException("a lake scan cannot be reset; open a new one");
  }

  @Override public void close() {
    if (rows != null) {
      rows.close();
    }
    finish();
  }
}
