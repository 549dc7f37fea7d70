package dev.lakejdbc.adapter;

import dev.lakejdbc.adapter.dpp.DynamicPruning;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.PartitionPrefixFilter;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * A table of the lake: a directory in Hive layout, or a single Parquet file. Its schema is discovered
 * once, when first needed; every scan lists the table afresh.
 */
public final class LakeTable extends AbstractTable implements TranslatableTable {
  private final String name;
  private final FileStatus location;
  private final LakeStorage storage;
  private volatile TableSchema schema;
  /**
   * The share of partitions each partition filter keeps, by the filter's digest: the planner builds
   * many scan nodes with one filter, and evaluating it on thousands of partitions is not free.
   */
  private final Map<String, Double> partitionShares = new ConcurrentHashMap<>();

  public LakeTable(String name, FileStatus location, LakeStorage storage) {
    this.name = name;
    this.location = location;
    this.storage = storage;
  }

  public String name() {
    return name;
  }

  public Path location() {
    return location.getPath();
  }

  LakeStorage storage() {
    return storage;
  }

  /** The table's schema, discovered on first use (one listing and one footer read per file). */
  public TableSchema schema() {
    TableSchema s = schema;
    if (s == null) {
      synchronized (this) {
        s = schema;
        if (s == null) {
          // Footers are read while the listing goes on: on the 7,300-file benchmark lake in a new JVM,
          // listing takes ~0.65 s and the footers ~1.3 s, so overlapping them hides most of the listing.
          try (ParquetFooters.Batch footers = storage.footers().batch()) {
            HiveLayout layout = listLayout(PartitionPrefixFilter.ALL, leaf -> footers.submit(leaf.files()));
            s = TableDiscovery.discover(name, location(), layout, footers.results(), storage.options());
          }
          schema = s;
        }
      }
    }
    return s;
  }

  /** Lists the whole table now: a directory level by level, or the single file. */
  public HiveLayout listLayout() {
    return listLayout(PartitionPrefixFilter.ALL);
  }

  /** Lists the table now, descending only into directories {@code filter} lets through. */
  HiveLayout listLayout(PartitionPrefixFilter filter) {
    return listLayout(filter, leaf -> { });
  }

  /** Lists the table now, handing each partition directory with files to {@code onLeaf} as it is found. */
  private HiveLayout listLayout(PartitionPrefixFilter filter, Consumer<PartitionDirectory> onLeaf) {
    if (location.isDirectory()) {
      return storage.lister().list(location(), filter, onLeaf);
    }
    PartitionDirectory file = new PartitionDirectory(List.of(), "", location().getParent(),
        List.of(new DataFile(location)));
    onLeaf.accept(file);
    return new HiveLayout(List.of(), List.of(file), 0);
  }

  /** The estimated share of this table's partitions that {@code filter} keeps. */
  double partitionShare(RexNode filter) {
    TableSchema s = schema();
    return partitionShares.computeIfAbsent(filter.toString(), k -> PartitionSelectivity.of(filter, s));
  }

  @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return schema().rowType(typeFactory);
  }

  @Override public Statistic getStatistic() {
    return Statistics.of(schema().rowCount(), List.of());
  }

  @Override public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    int fieldCount = relOptTable.getRowType().getFieldCount();
    int[] fields = new int[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      fields[i] = i;
    }
    return new LogicalLakeTableScan(context.getCluster(), relOptTable, this, fields);
  }

  /**
   * Called by the code Calcite generates for an {@link EnumerableLakeTableScan}: the rows of the given
   * fields, pruned by the static filter and by the keys of the dynamic filters, listed and read when
   * the result is enumerated.
   *
   * @param rowCounts yield one row per file, its fields then its row count, instead of its rows
   * @param dppNote why a join considered for dynamic pruning did not prune this scan, or null
   */
  public Enumerable<Object> scan(DataContext root, int[] fields, boolean rowCounts,
      PartitionFilter filter, DynamicPruning[] dynamic, String dppNote) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        ScanStatistics stats = storage.scanLog().start(root, name, schema().partitionCount(),
            filter.isEmpty() ? null : filter.text());
        if (!storage.options().staticPruning() && !schema().partitionColumns().isEmpty()) {
          stats.note("static pruning off (staticPruning=false)");
        }
        if (dppNote != null) {
          stats.note("no dynamic pruning: " + dppNote);
        }
        return new TableRows(LakeTable.this, fields, rowCounts, filter, List.of(dynamic), root, stats);
      }
    };
  }

  @Override public String toString() {
    return "LakeTable(" + name + ")";
  }
}
