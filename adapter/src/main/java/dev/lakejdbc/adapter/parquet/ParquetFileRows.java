package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.types.ColumnType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The rows of one Parquet file, decoding only the requested columns. Columns the file lacks stay NULL;
 * when no data column is requested at all, rows are produced from the footer's row counts without
 * reading a page. With a {@link ReadFilter}, only the row groups and pages that may match are read
 * ({@link RowGroupSelection}) — a file none of whose row groups can match is not even opened — and
 * decoded rows whose join key cannot match are dropped.
 */
public final class ParquetFileRows implements AutoCloseable {
  /**
   * A table data column to read, the position its value goes to, its type in the table and, for a
   * nested column, the fields inside it that are read.
   */
  public record Request(String column, int position, ColumnType tableType, FieldPaths paths) {
    public Request(String column, int position, ColumnType tableType) {
      this(column, position, tableType, FieldPaths.ALL);
    }
  }

  private final DataFile file;
  private final Object[] template;
  private final ParquetFileReader reader;
  private final MessageColumnIO columnIO;
  private final RowMaterializer materializer;
  private final RowGroupSelection selection;
  private final RowFilters rowFilters;
  private final ReadFilter filter;
  private final boolean opened;
  /** The requested columns when all are flat, read by {@link FlatRowGroup}; null otherwise. */
  private final List<ColumnDescriptor> flatColumns;
  private final int[] positions;
  private final ColumnType[] fileTypes;
  private final ColumnType[] tableTypes;
  private FlatRowGroup flatGroup;
  private long footerRowsLeft;
  private RecordReader<Object[]> records;
  private long rowsLeftInGroup;
  private long rowsDroppedByKeys;
  private long rowsDroppedByFilter;
  /** Row groups read through record assembly so far. */
  private int rowGroupsAssembled;
  /** Whether the row filters were checked on the rows of a file without the columns read. */
  private boolean rowFiltersChecked;
  private Object[] current;

  /**
   * Opens {@code file}.
   *
   * @param template the output row every record starts from, holding the partition values
   */
  public ParquetFileRows(ParquetFooters footers, DataFile file, List<Request> requests,
      Object[] template, LongConsumer bytesRead) {
    this(footers, file, requests, template, bytesRead, ReadFilter.NONE);
  }

  /**
   * Opens {@code file}, unless {@code filter} rules out all its row groups from the footer alone.
   *
   * @param template the output row every record starts from, holding the partition values
   */
  public ParquetFileRows(ParquetFooters footers, DataFile file, List<Request> requests,
      Object[] template, LongConsumer bytesRead, ReadFilter filter) {
    this(footers, file, requests, template, bytesRead, filter, true);
  }

  /**
   * @param columnByColumn whether flat columns are read by {@link FlatRowGroup} (false: all through
   *     record assembly, which tests compare it with)
   */
  ParquetFileRows(ParquetFooters footers, DataFile file, List<Request> requests, Object[] template,
      LongConsumer bytesRead, ReadFilter filter, boolean columnByColumn) {
    this.file = file;
    this.template = template;
    this.filter = filter;
    this.rowFilters = new RowFilters(filter.rowFilters());
    ParquetMetadata footer = footers.footer(file);
    MessageType fileSchema = footer.getFileMetaData().getSchema();
    Set<String> notes = new LinkedHashSet<>();
    Translation translation = Translation.ALL;
    if (filter.filters()) {
      translation = filter.translations().translate(filter, fileSchema, notes::add);
      if (translation.predicate() != null) {
        notes.addAll(StatisticsTrust.notes(footer, filteredFields(fileSchema, filter)));
      }
    }
    this.selection = new RowGroupSelection(file.path().toString(), footer, translation, filter.stats(),
        notes::add, filter.dictionaries());
    if (filter.stats() != null) {
      notes.forEach(filter.stats()::dataFilterNote);
    }
    Map<String, Type> byName = fileSchema.getFields().stream()
        .collect(Collectors.toMap(f -> f.getName().toLowerCase(Locale.ROOT), Function.identity(),
            (a, b) -> a));
    List<Type> fields = new ArrayList<>();
    List<Request> found = new ArrayList<>();
    for (Type field : fileSchema.getFields()) {
      for (Request r : requests) {
        if (byName.get(r.column().toLowerCase(Locale.ROOT)) == field) {
          fields.add(field);
          found.add(r);
        }
      }
    }
    boolean ruledOut = selection.ruledOutAll();
    if (found.isEmpty() || ruledOut) {
      this.reader = null;
      this.columnIO = null;
      this.materializer = null;
      this.flatColumns = null;
      this.positions = null;
      this.fileTypes = null;
      this.tableTypes = null;
      this.footerRowsLeft = selection.rowsLeft();
      this.opened = !ruledOut;
      return;
    }
    this.positions = found.stream().mapToInt(Request::position).toArray();
    this.fileTypes = fields.stream().map(ParquetColumnTypes::sqlTypeOf).toArray(ColumnType[]::new);
    this.tableTypes = found.stream().map(Request::tableType).toArray(ColumnType[]::new);
    FieldPaths[] paths = found.stream().map(Request::paths).toArray(FieldPaths[]::new);
    this.materializer = new RowMaterializer(new MessageType(fileSchema.getName(), fields), paths,
        positions, fileTypes, tableTypes, template, rowFilters);
    // Only the leaves of nested columns that the query reads are requested, so only their column
    // chunks are read and decoded.
    List<Type> pruned = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      pruned.add(tableTypes[i].isNested() ? paths[i].prune(fields.get(i)) : fields.get(i));
    }
    MessageType requested = new MessageType(fileSchema.getName(), pruned);
    this.columnIO = new ColumnIOFactory().getColumnIO(requested, fileSchema);
    this.flatColumns = columnByColumn && allFlat(fields) ? requested.getColumns() : null;
    try {
      LakeInputFile input = footers.inputFile(file);
      this.reader = ParquetFileReader.open(input, footer, footers.options(),
          new CountingInputStream(input.newStream(), bytesRead));
      reader.setRequestedSchema(requested);
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot open Parquet file", file.path(), e);
    }
    this.opened = true;
  }

  /**
   * Whether {@code filter} rules out every row group of {@code file} from its footer alone (without
   * opening it); if so, its row groups and the reasons noted are counted as reading it would count them.
   * A scan asks before it hands files to its readers, so that a selective filter leaves few files to
   * read, often one, which it then reads on its own thread.
   */
  public static boolean ruledOutByFooter(ParquetFooters footers, DataFile file, ReadFilter filter) {
    if (!filter.filters()) {
      return false;
    }
    ParquetMetadata footer = footers.footer(file);
    MessageType fileSchema = footer.getFileMetaData().getSchema();
    Set<String> notes = new LinkedHashSet<>();
    Translation translation = filter.translations().translate(filter, fileSchema, notes::add);
    if (!new RowGroupSelection(file.path().toString(), footer, translation, null, n -> { },
        filter.dictionaries()).ruledOutAll()) {
      return false;
    }
    if (filter.stats() != null) {
      if (translation.predicate() != null) {
        notes.addAll(StatisticsTrust.notes(footer, filteredFields(fileSchema, filter)));
      }
      new RowGroupSelection(file.path().toString(), footer, translation, filter.stats(), notes::add,
          filter.dictionaries());
      notes.forEach(filter.stats()::dataFilterNote);
    }
    return true;
  }

  /** Whether every requested field is a top-level primitive that is not repeated: what {@link FlatColumnReader} reads. */
  private static boolean allFlat(List<Type> fields) {
    return fields.stream().allMatch(f -> f.isPrimitive() && !f.isRepetition(Type.Repetition.REPEATED));
  }

  /** The file columns the predicate reads, by their names in this file. */
  private static Set<String> filteredFields(MessageType fileSchema, ReadFilter filter) {
    Set<String> wanted = new HashSet<>();
    for (int c : filter.predicate().columns()) {
      wanted.add(filter.columnNames().get(c).toLowerCase(Locale.ROOT));
    }
    Set<String> fields = new HashSet<>();
    for (Type f : fileSchema.getFields()) {
      if (wanted.contains(f.getName().toLowerCase(Locale.ROOT))) {
        fields.add(f.getName());
      }
    }
    return fields;
  }

  /**
   * Whether the file was opened to be read: false when its footer already rules out every row group
   * (or it has no rows), so that no byte of it past the cached footer is read.
   */
  public boolean opened() {
    return opened;
  }

  /** Whether its row groups are read column by column (also those a column index narrowed). */
  boolean readsColumnByColumn() {
    return flatColumns != null;
  }

  /** How many row groups were read through parquet-java's record assembly (nested columns). */
  int rowGroupsAssembled() {
    return rowGroupsAssembled;
  }

  /** Advances to the next row; false at the end of the file. */
  public boolean next() {
    if (reader == null) {
      if (footerRowsLeft > 0 && !rowFiltersChecked) {
        // Every row is the template (the file has none of the columns read): all pass, or none.
        rowFiltersChecked = true;
        // (Key filters never dropped these rows; the plan's conjuncts must.)
        if (rowFilters.filterDrops(template)) {
          rowsDroppedByFilter += footerRowsLeft;
          footerRowsLeft = 0;
        }
      }
      if (footerRowsLeft == 0) {
        return false;
      }
      footerRowsLeft--;
      current = template.clone();
      return true;
    }
    try {
      while (true) {
        if (flatGroup != null) {
          current = flatGroup.next();
          if (current != null) {
            return true;
          }
          rowsDroppedByKeys += flatGroup.rowsDroppedByKeys();
          rowsDroppedByFilter += flatGroup.rowsDroppedByFilter();
          flatGroup = null;
        }
        if (rowsLeftInGroup == 0) {
          PageReadStore pages = selection.next(reader);
          if (pages == null) {
            return false;
          }
          if (flatColumns != null) {
            flatGroup = new FlatRowGroup(pages, selection.narrowedTo(), flatColumns, positions,
                fileTypes, tableTypes, template, rowFilters);
          } else {
            rowsLeftInGroup = pages.getRowCount();
            records = columnIO.getRecordReader(pages, materializer, FilterCompat.NOOP);
            rowGroupsAssembled++;
          }
          continue;
        }
        rowsLeftInGroup--;
        current = records.read();
        if (!materializer.rejected()) {
          return true;
        }
        if (materializer.rejectedByKeys()) {
          rowsDroppedByKeys++;
        } else {
          rowsDroppedByFilter++;
        }
      }
    } catch (LakeException e) {
      if (e.getClass() != LakeException.class) {
        throw e;
      }
      // A value the lake cannot hold (a TIME finer than milliseconds): its own SQLState, with the file.
      throw new LakeException(e.sqlState(), "Cannot read Parquet file " + file.path() + ": " + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot read Parquet file", file.path(), e);
    }
  }

  public Object[] current() {
    return current;
  }

  @Override public void close() {
    if (flatGroup != null) {
      rowsDroppedByKeys += flatGroup.rowsDroppedByKeys();
      rowsDroppedByFilter += flatGroup.rowsDroppedByFilter();
      flatGroup = null;
    }
    if (rowsDroppedByKeys > 0 && filter.stats() != null) {
      filter.stats().rowsSkippedByKeys(rowsDroppedByKeys);
      rowsDroppedByKeys = 0;
    }
    if (rowsDroppedByFilter > 0 && filter.stats() != null) {
      filter.stats().rowsFilteredOnRows(rowsDroppedByFilter);
      rowsDroppedByFilter = 0;
    }
    if (reader != null) {
      try {
        reader.close();
      } catch (IOException e) {
        throw LakeException.io("Cannot close Parquet file", file.path(), e);
      }
    }
  }
}
