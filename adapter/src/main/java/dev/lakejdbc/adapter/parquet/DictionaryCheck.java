package dev.lakejdbc.adapter.parquet;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.DictionaryPageReadStore;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveComparator;

/**
 * Whether a row group's dictionaries rule out every row of a predicate: no entry of a column's
 * dictionary satisfies the predicate's test of that column. parquet-java's {@code DictionaryFilter}
 * decides the same, but first boxes every entry of each tested dictionary into a hash set; on TPC-DS
 * q10, q69 and q94, whose run-time filters hold customer keys, that was most of the readers' time.
 * Here a test walks the decoded entries and stops at the first that may match.
 *
 * <p>Tests decided: {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=} and {@code IN} with
 * values that are not NULL (the dictionary holds no NULL, and such a test never matches one). AND
 * rules out when one side does, OR when both do. Anything else ({@code NOT}, {@code !=},
 * {@code NOT IN}, NULL tests, user-defined predicates), a column whose chunk has pages not
 * dictionary-encoded (not all its values are in the dictionary), or one without a dictionary, keeps
 * the row group: when in doubt, read.
 */
final class DictionaryCheck implements FilterPredicate.Visitor<Boolean> {
  private final BlockMetaData block;
  private final MessageType schema;
  private final DictionaryPageReadStore pages;
  /** Each column's dictionary, read once per row group; null where it cannot be used. */
  private final Map<ColumnPath, Entries> entries = new HashMap<>();

  private DictionaryCheck(BlockMetaData block, MessageType schema, DictionaryPageReadStore pages) {
    this.block = block;
    this.schema = schema;
    this.pages = pages;
  }

  /** Whether no row of the row group can satisfy {@code predicate}, by its dictionaries. */
  static boolean canDrop(FilterPredicate predicate, BlockMetaData block, MessageType schema,
      DictionaryPageReadStore pages) {
    return predicate.accept(new DictionaryCheck(block, schema, pages));
  }

  /** A column's dictionary entries, decoded to the predicate's value class. */
  private record Entries(Dictionary dictionary, ColumnDescriptor column) {
    Comparable<?> get(int id) {
      return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
        case INT32 -> dictionary.decodeToInt(id);
        case INT64 -> dictionary.decodeToLong(id);
        case FLOAT -> dictionary.decodeToFloat(id);
        case DOUBLE -> dictionary.decodeToDouble(id);
        case BINARY, FIXED_LEN_BYTE_ARRAY -> dictionary.decodeToBinary(id);
        default -> throw new IllegalStateException("no dictionary test for " + column);
      };
    }

    /** Whether some entry satisfies {@code test}. */
    boolean any(IntPredicate test) {
      for (int id = 0; id <= dictionary.getMaxId(); id++) {
        if (test.test(id)) {
          return true;
        }
      }
      return false;
    }
  }

  private Entries entries(Operators.Column<?> column) {
    ColumnPath path = column.getColumnPath();
    if (!entries.containsKey(path)) {
      entries.put(path, read(path));
    }
    return entries.get(path);
  }

  private Entries read(ColumnPath path) {
    ColumnChunkMetaData chunk = null;
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (c.getPath().equals(path)) {
        chunk = c;
      }
    }
    if (chunk == null || hasNonDictionaryPages(chunk)) {
      return null;
    }
    ColumnDescriptor descriptor = schema.getColumnDescription(path.toArray());
    switch (descriptor.getPrimitiveType().getPrimitiveTypeName()) {
      case INT32, INT64, FLOAT, DOUBLE, BINARY, FIXED_LEN_BYTE_ARRAY -> { }
      default -> {
        return null;
      }
    }
    try {
      DictionaryPage page = pages.readDictionaryPage(descriptor);
      return page == null ? null
          : new Entries(page.getEncoding().initDictionary(descriptor, page), descriptor);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Whether some data page of the chunk is not dictionary-encoded, as parquet-java decides it: from
   * the page encoding statistics, or without them from the encodings (where only the version 1
   * dictionary encoding says that every page used the dictionary).
   */
  static boolean hasNonDictionaryPages(ColumnChunkMetaData chunk) {
    EncodingStats stats = chunk.getEncodingStats();
    if (stats != null) {
      return stats.hasNonDictionaryEncodedPages();
    }
    Set<Encoding> encodings = new java.util.HashSet<>(chunk.getEncodings());
    if (!encodings.remove(Encoding.PLAIN_DICTIONARY)) {
      return true;
    }
    encodings.remove(Encoding.RLE);
    encodings.remove(Encoding.BIT_PACKED);
    return !encodings.isEmpty();
  }

  /**
   * Whether the column's dictionary rules the row group out: no entry passes {@code test} of
   * {@code value}. A NULL value (parquet-java's IS NULL) is not decided: the dictionary holds no
   * NULL and says nothing of the rows that are.
   */
  private static boolean noEntry(Entries e, Object value, IntPredicate test) {
    return value != null && e != null && !e.any(test);
  }

  /**
   * Whether no entry compares with {@code value} as {@code sign} wants, in the column type's order
   * (unsigned integers, decimals as binaries).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private boolean noEntryCompares(Operators.Column<?> column, Object value, IntPredicate sign) {
    Entries e = entries(column);
    if (e == null) {
      return false;
    }
    PrimitiveComparator comparator = e.column().getPrimitiveType().comparator();
    return noEntry(e, value, id -> sign.test(comparator.compare(e.get(id), value)));
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.Eq<T> eq) {
    Object value = eq.getValue();
    Entries e = entries(eq.getColumn());
    return noEntry(e, value, id -> e.get(id).equals(value));
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.NotEq<T> notEq) {
    return false;
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.Lt<T> lt) {
    return noEntryCompares(lt.getColumn(), lt.getValue(), c -> c < 0);
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.LtEq<T> ltEq) {
    return noEntryCompares(ltEq.getColumn(), ltEq.getValue(), c -> c <= 0);
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.Gt<T> gt) {
    return noEntryCompares(gt.getColumn(), gt.getValue(), c -> c > 0);
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.GtEq<T> gtEq) {
    return noEntryCompares(gtEq.getColumn(), gtEq.getValue(), c -> c >= 0);
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.In<T> in) {
    Set<T> values = in.getValues();
    if (containsNull(values)) {
      return false;
    }
    Entries e = entries(in.getColumn());
    return noEntry(e, values, id -> values.contains(e.get(id)));
  }

  /** Whether the set holds NULL; a set that refuses to be asked (Set.of) holds none. */
  private static boolean containsNull(Set<?> values) {
    try {
      return values.contains(null);
    } catch (NullPointerException e) {
      return false;
    }
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.NotIn<T> notIn) {
    return false;
  }

  @Override public <T extends Comparable<T>> Boolean visit(Operators.Contains<T> contains) {
    return false;
  }

  @Override public Boolean visit(Operators.And and) {
    return and.getLeft().accept(this) || and.getRight().accept(this);
  }

  @Override public Boolean visit(Operators.Or or) {
    return or.getLeft().accept(this) && or.getRight().accept(this);
  }

  @Override public Boolean visit(Operators.Not not) {
    return false;
  }

  @Override public <T extends Comparable<T>, U extends org.apache.parquet.filter2.predicate.UserDefinedPredicate<T>>
      Boolean visit(Operators.UserDefined<T, U> udp) {
    return false;
  }

  @Override public <T extends Comparable<T>, U extends org.apache.parquet.filter2.predicate.UserDefinedPredicate<T>>
      Boolean visit(Operators.LogicalNotUserDefined<T, U> udp) {
    return false;
  }
}
