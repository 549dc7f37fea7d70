package dev.lakejdbc.adapter.parquet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
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
    return of(field, FieldPaths.ALL, sink);
  }

  /**
   * As {@link #of(Type, Consumer)}, decoding only the leaves {@code paths} keeps: the converter of the
   * schema {@link FieldPaths#prune} requests. A struct's other fields stay NULL.
   */
  static Converter of(Type field, FieldPaths paths, Consumer<Object> sink) {
    if (field.isPrimitive()) {
      return PrimitiveDecoders.forType(field.asPrimitiveType(), sink);
    }
    GroupType g = field.asGroupType();
    if (ParquetColumnTypes.isList(g)) {
      return new ListConverter(g, paths, sink);
    }
    if (ParquetColumnTypes.isMap(g)) {
      return new MapConverter(g.getType(0).asGroupType(), sink);
    }
    return new RowConverter(g, paths, sink);
  }

  /**
   * A struct: one {@code Object[]} of all its fields per value, the kept ones decoded; a repeated
   * field inside it is a list (empty if none).
   */
  private static final class RowConverter extends GroupConverter {
    private final GroupType type;
    private final Consumer<Object> sink;
    /** For each requested field, its position in the struct. */
    private final int[] kept;
    private final Converter[] children;
    private Object[] current;

    RowConverter(GroupType type, FieldPaths paths, Consumer<Object> sink) {
      this.type = type;
      this.sink = sink;
      this.kept = paths.kept(type);
      this.children = new Converter[kept.length];
      for (int i = 0; i < kept.length; i++) {
        int index = kept[i];
        Type field = type.getType(index);
        FieldPaths under = paths.child(field.getName());
        children[i] = field.isRepetition(Type.Repetition.REPEATED)
            ? of(field, under, v -> list(index).add(v))
            : of(field, under, v -> current[index] = v);
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
      current = new Object[type.getFieldCount()];
      for (int index : kept) {
        if (type.getType(index).isRepetition(Type.Repetition.REPEATED)) {
          current[index] = new ArrayList<>();
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

    /** @param paths the paths into each element */
    ListConverter(GroupType list, FieldPaths paths, Consumer<Object> sink) {
      this.sink = sink;
      Type repeatedField = list.getType(0);
      if (ParquetColumnTypes.isTwoLevel(list)) {
        repeated = of(repeatedField, paths, v -> current.add(v));
      } else {
        Converter elementConverter =
            of(repeatedField.asGroupType().getType(0), paths, v -> element = v);
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
