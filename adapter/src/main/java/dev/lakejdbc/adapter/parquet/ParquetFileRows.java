package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.types.ColumnType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The rows of one Parquet file, decoding only the requested columns. Columns the file lacks stay NULL;
 * when no data column is requested at all, rows are produced from the footer's row counts without
 * reading a page.
 */
public final class ParquetFileRows implements AutoCloseable {
  /** A table data column to read, the position its value goes to, and its type in the table. */
  public record Request(String column, int position, ColumnType tableType) {}

  private final DataFile file;
  private final Object[] template;
  private final ParquetFileReader reader;
  private final MessageColumnIO columnIO;
  private final RowMaterializer materializer;
  private long footerRowsLeft;
  private RecordReader<Object[]> records;
  private long rowsLeftInGroup;
  private Object[] current;

  /**
   * Opens {@code file}.
   *
   * @param template the output row every record starts from, holding the partition values
   */
  public ParquetFileRows(ParquetFooters footers, DataFile file, List<Request> requests,
      Object[] template, LongConsumer bytesRead) {
    this.file = file;
    this.template = template;
    ParquetMetadata footer = footers.footer(file);
    MessageType fileSchema = footer.getFileMetaData().getSchema();
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
    if (found.isEmpty()) {
      this.reader = null;
      this.columnIO = null;
      this.materializer = null;
      this.footerRowsLeft = footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
      return;
    }
    MessageType requested = new MessageType(fileSchema.getName(), fields);
    int[] positions = found.stream().mapToInt(Request::position).toArray();
    ColumnType[] fileTypes = fields.stream().map(ParquetColumnTypes::sqlTypeOf)
        .toArray(ColumnType[]::new);
    ColumnType[] tableTypes = found.stream().map(Request::tableType).toArray(ColumnType[]::new);
    this.materializer = new RowMaterializer(requested, positions, fileTypes, tableTypes, template);
    this.columnIO = new ColumnIOFactory().getColumnIO(requested, fileSchema);
    try {
      LakeInputFile input = footers.inputFile(file);
      this.reader = ParquetFileReader.open(input, footer, footers.options(),
          new CountingInputStream(input.newStream(), bytesRead));
      reader.setRequestedSchema(requested);
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot open Parquet file", file.path(), e);
    }
  }

  /** Advances to the next row; false at the end of the file. */
  public boolean next() {
    if (reader == null) {
      if (footerRowsLeft == 0) {
        return false;
      }
      footerRowsLeft--;
      current = template.clone();
      return true;
    }
    try {
      while (rowsLeftInGroup == 0) {
        PageReadStore pages = reader.readNextRowGroup();
        if (pages == null) {
          return false;
        }
        rowsLeftInGroup = pages.getRowCount();
        records = columnIO.getRecordReader(pages, materializer, FilterCompat.NOOP);
      }
      rowsLeftInGroup--;
      current = records.read();
      return true;
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot read Parquet file", file.path(), e);
    }
  }

  public Object[] current() {
    return current;
  }

  @Override public void close() {
    if (reader != null) {
      try {
        reader.close();
      } catch (IOException e) {
        throw LakeException.io("Cannot close Parquet file", file.path(), e);
      }
    }
  }
}
