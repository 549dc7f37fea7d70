package dev.lakejdbc.adapter.sys;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import java.util.Map;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * The {@code sys} schema: what the driver did and what the lake holds, queryable from any SQL client.
 * {@code sys.scans} (the scans of this connection's recent statements), {@code sys.partitions} (the
 * lake's partitions, as SHOW PARTITIONS would list them) and {@code sys.queries} (what this
 * connection's recent statements held in memory and spilled) and {@code sys.tables} (the tables this
 * connection has discovered, and how).
 */
public final class SysSchema extends AbstractSchema {
  private final Map<String, Table> tables;

  public SysSchema(LakeSchema lake) {
    this.tables = Map.of(
        "scans", new ScansTable(lake.storage().scanLog()),
        "partitions", new PartitionsTable(lake),
        "queries", new QueriesTable(),
        "tables", new TablesTable(lake));
  }

  @Override protected Map<String, Table> getTableMap() {
    return tables;
  }
}
