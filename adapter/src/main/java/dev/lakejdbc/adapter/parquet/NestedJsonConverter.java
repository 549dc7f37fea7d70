package dev.lakejdbc.adapter.parquet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakejdbc.adapter.types.ColumnType;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.Type;

/**
 * Decodes a nested Parquet field (struct, LIST, MAP, or a group with repeated fields) into a Java tree
 * of maps and lists, and hands it on at the end of the group. {@link #toJson} renders such a tree as
 * the VARCHAR value the driver exposes for nested columns.
 */
final class NestedJsonConverter extends GroupConverter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final GroupType type;
  private final Consumer<Object> sink;
  private final Converter[] children;
  private Map<String, Object> current;

  NestedJsonConverter(GroupType type, Consumer<Object> sink) {
    this.type = type;
    this.sink = sink;
    this.children = new Converter[type.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      Type field = type.getType(i);
      String name = field.getName();
      Consumer<Object> fieldSink = field.isRepetition(Type.Repetition.REPEATED)
          ? v -> repeated(name).add(v)
          : v -> current.put(name, v);
      children[i] = converterFor(field, fieldSink);
    }
  }

  /** A converter for any field inside a nested value: leaves give JSON-friendly values. */
  static Converter converterFor(Type field, Consumer<Object> sink) {
    if (field.isPrimitive()) {
      ColumnType leafType = ParquetColumnTypes.sqlTypeOf(field.asPrimitiveType());
      return PrimitiveDecoders.forType(field.asPrimitiveType(), v -> sink.accept(jsonFriendly(v, leafType)));
    }
    return new NestedJsonConverter(field.asGroupType(), sink);
  }

  @SuppressWarnings("unchecked")
  private List<Object> repeated(String name) {
    return (List<Object>) current.computeIfAbsent(name, k -> new ArrayList<>());
  }

  @Override public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override public void start() {
    current = new LinkedHashMap<>();
    for (Type field : type.getFields()) {
      if (!field.isRepetition(Type.Repetition.REPEATED)) {
        current.put(field.getName(), null);
      }
    }
  }

  @Override public void end() {
    sink.accept(shape());
  }

  /** Applies the LIST and MAP annotations; a plain group stays an object. */
  private Object shape() {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    boolean isList = a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation;
    boolean isMap = a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
    if ((!isList && !isMap) || type.getFieldCount() != 1) {
      return current;
    }
    Type repeatedField = type.getType(0);
    List<Object> entries = repeated(repeatedField.getName());
    boolean wrapped = !repeatedField.isPrimitive() && repeatedField.asGroupType().getFieldCount() == 1;
    if (isList) {
      if (!wrapped) {
        return entries;
      }
      List<Object> elements = new ArrayList<>(entries.size());
      for (Object entry : entries) {
        elements.add(((Map<?, ?>) entry).values().iterator().next());
      }
      return elements;
    }
    Map<String, Object> map = new LinkedHashMap<>();
    for (Object entry : entries) {
      List<?> keyAndValue = new ArrayList<>(((Map<?, ?>) entry).values());
      map.put(String.valueOf(keyAndValue.get(0)), keyAndValue.size() > 1 ? keyAndValue.get(1) : null);
    }
    return map;
  }

  private static Object jsonFriendly(Object value, ColumnType type) {
    switch (type.name()) {
      case DATE:
        return LocalDate.ofEpochDay((Integer) value).toString();
      case TIME:
        return LocalTime.ofNanoOfDay((Integer) value * 1_000_000L).format(DateTimeFormatter.ISO_LOCAL_TIME);
      case TIMESTAMP:
        return dev.lakejdbc.adapter.time.Micros.toText((Long) value);
      case VARBINARY:
        return Base64.getEncoder().encodeToString(((ByteString) value).getBytes());
      default:
        return value;
    }
  }

  /** The JSON text of a decoded nested value. */
  static String toJson(Object tree) {
    try {
      return JSON.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render nested value as JSON", e);
    }
  }
}
