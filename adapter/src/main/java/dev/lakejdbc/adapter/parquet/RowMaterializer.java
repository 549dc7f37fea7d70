package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Builds Calcite rows ({@code Object[]}) directly from Parquet's column readers. Each record starts as
 * a copy of a template that already holds the partition values; each requested field writes its
 * decoded value into its output position.
 *
 * <p>With row filters, a record is judged as soon as the columns they read are decoded: the fields
 * that come after them in the file are then not decoded for a record a filter drops (their values are
 * still consumed), and the record is marked {@link #rejected}. A rejected record's array is reused for
 * the next one.
 */
final class RowMaterializer extends RecordMaterializer<Object[]> {
  private final Object[] template;
  private final Root root;
  private final RowFilters rowFilters;
  private Object[] row;
  /** Whether and why the row filters dropped the current record ({@link RowFilters#judge}). */
  private int judgement;
  /** Whether the key filters judged the current record yet. */
  private boolean judged;
  private Object[] recycled;

  /**
   * @param requested the file's fields to decode, a subset of its schema
   * @param paths for each requested field, the leaves of it to decode (the rest of its schema is
   *     not requested from the file)
   * @param positions for each requested field, its position in the output row
   * @param fileTypes for each requested field, its SQL type in this file
   * @param tableTypes for each requested field, its SQL type in the table (wider, or equal)
   * @param template the row every record starts from
   */
  RowMaterializer(MessageType requested, FieldPaths[] paths, int[] positions, ColumnType[] fileTypes,
      ColumnType[] tableTypes, Object[] template) {
    this(requested, paths, positions, fileTypes, tableTypes, template, RowFilters.NONE);
  }

  /** @param rowFilters the filters a record must pass, each reading output positions */
  RowMaterializer(MessageType requested, FieldPaths[] paths, int[] positions, ColumnType[] fileTypes,
      ColumnType[] tableTypes, Object[] template, RowFilters rowFilters) {
    this.template = template;
    this.rowFilters = rowFilters;
    this.root = new Root(requested, paths, positions, fileTypes, tableTypes);
  }

  @Override public Object[] getCurrentRecord() {
    return row;
  }

  /** Whether a row filter dropped the current record. */
  boolean rejected() {
    return judgement != RowFilters.ACCEPTED;
  }

  /** Whether the current record was dropped because its key cannot join (else by another filter). */
  boolean rejectedByKeys() {
    return judgement == RowFilters.BY_KEYS;
  }

  private void judge() {
    judged = true;
    judgement = rowFilters.judge(row);
  }

  /** What writes a decoded value of {@code fileType}: as it is, or coerced to the table's wider type. */
  static Consumer<Object> coercing(ColumnType fileType, ColumnType tableType, Consumer<Object> write) {
    if (fileType.equals(tableType)) {
      return write;
    }
    return v -> write.accept(tableType.coerce(v, fileType));
  }

  @Override public GroupConverter getRootConverter() {
    return root;
  }

  private final class Root extends GroupConverter {
    private final Converter[] converters;
    /**
     * Top-level repeated fields read as VARCHAR (nestedColumns=json) collect their values per record,
     * then become one JSON array; nested fields read as VARCHAR become JSON text.
     */
    private final List<List<Object>> repeatedValues = new ArrayList<>();
    private final List<Integer> repeatedPositions = new ArrayList<>();
    /** Output positions of top-level repeated fields read as ARRAY. */
    private final List<Integer> nestedArrays = new ArrayList<>();

    Root(MessageType requested, FieldPaths[] paths, int[] positions, ColumnType[] fileTypes,
        ColumnType[] tableTypes) {
      converters = new Converter[requested.getFieldCount()];
      // The last requested field a filter reads: once it is decoded, the record can be judged.
      int lastKey = -1;
      for (int i = 0; i < converters.length; i++) {
        if (rowFilters.reads(positions[i])) {
          lastKey = i;
        }
      }
      for (int i = 0; i < converters.length; i++) {
        Type field = requested.getType(i);
        int position = positions[i];
        if (ParquetColumnTypes.isNested(field) && tableTypes[i].isNested()) {
          if (field.isRepetition(Type.Repetition.REPEATED)) {
            // A top-level repeated field (legacy, no LIST annotation) is an ARRAY; a record without
            // any value holds an empty one. Each record gets its own list: rows are kept downstream.
            nestedArrays.add(position);
            converters[i] = NestedValueConverter.of(field, paths[i], v -> list(position).add(v));
          } else {
            converters[i] = NestedValueConverter.of(field, paths[i], v -> row[position] = v);
          }
        } else if (field.isRepetition(Type.Repetition.REPEATED)) {
          List<Object> values = new ArrayList<>();
          repeatedValues.add(values);
          repeatedPositions.add(position);
          converters[i] = NestedJsonConverter.converterFor(field, values::add);
        } else if (!field.isPrimitive()) {
          converters[i] = new NestedJsonConverter(field.asGroupType(),
              tree -> row[position] = NestedJsonConverter.toJson(tree));
        } else {
          Consumer<Object> sink = sinkFor(position, fileTypes[i], tableTypes[i]);
          if (i == lastKey) {
            Consumer<Object> write = sink;
            sink = v -> {
              write.accept(v);
              judge();
            };
          }
          PrimitiveConverter c = PrimitiveDecoders.forType(field.asPrimitiveType(), sink);
          converters[i] = lastKey >= 0 && i > lastKey ? new Gated(c) : c;
        }
      }
    }

    private Consumer<Object> sinkFor(int position, ColumnType fileType, ColumnType tableType) {
      return coercing(fileType, tableType, v -> row[position] = v);
    }

    @SuppressWarnings("unchecked")
    private List<Object> list(int position) {
      return (List<Object>) row[position];
    }

    @Override public Converter getConverter(int fieldIndex) {
      return converters[fieldIndex];
    }

    @Override public void start() {
      if (recycled != null) {
        row = recycled;
        recycled = null;
        System.arraycopy(template, 0, row, 0, template.length);
      } else {
        row = template.clone();
      }
      judgement = RowFilters.ACCEPTED;
      judged = false;
      for (List<Object> values : repeatedValues) {
        values.clear();
      }
      for (int position : nestedArrays) {
        row[position] = new ArrayList<>();
      }
    }

    @Override public void end() {
      for (int i = 0; i < repeatedValues.size(); i++) {
        row[repeatedPositions.get(i)] = NestedJsonConverter.toJson(repeatedValues.get(i));
      }
      // A NULL key (no value was written) or a key column this file lacks is judged here.
      if (!rowFilters.isEmpty() && !judged) {
        judge();
      }
      if (judgement != RowFilters.ACCEPTED) {
        recycled = row;
      }
    }
  }

  /** A field after the keys: not decoded for a record its keys already rejected. */
  private final class Gated extends PrimitiveConverter {
    private final PrimitiveConverter decoder;

    Gated(PrimitiveConverter decoder) {
      this.decoder = decoder;
    }

    @Override public boolean hasDictionarySupport() {
      return decoder.hasDictionarySupport();
    }

    @Override public void setDictionary(Dictionary dictionary) {
      decoder.setDictionary(dictionary);
    }

    @Override public void addValueFromDictionary(int id) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addValueFromDictionary(id);
      }
    }

    @Override public void addBinary(Binary value) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addBinary(value);
      }
    }

    @Override public void addBoolean(boolean value) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addBoolean(value);
      }
    }

    @Override public void addDouble(double value) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addDouble(value);
      }
    }

    @Override public void addFloat(float value) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addFloat(value);
      }
    }

    @Override public void addInt(int value) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addInt(value);
      }
    }

    @Override public void addLong(long value) {
      if (judgement == RowFilters.ACCEPTED) {
        decoder.addLong(value);
      }
    }
  }
}
