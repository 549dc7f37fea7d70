package dev.lakejdbc.adapter.hive;

import dev.lakejdbc.adapter.LakeException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Walks a table location level by level with {@code listStatus} and checks it is a consistent Hive
 * layout: every level is {@code column=value} directories with one column name, and files sit only at
 * the leaves, all at one depth. (Level-by-level listing: Hadoop's recursive {@code listFiles} on the
 * local file system forks a process per file — see DESIGN.md.) On a remote file system the sibling
 * directories a walk descends into are listed in parallel ({@link DirectoryListings#listEach}).
 *
 * <p>Symbolic links are followed only where they stay inside the table: a link whose target lies
 * outside the table's directory, or does not resolve, is skipped like a hidden file (not a partition,
 * not a data file), so that no query of the lake reads what lies outside it.
 */
public final class HiveLayoutLister {
  /** A listing with the links that lead outside its table removed. */
  private record Contained(java.nio.file.Path boundary, FileStatus[] children) {}

  /**
   * Per listing (the array the shared listing cache hands out, compared by identity): its children
   * without the links that lead outside. Telling a link from its target takes a stat per child, which
   * is paid once per listing rather than on every walk of a cached one.
   */
  private static final Map<FileStatus[], Contained> CONTAINED =
      Collections.synchronizedMap(new WeakHashMap<>());

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
    return list(tableRoot, filter, leaf -> { });
  }

  /**
   * Lists the table as {@link #list(Path, PartitionPrefixFilter)} does, handing each partition
   * directory with data files to {@code onLeaf} as soon as it is listed, so that its files can be
   * worked on while the walk goes on.
   */
  public HiveLayout list(Path tableRoot, PartitionPrefixFilter filter,
      Consumer<PartitionDirectory> onLeaf) {
    if (!filter.mayMatch(tableRoot, List.of())) {
      return new HiveLayout(List.of(), List.of(), 0);
    }
    return list(tableRoot, listings.list(tableRoot), filter, onLeaf);
  }

  /**
   * As {@link #list(Path, PartitionPrefixFilter, Consumer)}, with the table directory's own listing
   * already made ({@code rootListing}), which is not listed again.
   */
  public HiveLayout list(Path tableRoot, FileStatus[] rootListing, PartitionPrefixFilter filter,
      Consumer<PartitionDirectory> onLeaf) {
    List<String> columns = new ArrayList<>();
    List<PartitionDirectory> leaves = new ArrayList<>();
    int[] listed = {0};
    walk(tableRoot, rootListing, "", List.of(), columns, leaf -> {
      leaves.add(leaf);
      onLeaf.accept(leaf);
    }, filter, listed, new Boundary(tableRoot, realLocation(tableRoot)));
    for (PartitionDirectory leaf : leaves) {
      if (leaf.values().size() != columns.size()) {
        throw new LakeException(LakeException.DATA_EXCEPTION, "Inconsistent partition depth: "
            + leaf.path() + " holds data files at depth " + leaf.values().size()
            + " but the table has partition columns " + columns);
      }
    }
    return new HiveLayout(List.copyOf(columns), List.copyOf(leaves), listed[0]);
  }

  /** A partition directory the walk descends into. */
  private record Descent(Path dir, String name, List<String> values) {}

  private void walk(Path dir, FileStatus[] listing, String name, List<String> values,
      List<String> columns, Consumer<PartitionDirectory> onLeaf, PartitionPrefixFilter filter,
      int[] listed, Boundary boundary) {
    List<FileStatus> files = new ArrayList<>();
    List<FileStatus> directories = new ArrayList<>();
    listed[0]++;
    for (FileStatus child : contained(listing, boundary)) {
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
      onLeaf.accept(new PartitionDirectory(values, name, dir,
          files.stream().map(DataFile::new).toList()));
    }
    int depth = values.size();
    List<Descent> descents = new ArrayList<>();
    for (FileStatus child : directories) {
      String segment = child.getPath().getName();
      String column = HivePathNames.columnOf(segment);
      if (columns.size() == depth) {
        if (columns.contains(column)) {
          throw new LakeException(LakeException.DATA_EXCEPTION, "Inconsistent partition columns: "
              + child.getPath() + " names column '" + column + "' a second time, at depth "
              + (depth + 1) + ": a column is one directory level");
        }
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
        descents.add(new Descent(child.getPath(), name.isEmpty() ? segment : name + "/" + segment,
            childValues));
      }
    }
    // Only the directories the filter keeps are listed; siblings together where the file system is
    // remote.
    List<Supplier<FileStatus[]>> childListings =
        listings.listEach(descents.stream().map(Descent::dir).toList());
    for (int i = 0; i < descents.size(); i++) {
      Descent d = descents.get(i);
      walk(d.dir(), childListings.get(i).get(), d.name(), d.values(), columns, onLeaf, filter, listed,
          boundary);
    }
  }

  /**
   * The directory symbolic links under it must stay in: its path as listed, and for a local directory
   * its real path (null when it cannot be resolved; listing it then reports why).
   */
  public record Boundary(Path dir, java.nio.file.Path real) {}

  private static FileStatus[] contained(FileStatus[] children, Boundary boundary) {
    Contained known = CONTAINED.get(children);
    if (known != null && java.util.Objects.equals(known.boundary(), boundary.real())) {
      return known.children();
    }
    FileStatus[] kept = children;
    if (Arrays.stream(children).anyMatch(c -> leadsOutside(c, boundary))) {
      kept = Arrays.stream(children).filter(c -> !leadsOutside(c, boundary)).toArray(FileStatus[]::new);
    }
    CONTAINED.put(children, new Contained(boundary.real(), kept));
    return kept;
  }

  /** The real path of a local directory, or null for another file system or one that does not resolve. */
  public static java.nio.file.Path realLocation(Path dir) {
    if (!"file".equals(dir.toUri().getScheme())) {
      return null;
    }
    try {
      return java.nio.file.Path.of(dir.toUri()).toRealPath();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * True for a symbolic link whose target lies outside the boundary or does not resolve. Local links
   * are recognized on disk (the listing describes their targets); on other file systems the listing
   * says which children are links.
   */
  public static boolean leadsOutside(FileStatus child, Boundary boundary) {
    if (child.isSymlink()) {
      try {
        Path target = child.getSymlink();
        Path resolved = target.isAbsolute() ? target : new Path(child.getPath().getParent(), target);
        return !resolved.toUri().getPath().startsWith(boundary.dir().toUri().getPath() + "/");
      } catch (IOException e) {
        return true;
      }
    }
    if (boundary.real() == null) {
      return false;
    }
    if (child instanceof DirectoryListings.LocalStatus s && !s.isSymbolicLinkOnDisk()) {
      // The listing stat'ed it without following links: not a link, so inside.
      return false;
    }
    java.nio.file.Path local = java.nio.file.Path.of(child.getPath().toUri());
    if (!Files.isSymbolicLink(local)) {
      return false;
    }
    try {
      return !local.toRealPath().startsWith(boundary.real());
    } catch (IOException e) {
      return true;
    }
  }

}
