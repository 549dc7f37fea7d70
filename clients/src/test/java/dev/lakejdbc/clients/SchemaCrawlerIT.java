package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.Schema;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSource;
import us.fatehi.utility.datasource.DatabaseConnectionSources;
import us.fatehi.utility.datasource.MultiUseUserCredentials;

/**
 * SchemaCrawler 16, unchanged, crawls the lake through the shaded jar's DatabaseMetaData at its
 * "maximum" info level (tables, columns, keys, indexes, privileges, routines: everything a schema
 * documentation or diagram tool reads): it finds every table of the lake's directory, and each table's
 * columns are the ones DuckDB finds in the same files.
 */
class SchemaCrawlerIT {
  @Test void crawlsTheLake() throws Exception {
    Path root = Lake.root();
    DatabaseConnectionSource source = DatabaseConnectionSources.newDatabaseConnectionSource(Lake.url(),
        new MultiUseUserCredentials("", ""));
    SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
        .withLimitOptions(LimitOptionsBuilder.builder().includeSchemas(Pattern.compile("lake")).toOptions())
        .withLoadOptions(LoadOptionsBuilder.builder()
            .withSchemaInfoLevel(SchemaInfoLevelBuilder.maximum()).toOptions());
    Catalog catalog;
    try {
      catalog = SchemaCrawlerUtility.getCatalog(source, options);
    } finally {
      source.close();
    }
    Map<String, List<String>> crawled = new TreeMap<>();
    for (Schema schema : catalog.getSchemas()) {
      for (Table table : catalog.getTables(schema)) {
        crawled.put(table.getName(), table.getColumns().stream().map(Column::getName).toList());
      }
    }
    TreeSet<String> expected;
    try (Stream<Path> entries = Files.list(root)) {
      expected = entries.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
          .map(n -> n.endsWith(".parquet") ? n.substring(0, n.length() - ".parquet".length()) : n)
          .collect(Collectors.toCollection(TreeSet::new));
    }
    assertEquals(expected, crawled.keySet());
    try (DuckDb duck = Lake.duck("fact_orders", "transactions", "dim_date")) {
      for (String table : List.of("fact_orders", "transactions", "dim_date")) {
        TreeSet<String> duckColumns = duck.query("DESCRIBE " + table).stream().map(r -> r.get(0))
            .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(duckColumns, new TreeSet<>(crawled.get(table)), table);
      }
    }
    Table orders = catalog.lookupTable(catalog.getSchemas().iterator().next(), "fact_orders").orElseThrow();
    Column dt = orders.lookupColumn("dt").orElseThrow();
    assertEquals("DATE", dt.getColumnDataType().getName());
    assertTrue(dt.getRemarks().startsWith("partition column"), dt.getRemarks());
  }
}
