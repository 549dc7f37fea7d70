package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.HiveLayoutLister;
import dev.lakejdbc.adapter.hive.HivePathNames;
import dev.lakejdbc.adapter.hive.PartitionPrefixFilter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;

/**
 * Which directories discovery lists with {@code discovery=sample}: the table's directory, and the
 * whole subtree of only a sample of its first-level partition directories when it has more than
 * {@code 8k} of them — {@code k} spread evenly over their sorted names (the first and the last
 * included) and the most recently modified one. Listing every directory of a 100,000-partition table
 * took most of its first query (100,500 listings; on an object store, 100,500 LIST requests); the
 * footers discovery reads come from the sample anyway, and a query lists the directories it keeps.
 *
 * <p>What the sample cannot count is estimated ({@link ListingExtrapolation}); the first level's
 * values are all known, so its column's type is inferred over all of them. A table with fewer
 * first-level directories, or none (unpartitioned), is listed whole, as with {@code discovery=all}.
 */
final class ListingSample {
  /**
   * A listing for discovery: {@code layout} holds the subtrees of the {@code sampled} first-level
   * directories (their names), or everything when {@link #complete}; {@code firstLevel} is every
   * first-level partition directory in name order (empty when the whole table was listed).
   */
  record Listed(HiveLayout layout, List<FileStatus> firstLevel, Set<String> sampled) {
    /** How many first-level directories were not listed. */
    int unlisted() {
      return firstLevel.size() - sampled.size();
    }

    /** True when every directory was listed. */
    boolean complete() {
      return unlisted() <= 0;
    }

    /** A first-level directory's name, as the listing wrote it. */
    static String nameOf(FileStatus directory) {
      return directory.getPath().getName();
    }
  }

  /**
   * A first level of more than this many times the sample is sampled: listing the sample's subtrees
   * then lists at most about an eighth of the table (with the default sample of 32, tables of more
   * than 256 first-level partitions; smaller ones are listed whole, which is cheap).
   */
  static final int SAMPLED_FROM = 8;

  private ListingSample() {}

  /** Lists {@code table} (a directory) for discovery with a sample of {@code k} first-level directories. */
  static Listed list(TableSource table, int k) {
    FileStatus[] root = table.storage().listings().list(table.location());
    HiveLayoutLister.Boundary boundary = new HiveLayoutLister.Boundary(table.location(),
        HiveLayoutLister.realLocation(table.location()));
    List<FileStatus> firstLevel = new ArrayList<>();
    for (FileStatus child : root) {
      String name = child.getPath().getName();
      // Skipped as the walk skips them: their values are no partition's.
      if (HivePathNames.isIgnored(name, child.isDirectory())
          || HiveLayoutLister.leadsOutside(child, boundary)) {
        continue;
      }
      if (!child.isDirectory() || !HivePathNames.isPartitionSegment(name)) {
        // Files at the top, or something the walk will report: the whole listing says what.
        return new Listed(table.listLayout(root, PartitionPrefixFilter.ALL), List.of(), Set.of());
      }
      firstLevel.add(child);
    }
    if (firstLevel.size() <= SAMPLED_FROM * k) {
      return new Listed(table.listLayout(root, PartitionPrefixFilter.ALL), List.of(), Set.of());
    }
    Set<String> chosen = new HashSet<>();
    for (int i : DiscoverySample.spread(firstLevel.size(), k)) {
      chosen.add(firstLevel.get(i).getPath().getName());
    }
    chosen.add(firstLevel.stream().max(Comparator.comparingLong(FileStatus::getModificationTime))
        .orElseThrow().getPath().getName());
    HiveLayout sampled = table.listLayout(root, (dir, values) -> values.size() != 1
        || chosen.contains(dir.getName()));
    return new Listed(sampled, List.copyOf(firstLevel), Set.copyOf(chosen));
  }

  /** The whole table listed (a directory, or a single file). */
  static Listed whole(TableSource table) {
    HiveLayout layout = table.listLayout();
    return new Listed(layout, List.of(), Set.of());
  }
}
