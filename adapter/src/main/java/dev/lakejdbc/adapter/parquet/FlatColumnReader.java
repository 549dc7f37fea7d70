package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The values of one flat column (top-level, primitive, not repeated) in one row group, decoded page by
 * page straight into the rows' output position: no record assembly. Definition levels and dictionary
 * ids go through {@link RleBitPackedDecoder}; values in other encodings through parquet-java's
 * {@link ValuesReader} for that encoding; each value through the same {@link PrimitiveDecoders} the
 * record path uses, so both give the same Java values.
 */
final class FlatColumnReader {
  private final ColumnDescriptor column;
  private final PageReader pages;
  private final PrimitiveTypeName type;
  private final int maxDefinition;
  private final int position;
  private final PrimitiveConverter converter;
  /** The dictionary's entries as the row takes them (decoded and coerced once), or null. */
  private final Object[] dictionaryValues;
  /** The row the converter writes into. */
  private Object[] row;
  private int leftInPage;
  /**
   * The row (of the row group) the next value of the page belongs to, and the row after the page's
   * last: pages a column index left out leave gaps between them.
   */
  private long nextRow;
  private long pageEnd;
  /**
   * Whether the row group's pages were narrowed ({@link #seek} was called): only then are the pages'
   * first row indexes read, and trusted; a whole row group's pages follow one another anyway.
   */
  private boolean narrowed;
  /** Definition levels in RLE (all but ancient files), or else parquet-java's reader of them. */
  private RleBitPackedDecoder levels;
  private ValuesReader otherLevels;
  private RleBitPackedDecoder dictionaryIds;
  private ValuesReader values;

  /**
   * @param column the column, with maximum repetition level 0 and definition level 0 or 1
   * @param position where its values go in each row
   */
  FlatColumnReader(ColumnDescriptor column, PageReader pages, int position, ColumnType fileType,
      ColumnType tableType) {
    this.column = column;
    this.pages = pages;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.maxDefinition = column.getMaxDefinitionLevel();
    this.position = position;
    this.converter = PrimitiveDecoders.forType(column.getPrimitiveType(),
        RowMaterializer.coercing(fileType, tableType, v -> row[position] = v));
    DictionaryPage dictionary = pages.readDictionaryPage();
    if (dictionary == null) {
      this.dictionaryValues = null;
      return;
    }
    try {
      Dictionary entries = dictionary.getEncoding().initDictionary(column, dictionary);
      converter.setDictionary(entries);
      this.dictionaryValues = decodedDictionary(entries.getMaxId() + 1);
    } catch (IOException e) {
      throw new ParquetDecodingException("cannot read the dictionary of " + column, e);
    }
  }

  /** Each entry as a row takes it, through the converter once, so that a value costs an array load. */
  private Object[] decodedDictionary(int size) {
    Object[] values = new Object[size];
    row = new Object[position + 1];
    for (int id = 0; id < size; id++) {
      converter.addValueFromDictionary(id);
      values[id] = row[position];
    }
    row = null;
    return values;
  }

  /**
   * Decodes the next {@code count} values into {@code rows[0..count)}; a NULL leaves the row's value as
   * it is. The value of a row marked in {@code skip} (if not null) is consumed, not decoded.
   */
  void read(Object[][] rows, int count, boolean[] skip) {
    read(rows, 0, count, skip);
  }

  /**
   * Moves to the value of {@code row} (of the row group), at or after the current one, for a row
   * group whose pages a column index narrowed to some row ranges: pages before the row are passed
   * over, values before it in its page consumed without being decoded.
   */
  void seek(long row) {
    narrowed = true;
    if (row < nextRow) {
      throw new IllegalArgumentException("row " + row + " is behind row " + nextRow + " of " + column);
    }
    while (row >= pageEnd) {
      nextPage();
    }
    skip((int) (row - nextRow));
  }

  /**
   * Decodes the values of the rows that follow into {@code rows[from..to)}, as {@link #read(Object[][],
   * int, boolean[])} does.
   */
  void read(Object[][] rows, int from, int to, boolean[] skip) {
    int r = from;
    while (r < to) {
      if (leftInPage == 0) {
        long expected = nextRow;
        nextPage();
        if (narrowed && nextRow != expected) {
          throw new ParquetDecodingException("column " + column + " has no page for rows " + expected
              + " to " + (nextRow - 1));
        }
      }
      int end = r + Math.min(to - r, leftInPage);
      leftInPage -= end - r;
      nextRow += end - r;
      while (r < end) {
        // The rows from r on whose values are all present: a run of the maximum definition level
        // at once (a column without NULLs), else one row whose level says whether it has a value.
        int present = end - r;
        if (maxDefinition > 0) {
          present = levels == null ? 0 : levels.takeRepeated(maxDefinition, end - r);
          if (present == 0) {
            if (nextLevel() != maxDefinition) {
              r++;
              continue;
            }
            present = 1;
          }
        }
        readPresent(rows, r, r + present, skip);
        r += present;
      }
    }
    row = null;
  }

  /** Decodes the values of rows {@code [from, to)}, all present (not NULL), into the rows. */
  private void readPresent(Object[][] rows, int from, int to, boolean[] skip) {
    if (dictionaryIds != null) {
      for (int r = from; r < to; r++) {
        int id = dictionaryIds.next();
        if (skip == null || !skip[r]) {
          rows[r][position] = dictionaryValues[id];
        }
      }
      return;
    }
    for (int r = from; r < to; r++) {
      if (skip != null && skip[r]) {
        values.skip();
      } else {
        row = rows[r];
        readValue();
      }
    }
  }

  /** Consumes the next {@code count} values of the page without decoding them. */
  private void skip(int count) {
    leftInPage -= count;
    nextRow += count;
    int left = count;
    while (left > 0) {
      int present = left;
      if (maxDefinition > 0) {
        present = levels == null ? 0 : levels.takeRepeated(maxDefinition, left);
        if (present == 0) {
          // One row, whose level says whether it has a value.
          left--;
          if (nextLevel() == maxDefinition) {
            skipPresent(1);
          }
          continue;
        }
      }
      skipPresent(present);
      left -= present;
    }
  }

  private void skipPresent(int count) {
    if (dictionaryIds != null) {
      for (int i = 0; i < count; i++) {
        dictionaryIds.next();
      }
    } else {
      values.skip(count);
    }
  }

  private int nextLevel() {
    return levels != null ? levels.next() : otherLevels.readInteger();
  }

  private void readValue() {
    switch (type) {
      case INT32 -> converter.addInt(values.readInteger());
      case INT64 -> converter.addLong(values.readLong());
      case BOOLEAN -> converter.addBoolean(values.readBoolean());
      case FLOAT -> converter.addFloat(values.readFloat());
      case DOUBLE -> converter.addDouble(values.readDouble());
      case BINARY, FIXED_LEN_BYTE_ARRAY, INT96 -> converter.addBinary(values.readBytes());
      default -> throw new ParquetDecodingException("unsupported type " + type + " of " + column);
    }
  }

  private void nextPage() {
    DataPage page = pages.readPage();
    if (page == null) {
      throw new ParquetDecodingException("column " + column + " has fewer values than its row group rows");
    }
    leftInPage = page.getValueCount();
    // Flat columns have a value (or a NULL) per row: a page's values are its rows.
    nextRow = narrowed ? page.getFirstRowIndex().orElse(pageEnd) : pageEnd;
    pageEnd = nextRow + leftInPage;
    page.accept(new DataPage.Visitor<Void>() {
      @Override public Void visit(DataPageV1 v1) {
        ByteBuffer bytes = bytes(v1.getBytes());
        int start = bytes.position();
        levels = null;
        otherLevels = null;
        if (maxDefinition > 0 && v1.getDlEncoding() == Encoding.RLE) {
          int length = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(start);
          levels = new RleBitPackedDecoder(bytes, start + 4, start + 4 + length, bitWidth(maxDefinition));
          start += 4 + length;
        } else if (maxDefinition > 0) {
          // The deprecated BIT_PACKED levels: parquet-java reads them, then the values follow.
          otherLevels = v1.getDlEncoding().getValuesReader(column, ValuesType.DEFINITION_LEVEL);
          ByteBuffer slice = bytes.duplicate();
          slice.position(start);
          ByteBufferInputStream in = ByteBufferInputStream.wrap(slice);
          try {
            otherLevels.initFromPage(v1.getValueCount(), in);
            bytes = in.slice(in.available());
          } catch (IOException e) {
            throw new ParquetDecodingException("cannot read a page of " + column, e);
          }
          start = bytes.position();
        }
        initValues(v1.getValueEncoding(), bytes, start, v1.getValueCount());
        return null;
      }

      @Override public Void visit(DataPageV2 v2) {
        otherLevels = null;
        if (maxDefinition > 0) {
          ByteBuffer definitions = bytes(v2.getDefinitionLevels());
          levels = new RleBitPackedDecoder(definitions, definitions.position(), definitions.limit(),
              bitWidth(maxDefinition));
        } else {
          levels = null;
        }
        ByteBuffer data = bytes(v2.getData());
        initValues(v2.getDataEncoding(), data, data.position(), v2.getValueCount());
        return null;
      }
    });
  }

  private void initValues(Encoding encoding, ByteBuffer bytes, int start, int valueCount) {
    if (encoding.usesDictionary()) {
      if (dictionaryValues == null) {
        throw new ParquetDecodingException("a page of " + column + " refers to a dictionary it lacks");
      }
      values = null;
      // An empty page of a NULL-only column may hold no bit width at all.
      int bitWidth = start < bytes.limit() ? bytes.get(start) & 0xFF : 0;
      dictionaryIds = new RleBitPackedDecoder(bytes, start + 1, bytes.limit(), bitWidth);
      return;
    }
    dictionaryIds = null;
    values = encoding.getValuesReader(column, ValuesType.VALUES);
    ByteBuffer slice = bytes.duplicate();
    slice.position(start);
    try {
      values.initFromPage(valueCount, ByteBufferInputStream.wrap(slice));
    } catch (IOException e) {
      throw new ParquetDecodingException("cannot read a page of " + column, e);
    }
  }

  private static ByteBuffer bytes(BytesInput input) {
    try {
      return input.toByteBuffer();
    } catch (IOException e) {
      throw new ParquetDecodingException("cannot read a page", e);
    }
  }

  private static int bitWidth(int maxLevel) {
    return 32 - Integer.numberOfLeadingZeros(maxLevel);
  }
}
