package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.hive.HiveLayout;
import dev.lakejdbc.adapter.hive.PartitionDirectory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which files' footers discovery reads to find a table's schema: a bounded, deterministic sample of
 * the listing, chosen from names, lengths and modification times alone (no file is opened to choose).
 *
 * <p>With {@code n} partitions (leaf directories, in the listing's sorted order) and a sample of
 * {@code k}: the newest file (latest modification time, then the last name) of {@code k} partitions
 * spread evenly over the order, the first and the last included — for a table partitioned by date,
 * the oldest and the newest days and days between — and the newest file of the whole table, wherever
 * it is. A column added to the writer's schema shows in the newest files, so those are the ones to see.
 * A table with fewer than {@code k} partitions gives every partition's newest file and then further
 * files spread evenly over all its files, up to {@code k}. A table of at most {@code k + 1} files is
 * read whole, as with {@code discovery=all}.
 *
 * <p>{@link #candidates} lists the sample first, then every other file in listing order: a sampled
 * file whose footer cannot be read is replaced by the next candidate, so that a few corrupt files do
 * not shrink the sample (a lake of only corrupt files is read whole, as before).
 */
final class DiscoverySample {
  private static final Comparator<DataFile> NEWEST = Comparator
      .comparingLong((DataFile f) -> f.status().getModificationTime())
      .thenComparing(f -> f.path().getName());

  private DiscoverySample() {}

  /** Every file of {@code layout}: the sample of {@code k} partitions first, then the others. */
  static List<DataFile> candidates(HiveLayout layout, int k) {
    List<DataFile> all = new ArrayList<>();
    layout.partitions().forEach(p -> all.addAll(p.files()));
    Set<DataFile> sample = new LinkedHashSet<>(sample(layout, all, k));
    List<DataFile> ordered = new ArrayList<>(sample);
    for (DataFile f : all) {
      if (!sample.contains(f)) {
        ordered.add(f);
      }
    }
    return ordered;
  }

  /** The sample itself: at most {@code k + 1} files, all of them for a table that small. */
  static List<DataFile> sample(HiveLayout layout, int k) {
    List<DataFile> all = new ArrayList<>();
    layout.partitions().forEach(p -> all.addAll(p.files()));
    return sample(layout, all, k);
  }

  private static List<DataFile> sample(HiveLayout layout, List<DataFile> all, int k) {
    if (all.size() <= k + 1) {
      return all;
    }
    Set<DataFile> chosen = new LinkedHashSet<>();
    List<PartitionDirectory> partitions = layout.partitions();
    int n = partitions.size();
    if (n >= k) {
      for (int i : spread(n, k)) {
        chosen.add(newest(partitions.get(i).files()));
      }
    } else {
      partitions.forEach(p -> chosen.add(newest(p.files())));
      for (int i : spread(all.size(), k)) {
        if (chosen.size() >= k) {
          break;
        }
        chosen.add(all.get(i));
      }
    }
    chosen.add(newest(all));
    return new ArrayList<>(chosen);
  }

  /** {@code k} indexes spread evenly over {@code 0..n-1}, the first and the last included. */
  static int[] spread(int n, int k) {
    if (k == 1) {
      return new int[] {n - 1};
    }
    int[] indexes = new int[k];
    for (int i = 0; i < k; i++) {
      indexes[i] = (int) Math.round(i * (n - 1) / (double) (k - 1));
    }
    return indexes;
  }

  private static DataFile newest(List<DataFile> files) {
    return files.stream().max(NEWEST).orElseThrow();
  }
}
