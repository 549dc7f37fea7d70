package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.types.ColumnType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Translates a data predicate on a table's columns into what it says about one file: a parquet-java
 * {@link org.apache.parquet.filter2.predicate.FilterPredicate} on the file's own columns and physical
 * types (a column may be INT32 in one file and INT64 in the next), or that every row or no row may
 * match. A column the file lacks is NULL in every row, so the predicate is decided on NULL there. A
 * part that cannot be expressed for this file (a nested column, a physical type without a usable
 * order) keeps every row, and {@code notes} is told why.
 */
final class FilterPredicateTranslator {
  private final MessageType fileSchema;
  private final List<String> columnNames;
  private final List<ColumnType> columnTypes;
  private final Consumer<String> notes;
  private final Map<String, Type> fieldsByName = new HashMap<>();
  private final Map<Integer, ColumnPredicates> columns = new HashMap<>();

  /** @param columnNames and {@code columnTypes}: the table's columns, which the predicate's indexes name */
  FilterPredicateTranslator(MessageType fileSchema, List<String> columnNames, List<ColumnType> columnTypes,
      Consumer<String> notes) {
    this.fileSchema = fileSchema;
    this.columnNames = columnNames;
    this.columnTypes = columnTypes;
    this.notes = notes;
    for (Type field : fileSchema.getFields()) {
      // As the reader matches columns: by name ignoring case, the first field of a name.
      fieldsByName.putIfAbsent(field.getName().toLowerCase(Locale.ROOT), field);
    }
  }

  Translation translate(DataPredicate p) {
    if (p instanceof DataPredicate.Always a) {
      return a.value() ? Translation.ALL : Translation.NONE;
    }
    if (p instanceof DataPredicate.And and) {
      return Translation.and(and.operands().stream().map(this::translate).toList());
    }
    if (p instanceof DataPredicate.Or or) {
      return Translation.or(or.operands().stream().map(this::translate).toList());
    }
    int column = p.columns().iterator().next();
    Type field = fieldsByName.get(columnNames.get(column).toLowerCase(Locale.ROOT));
    if (field == null) {
      // A column the file lacks is NULL in every row.
      return p instanceof DataPredicate.IsNull ? Translation.ALL : Translation.NONE;
    }
    ColumnPredicates c = predicatesOn(column, field);
    if (c == null) {
      return Translation.ALL;
    }
    if (p instanceof DataPredicate.IsNull) {
      return c.isNull(true);
    }
    if (p instanceof DataPredicate.IsNotNull) {
      return c.isNull(false);
    }
    if (p instanceof DataPredicate.In in) {
      return c.in(in.values(), notes);
    }
    if (p instanceof DataPredicate.NotIn notIn) {
      return c.notIn(notIn.values(), notes);
    }
    DataPredicate.Compare compare = (DataPredicate.Compare) p;
    return c.compare(compare.op(), compare.value(), notes);
  }

  private ColumnPredicates predicatesOn(int column, Type field) {
    if (columns.containsKey(column)) {
      return columns.get(column);
    }
    ColumnPredicates c = null;
    if (!field.isPrimitive() || field.isRepetition(Type.Repetition.REPEATED)) {
      notes.accept(field.getName() + ": a nested or repeated column is not filtered");
    } else if (field.getName().contains(".")) {
      // parquet-java's filter columns are dotted paths: such a name would be read as a nested one.
      notes.accept(field.getName() + ": a column name with a dot is not filtered");
    } else {
      c = ColumnPredicates.of(field.asPrimitiveType(), columnTypes.get(column), notes);
    }
    columns.put(column, c);
    return c;
  }

  MessageType fileSchema() {
    return fileSchema;
  }
}
