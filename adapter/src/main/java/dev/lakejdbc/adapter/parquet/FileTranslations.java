package dev.lakejdbc.adapter.parquet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.parquet.schema.MessageType;

/**
 * One scan's translations of its data predicate, by file schema. The files of a table nearly always
 * share one schema, so a dynamic filter's IN list of a thousand keys is translated into parquet-java
 * predicates once for the scan, not once or twice per file (TPC-DS q96: a quarter of its time).
 * Translations are immutable and shared by the scan's reader threads.
 */
public final class FileTranslations {
  /** Past this many distinct schemas in one scan, a file's translation is not kept. */
  private static final int MAX_SCHEMAS = 64;

  private record Translated(Translation translation, List<String> notes) {}

  private final Map<MessageType, Translated> bySchema = new ConcurrentHashMap<>();

  /** What {@code filter}'s predicate says about a file of this schema; its notes go to {@code notes}. */
  Translation translate(ReadFilter filter, MessageType fileSchema, Consumer<String> notes) {
    Translated t = bySchema.get(fileSchema);
    if (t == null) {
      List<String> noted = new ArrayList<>();
      Translation translation = new FilterPredicateTranslator(fileSchema, filter.columnNames(),
          filter.columnTypes(), noted::add).translate(filter.predicate());
      t = new Translated(translation, List.copyOf(noted));
      if (bySchema.size() < MAX_SCHEMAS) {
        bySchema.putIfAbsent(fileSchema, t);
      }
    }
    t.notes().forEach(notes);
    return t.translation();
  }
}
