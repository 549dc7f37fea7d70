package dev.lakejdbc.adapter.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.lakejdbc.adapter.filter.Comparison;
import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.types.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * A scan translates its data predicate once per file schema ({@link FileTranslations}): files of the
 * same schema share the translation, each still gets its notes, and another schema (the column INT64
 * in a later file) gets its own.
 */
class FileTranslationsTest {
  private static final List<Object> KEYS =
      IntStream.range(0, 500).mapToObj(i -> (Object) (long) (i * 3)).toList();

  private static ReadFilter filter() {
    // k IN (0, 3, ..., 1497) AND name = 42 (a string column compared with a number: a note).
    DataPredicate p = DataPredicate.and(List.of(new DataPredicate.In(0, KEYS),
        new DataPredicate.Compare(1, Comparison.EQ, 42L)));
    return new ReadFilter(p, List.of("k", "name"), List.of(ColumnType.BIGINT, ColumnType.VARCHAR),
        List.of(), null);
  }

  private static MessageType schema(String keyType) {
    return MessageTypeParser.parseMessageType("message m { optional " + keyType + " k; "
        + "optional binary name (STRING); }");
  }

  @Test void filesOfOneSchemaShareATranslationAndEachGetsItsNotes() {
    ReadFilter filter = filter();
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    Translation a = filter.translations().translate(filter, schema("int64"), first::add);
    Translation b = filter.translations().translate(filter, schema("int64"), second::add);
    assertSame(a, b);
    assertEquals(first, second);
    Translation direct = new FilterPredicateTranslator(schema("int64"), filter.columnNames(),
        filter.columnTypes(), n -> { }).translate(filter.predicate());
    assertEquals(direct, a);
  }

  @Test void anotherSchemaIsTranslatedForItself() {
    ReadFilter filter = filter();
    Translation wide = filter.translations().translate(filter, schema("int64"), n -> { });
    Translation narrow = filter.translations().translate(filter, schema("int32"), n -> { });
    assertNotSame(wide, narrow);
    assertEquals(new FilterPredicateTranslator(schema("int32"), filter.columnNames(),
        filter.columnTypes(), n -> { }).translate(filter.predicate()), narrow);
  }
}
