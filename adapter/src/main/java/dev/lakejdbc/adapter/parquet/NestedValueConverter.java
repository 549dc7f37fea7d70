package dev.lakejdbc.adapter.parquet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.Type;

/**
 * Decodes a nested Parquet field into Calcite's run-time values for the type {@link
 * ParquetColumnTypes#sqlTypeOf} gives it: a ROW into an {@code Object[]}, a LIST or a repeated field
 * into a {@code List}, a MAP into a {@code Map} (insertion order kept), leaves into the internal
 * representation {@link PrimitiveDecoders} gives top-level columns. A NULL group never starts, so it
 * stays NULL (a NULL struct is {@code null}, a struct of NULLs an array of nulls); a list that starts
 * and has no element is empty.
 */
final class NestedValueConverter {
  private NestedValueConverter() {}

  /** A converter handing each value of {@code field} (each occurrence, if repeated) to {@code sink}. */
  static Converter of(Type field, Consumer<Object> sink) {
    if (field.isPrimitive()) {
      return PrimitiveDecoders.forType(field.asPrimitiveType(), sink);
    }
    GroupType g = field.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    Type repeated = g.getFieldCount() == 1 ? g.getType(0) : null;
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation && repeated != null
        && repeated.isRepetition(Type.Repetition.REPEATED)) {
      return new ListConverter(g, sink);
    }
    if ((a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) && repeated != null
        && repeated.isRepetition(Type.Repetition.REPEATED) && !repeated.isPrimitive()
        && repeated.asGroupType().getFieldCount() == 2) {
      return new MapConverter(repeated.asGroupType(), sink);
    }
    return new RowConverter(g, sink);
  }

  /** A struct: one {@code Object[]} per value; a repeated field inside it is a list (empty if none). */
  private static final class RowConverter extends GroupConverter {
    private final GroupType type;
    private final Consumer<Object> sink;
    private final Converter[] children;
    private Object[] current;

    RowConverter(GroupType type, Consumer<Object> sink) {
      this.type = type;
      this.sink = sink;
      this.children = new Converter[type.getFieldCount()];
      for (int i = 0; i < children.length; i++) {
        int index = i;
        Type field = type.getType(i);
        children[i] = field.isRepetition(Type.Repetition.REPEATED)
            ? of(field, v -> list(index).add(v))
            : of(field, v -> current[index] = v);
      }
    }

    @SuppressWarnings("unchecked")
    private List<Object> list(int index) {
      return (List<Object>) current[index];
    }

    @Override public Converter getConverter(int fieldIndex) {
      return children[fieldIndex];
    }

    @Override public void start() {
      current = new Object[children.length];
      for (int i = 0; i < children.length; i++) {
        if (type.getType(i).isRepetition(Type.Repetition.REPEATED)) {
          current[i] = new ArrayList<>();
        }
      }
    }

    @Override public void end() {
      sink.accept(current);
    }
  }

  /** A LIST, 2-level or 3-level ({@link ParquetColumnTypes#listElement}). */
  private static final class ListConverter extends GroupConverter {
    private final Consumer<Object> sink;
    private final Converter repeated;
    private List<Object> current;
    private Object element;

    ListConverter(GroupType list, Consumer<Object> sink) {
      this.sink = sink;
      Type repeatedField = list.getType(0);
      if (ParquetColumnTypes.isTwoLevel(list)) {
        repeated = of(repeatedField, v -> current.add(v));
      } else {
        Converter elementConverter = of(repeatedField.asGroupType().getType(0), v -> element = v);
        repeated = new GroupConverter() {
          @Override public Converter getConverter(int fieldIndex) {
            return elementConverter;
          }

          @Override public void start() {
            element = null;
          }

          @Override public void end() {
            current.add(element);
          }
        };
      }
    }

    @Override public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override public void start() {
      current = new ArrayList<>();
    }

    @Override public void end() {
      sink.accept(current);
    }
  }

  /** A MAP: its repeated {@code key_value} group of key and value. */
  private static final class MapConverter extends GroupConverter {
    private final Consumer<Object> sink;
    private final Converter entry;
    private Map<Object, Object> current;
    private Object key;
    private Object value;

    MapConverter(GroupType keyValue, Consumer<Object> sink) {
      this.sink = sink;
      Converter keyConverter = of(keyValue.getType(0), v -> key = v);
      Converter valueConverter = of(keyValue.getType(1), v -> value = v);
      entry = new GroupConverter() {
        @Override public Converter getConverter(int fieldIndex) {
          return fieldIndex == 0 ? keyConverter : valueConverter;
        }

        @Override public void start() {
          key = null;
          value = null;
        }

        @Override public void end() {
          current.put(key, value);
        }
      };
    }

    @Override public Converter getConverter(int fieldIndex) {
      return entry;
    }

    @Override public void start() {
      current = new LinkedHashMap<>();
    }

    @Override public void end() {
      sink.accept(current);
    }
  }
}
