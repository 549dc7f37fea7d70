package dev.lakejdbc.adapter.hive;

import dev.lakejdbc.adapter.LakeException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Walks a table location level by level with {@code listStatus} and checks it is a consistent Hive
 * layout: every level is {@code column=value} directories with one column name, and files sit only at
 * the leaves, all at one depth. (Level-by-level listing: Hadoop's recursive {@code listFiles} on the
 * local file system forks a process per file — see DESIGN.md.)
 */
public final class HiveLayoutLister {
  private final DirectoryListings listings;

  /** A lister that lists every directory afresh. */
  public HiveLayoutLister(FileSystem fs) {
    this(new DirectoryListings(fs, 0));
  }

  public HiveLayoutLister(DirectoryListings listings) {
    this.listings = listings;
  }

  public HiveLayout list(Path tableRoot) {
    return list(tableRoot, PartitionPrefixFilter.ALL);
  }

  /**
   * Lists the table, descending only into directories {@code filter} lets through: an excluded directory
   * is never listed, so its files are never seen.
   */
  public HiveLayout list(Path tableRoot, PartitionPrefixFilter filter) {
    List<String> columns = new ArrayList<>();
    List<PartitionDirectory> leaves = new ArrayList<>();
    int[] listed = {0};
    if (!filter.mayMatch(tableRoot, List.of())) {
      return new HiveLayout(List.of(), List.of(), 0);
    }
    walk(tableRoot, "", List.of(), columns, leaves, filter, listed);
    for (PartitionDirectory leaf : leaves) {
      if (leaf.values().size() != columns.size()) {
        throw new LakeException(LakeException.DATA_EXCEPTION, "Inconsistent partition depth: "
            + leaf.path() + " holds data files at depth " + leaf.values().size()
            + " but the table has partition columns " + columns);
      }
    }
    return new HiveLayout(List.copyOf(columns), List.copyOf(leaves), listed[0]);
  }

  private void walk(Path dir, String name, List<String> values, List<String> columns,
      List<PartitionDirectory> leaves, PartitionPrefixFilter filter, int[] listed) {
    List<FileStatus> files = new ArrayList<>();
    List<FileStatus> directories = new ArrayList<>();
    listed[0]++;
    for (FileStatus child : listings.list(dir)) {
      String childName = child.getPath().getName();
      if (HivePathNames.isIgnored(childName, child.isDirectory())) {
        continue;
      }
      if (!child.isDirectory()) {
        files.add(child);
      } else if (HivePathNames.isPartitionSegment(childName)) {
        directories.add(child);
      } else {
        throw new LakeException(LakeException.DATA_EXCEPTION, "Directory " + child.getPath()
            + " is not a column=value partition directory");
      }
    }
    if (!files.isEmpty() && !directories.isEmpty()) {
      throw new LakeException(LakeException.DATA_EXCEPTION, "Inconsistent partition depth: "
          + dir + " holds both data files and partition directories");
    }
    if (!files.isEmpty()) {
      leaves.add(new PartitionDirectory(values, name, dir,
          files.stream().map(DataFile::new).toList()));
    }
    int depth = values.size();
    for (FileStatus child : directories) {
      String segment = child.getPath().getName();
      String column = HivePathNames.columnOf(segment);
      if (columns.size() == depth) {
        columns.add(column);
      } else if (columns.size() < depth || !columns.get(depth).equals(column)) {
        throw new LakeException(LakeException.DATA_EXCEPTION, "Inconsistent partition columns: "
            + child.getPath() + " names column '" + column + "' where the table has "
            + (columns.size() > depth ? "'" + columns.get(depth) + "'" : "no partition column")
            + " at depth " + (depth + 1));
      }
      List<String> childValues = new ArrayList<>(values);
      childValues.add(HivePathNames.valueOf(segment));
      if (filter.mayMatch(child.getPath(), childValues)) {
        walk(child.getPath(), name.isEmpty() ? segment : name + "/" + segment,
            childValues, columns, leaves, filter, listed);
      }
    }
  }

}
