package dev.lakejdbc.adapter.sys;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.catalog.LakeTable;
import java.util.LinkedHashMap;
import java.util.Map;

/** The lake's tables by name, in the schema's order, for the sys tables that report on each. */
final class LakeTables {
  private LakeTables() {}

  static Map<String, LakeTable> of(LakeSchema lake) {
    Map<String, LakeTable> tables = new LinkedHashMap<>();
    for (String name : lake.getTableNames()) {
      if (lake.getTable(name) instanceof LakeTable table) {
        tables.put(name, table);
      }
    }
    return tables;
  }
}
