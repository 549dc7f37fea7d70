package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import dev.lakejdbc.adapter.hive.PartitionPrefixFilter;
import dev.lakejdbc.adapter.parquet.ParquetFooters;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.calcite.rex.RexNode;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * A table of the lake as found on storage: a directory in Hive layout, or a single Parquet file. Its
 * schema is discovered once, when first needed; every scan lists it afresh. This is what the scan
 * nodes and the readers hold; the Calcite table over it is {@code catalog.LakeTable}.
 */
public final class TableSource {
  private final String name;
  private final FileStatus location;
  private final LakeStorage storage;
  private volatile TableSchema schema;
  /**
   * The share of partitions each partition filter keeps, by the filter's digest: the planner builds
   * many scan nodes with one filter, and evaluating it on thousands of partitions is not free.
   */
  private final Map<String, Double> partitionShares = new ConcurrentHashMap<>();

  public TableSource(String name, FileStatus location, LakeStorage storage) {
    this.name = name;
    this.location = location;
    this.storage = storage;
  }

  /**
   * A table whose schema is known without discovery: plan tests, and catalogs that store schemas.
   * {@link #schema()} is {@code schema}, and nothing is listed or read to plan a query over it; scans
   * still list {@code location} when they run. {@code schema} must describe what is there, its row,
   * partition and file counts and partition values included: the planner's estimates rest on them.
   */
  public TableSource(String name, FileStatus location, LakeStorage storage, TableSchema schema) {
    this(name, location, storage);
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  public String name() {
    return name;
  }

  public Path location() {
    return location.getPath();
  }

  public LakeStorage storage() {
    return storage;
  }

  /**
   * The table's schema, discovered on first use: a listing (of a sample of its first-level partitions
   * when it has many, {@link ListingSample}) and the footers of a sample of the files listed
   * ({@link DiscoverySample}); with {@code discovery=all}, every directory and every file's footer.
   */
  public TableSchema schema() {
    TableSchema s = schema;
    if (s == null) {
      synchronized (this) {
        s = schema;
        if (s == null) {
          s = discover();
          schema = s;
        }
      }
    }
    return s;
  }

  /** The schema if it has been discovered (or given), else null; never discovers it. */
  public TableSchema discoveredSchema() {
    return schema;
  }

  private TableSchema discover() {
    int sample = storage.options().discoverySample();
    if (storage.options().discoversAll()) {
      try (ParquetFooters.Batch footers = storage.footers().batch()) {
        // Footers are read while the listing goes on: on the 7,300-file benchmark lake in a new JVM,
        // listing takes ~0.65 s and the footers ~1.3 s, so overlapping them hides most of the listing.
        HiveLayout layout = listLayout(PartitionPrefixFilter.ALL, leaf -> footers.submit(leaf.files()));
        return TableDiscovery.discover(name, location(), layout, footers.results(), storage.options(),
            true);
      }
    }
    // The sample is chosen from the listing (it spreads over all the partitions listed), so its
    // footers are read after it: a few dozen footers on 8 threads. A table of many first-level
    // partitions has only a sample of them listed.
    TableSchema found = discoverFrom(location.isDirectory() ? ListingSample.list(this, sample)
        : ListingSample.whole(this), sample);
    // Null: not one readable footer in the listed sample's subtrees (a lake of mostly corrupt files,
    // or of mostly empty partitions); then every directory is listed and every file tried, as
    // before listings were sampled.
    return found != null ? found : discoverFrom(ListingSample.whole(this), sample);
  }

  /**
   * The schema from the footers of a sample of the files {@code listed}; null when the listing is a
   * sample whose files have no readable footer, or no file at all.
   */
  private TableSchema discoverFrom(ListingSample.Listed listed, int sample) {
    try (ParquetFooters.Batch footers = storage.footers().batch()) {
      HiveLayout layout = listed.layout();
      List<DataFile> candidates = DiscoverySample.candidates(layout, sample);
      int wanted = DiscoverySample.sample(layout, sample).size();
      int submitted = Math.min(wanted, candidates.size());
      footers.submit(candidates.subList(0, submitted));
      List<ParquetFooters.Result> results = footers.results();
      // A sampled file whose footer cannot be read is replaced by the next candidate, until the sample
      // has as many readable footers as it wanted or every file has been tried.
      long readable;
      while ((readable = results.stream().filter(r -> r.error() == null).count()) < wanted
          && submitted < candidates.size()) {
        int more = (int) Math.min(wanted - readable, candidates.size() - submitted);
        footers.submit(candidates.subList(submitted, submitted + more));
        submitted += more;
        results = footers.results();
      }
      if (readable == 0 && !listed.complete()) {
        return null;
      }
      return TableDiscovery.discover(name, location(), listed, results, storage.options(),
          submitted >= layout.fileCount());
    }
  }

  /** Lists the whole table now: a directory level by level, or the single file. */
  public HiveLayout listLayout() {
    return listLayout(PartitionPrefixFilter.ALL);
  }

  /** Lists the table now, descending only into directories {@code filter} lets through. */
  public HiveLayout listLayout(PartitionPrefixFilter filter) {
    return listLayout(filter, leaf -> { });
  }

  /**
   * Lists the table, a directory whose own listing is {@code rootListing} (not listed again),
   * descending only into directories {@code filter} lets through.
   */
  HiveLayout listLayout(FileStatus[] rootListing, PartitionPrefixFilter filter) {
    return storage.lister().list(location(), rootListing, filter, leaf -> { });
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
  public double partitionShare(RexNode filter) {
    TableSchema s = schema();
    return partitionShares.computeIfAbsent(filter.toString(), k -> PartitionSelectivity.of(filter, s));
  }

  @Override public String toString() {
    return "TableSource(" + name + ")";
  }
}
