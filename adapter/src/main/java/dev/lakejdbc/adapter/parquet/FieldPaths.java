package dev.lakejdbc.adapter.parquet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * The fields inside one nested column that a query reads, as a tree of field names: {@code s.a} and
 * {@code s.c.x} keep the leaves under {@code a} and {@code c.x} of the struct {@code s} and leave its
 * other fields undecoded (NULL in the value, which nothing reads). An array is transparent (the paths
 * apply to its elements: {@code ls[1].x} reads {@code ls.x}); a map is read whole. {@link #ALL} reads
 * everything.
 *
 * <p>The requested Parquet schema ({@link #prune}) and the converters that decode it
 * ({@link NestedValueConverter}) both keep the fields {@link #kept} names, so they always agree.
 */
public final class FieldPaths {
  /** The whole column. */
  public static final FieldPaths ALL = new FieldPaths(true, Map.of());
  /** No path yet: where {@link #with} starts. */
  public static final FieldPaths NONE = new FieldPaths(false, Map.of());

  private final boolean whole;
  /** By lower-cased field name. */
  private final Map<String, FieldPaths> children;

  private FieldPaths(boolean whole, Map<String, FieldPaths> children) {
    this.whole = whole;
    this.children = children;
  }

  /** Whether the whole value is read. */
  public boolean all() {
    return whole;
  }

  /** The paths of this and {@code path} (field names from the column down; empty for all of it). */
  public FieldPaths with(List<String> path) {
    if (whole) {
      return this;
    }
    if (path.isEmpty()) {
      return ALL;
    }
    Map<String, FieldPaths> merged = new TreeMap<>(children);
    String name = path.get(0).toLowerCase(Locale.ROOT);
    merged.put(name, merged.getOrDefault(name, NONE).with(path.subList(1, path.size())));
    return new FieldPaths(false, Collections.unmodifiableMap(merged));
  }

  /** The paths of this and of {@code other}. */
  public FieldPaths union(FieldPaths other) {
    if (whole || other.whole) {
      return ALL;
    }
    Map<String, FieldPaths> merged = new TreeMap<>(children);
    other.children.forEach((name, paths) -> merged.merge(name, paths, FieldPaths::union));
    return new FieldPaths(false, Collections.unmodifiableMap(merged));
  }

  /** The paths under one field of a struct this selects. */
  FieldPaths child(String name) {
    return all() ? ALL : children.getOrDefault(name.toLowerCase(Locale.ROOT), ALL);
  }

  /**
   * The positions of the fields of {@code struct} to read: those named here, or all of them when this
   * reads the whole value or names none of its fields (a safe fallback that cannot lose a value).
   */
  int[] kept(GroupType struct) {
    List<Integer> kept = new ArrayList<>();
    if (!all()) {
      for (int i = 0; i < struct.getFieldCount(); i++) {
        if (children.containsKey(struct.getType(i).getName().toLowerCase(Locale.ROOT))) {
          kept.add(i);
        }
      }
    }
    if (kept.isEmpty()) {
      return IntStream.range(0, struct.getFieldCount()).toArray();
    }
    return kept.stream().mapToInt(Integer::intValue).toArray();
  }

  /** {@code field} with only the leaves these paths read. */
  Type prune(Type field) {
    if (all() || field.isPrimitive()) {
      return field;
    }
    GroupType g = field.asGroupType();
    if (ParquetColumnTypes.isMap(g)) {
      return field;
    }
    if (ParquetColumnTypes.isList(g)) {
      Type repeated = g.getType(0);
      if (ParquetColumnTypes.isTwoLevel(g)) {
        return g.withNewFields(prune(repeated));
      }
      GroupType wrapper = repeated.asGroupType();
      return g.withNewFields(wrapper.withNewFields(prune(wrapper.getType(0))));
    }
    List<Type> fields = new ArrayList<>();
    for (int i : kept(g)) {
      Type child = g.getType(i);
      fields.add(child(child.getName()).prune(child));
    }
    return g.withNewFields(fields);
  }

  /** The paths as EXPLAIN shows them under {@code column}: {@code s.a, s.c.x}. */
  public String text(String column) {
    List<String> paths = new ArrayList<>();
    addText(column, paths);
    return String.join(", ", paths);
  }

  private void addText(String prefix, List<String> paths) {
    if (all()) {
      paths.add(prefix);
    }
    children.forEach((name, child) -> child.addText(prefix + "." + name, paths));
  }

  @Override public boolean equals(Object o) {
    return o instanceof FieldPaths p && p.whole == whole && p.children.equals(children);
  }

  @Override public int hashCode() {
    return Boolean.hashCode(whole) * 31 + children.hashCode();
  }

  @Override public String toString() {
    return text("");
  }
}
