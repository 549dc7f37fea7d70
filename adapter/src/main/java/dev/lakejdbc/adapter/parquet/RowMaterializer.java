package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Builds Calcite rows ({@code Object[]}) directly from Parquet's column readers. Each record starts as
 * a copy of a template that already holds the partition values; each requested field writes its
 * decoded value into its output position.
 */
final class RowMaterializer extends RecordMaterializer<Object[]> {
  private final Object[] template;
  private final Root root;
  private Object[] row;

  /**
   * @param requested the file's fields to decode, a subset of its schema
   * @param positions for each requested field, its position in the output row
   * @param fileTypes for each requested field, its SQL type in this file
   * @param tableTypes for each requested field, its SQL type in the table (wider, or equal)
   * @param template the row every record starts from
   */
  RowMaterializer(MessageType requested, int[] positions, ColumnType[] fileTypes,
      ColumnType[] tableTypes, Object[] template) {
    this.template = template;
    this.root = new Root(requested, positions, fileTypes, tableTypes);
  }

  @Override public Object[] getCurrentRecord() {
    return row;
  }

  @Override public GroupConverter getRootConverter() {
    return root;
  }

  private final class Root extends GroupConverter {
    private final Converter[] converters;
    /** Top-level repeated fields collect their values per record, then become one JSON array. */
    private final List<List<Object>> repeatedValues = new ArrayList<>();
    private final List<Integer> repeatedPositions = new ArrayList<>();

    Root(MessageType requested, int[] positions, ColumnType[] fileTypes, ColumnType[] tableTypes) {
      converters = new Converter[requested.getFieldCount()];
      for (int i = 0; i < converters.length; i++) {
        Type field = requested.getType(i);
        int position = positions[i];
        if (field.isRepetition(Type.Repetition.REPEATED)) {
          List<Object> values = new ArrayList<>();
          repeatedValues.add(values);
          repeatedPositions.add(position);
          converters[i] = NestedJsonConverter.converterFor(field, values::add);
        } else if (!field.isPrimitive()) {
          converters[i] = new NestedJsonConverter(field.asGroupType(),
              tree -> row[position] = NestedJsonConverter.toJson(tree));
        } else {
          converters[i] = PrimitiveDecoders.forType(field.asPrimitiveType(),
              sinkFor(position, fileTypes[i], tableTypes[i]));
        }
      }
    }

    private Consumer<Object> sinkFor(int position, ColumnType fileType, ColumnType tableType) {
      if (fileType.equals(tableType)) {
        return v -> row[position] = v;
      }
      return v -> row[position] = tableType.coerce(v, fileType);
    }

    @Override public Converter getConverter(int fieldIndex) {
      return converters[fieldIndex];
    }

    @Override public void start() {
      row = template.clone();
      for (List<Object> values : repeatedValues) {
        values.clear();
      }
    }

    @Override public void end() {
      for (int i = 0; i < repeatedValues.size(); i++) {
        row[repeatedPositions.get(i)] = NestedJsonConverter.toJson(repeatedValues.get(i));
      }
    }
  }
}
