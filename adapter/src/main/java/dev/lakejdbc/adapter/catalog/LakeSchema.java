package dev.lakejdbc.adapter.catalog;

import dev.lakejdbc.adapter.hive.HiveLayoutLister;
import dev.lakejdbc.adapter.hive.HivePathNames;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.table.TableSource;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The lake as a schema: each directory under the root is a table, and so is each {@code *.parquet}
 * file directly under it (named without the extension; a directory of the same name wins). The root is
 * listed once, when the schema is first used; tables discover their columns lazily. A symbolic link
 * whose target lies outside the root is not a table (see {@link HiveLayoutLister}).
 */
public final class LakeSchema extends AbstractSchema {
  private static final String PARQUET_SUFFIX = ".parquet";

  private final LakeStorage storage;
  private final Path root;
  private volatile Map<String, Table> tables;
  /** What the connection keeps with its lake, by type: as long-lived as the schema, no longer. */
  private final Map<Class<?>, Object> attachments = new ConcurrentHashMap<>();

  public LakeSchema(LakeStorage storage, Path root) {
    this.storage = storage;
    this.root = root;
  }

  public Path root() {
    return root;
  }

  public LakeStorage storage() {
    return storage;
  }

  /**
   * The connection's object of {@code type} kept with this schema (made by {@code create} on first
   * use): state that must live exactly as long as the connection, such as the driver's plan cache.
   * A static map keyed by the schema could never let go of state that refers back to it.
   */
  public <T> T attachment(Class<T> type, Supplier<T> create) {
    return type.cast(attachments.computeIfAbsent(type, t -> create.get()));
  }

  /**
   * Forgets the tables, their schemas and the directory listings, so that the next statement sees
   * the lake as it is now (REFRESH).
   */
  public void refresh() {
    synchronized (this) {
      tables = null;
    }
    storage.listings().clear();
  }

  @Override protected Map<String, Table> getTableMap() {
    Map<String, Table> t = tables;
    if (t == null) {
      synchronized (this) {
        t = tables;
        if (t == null) {
          t = listTables();
          tables = t;
        }
      }
    }
    return t;
  }

  private Map<String, Table> listTables() {
    HiveLayoutLister.Boundary boundary =
        new HiveLayoutLister.Boundary(root, HiveLayoutLister.realLocation(root));
    FileStatus[] children = Arrays.stream(storage.listings().list(root))
        .filter(child -> !HiveLayoutLister.leadsOutside(child, boundary)).toArray(FileStatus[]::new);
    Map<String, Table> map = new LinkedHashMap<>();
    for (FileStatus child : children) {
      String name = child.getPath().getName();
      if (!HivePathNames.isIgnored(name) && child.isDirectory()) {
        map.put(name, new LakeTable(new TableSource(name, child, storage)));
      }
    }
    for (FileStatus child : children) {
      String name = child.getPath().getName();
      if (!HivePathNames.isIgnored(name) && !child.isDirectory() && name.endsWith(PARQUET_SUFFIX)) {
        String tableName = name.substring(0, name.length() - PARQUET_SUFFIX.length());
        map.putIfAbsent(tableName, new LakeTable(new TableSource(tableName, child, storage)));
      }
    }
    // Keep the sorted order: JDBC clients list tables in it.
    return java.util.Collections.unmodifiableMap(map);
  }
}
