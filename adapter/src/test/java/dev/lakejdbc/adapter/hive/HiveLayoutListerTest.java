package dev.lakejdbc.adapter.hive;

import static dev.lakejdbc.adapter.LakeTestFiles.assertLakeException;
import static dev.lakejdbc.adapter.LakeTestFiles.fs;
import static dev.lakejdbc.adapter.LakeTestFiles.hadoopPath;
import static dev.lakejdbc.adapter.LakeTestFiles.mkdirs;
import static dev.lakejdbc.adapter.LakeTestFiles.touch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.LakeException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FilterFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HiveLayoutListerTest {
  @TempDir Path table;

  private HiveLayout list() {
    return new HiveLayoutLister(fs()).list(hadoopPath(table));
  }

  private static List<String> fileNames(PartitionDirectory p) {
    return p.files().stream().map(f -> f.path().getName()).toList();
  }

  private static List<String> names(HiveLayout layout) {
    return layout.partitions().stream().map(PartitionDirectory::name).toList();
  }

  /**
   * A writer that does not escape ':' (a hand-made or script-made lake) leaves {@code ts=10:30}:
   * Hadoop's {@code new Path(dir, name)} refused that name as a relative path in an absolute URI.
   */
  @Test
  void aValueWithAnUnescapedColonIsListed() {
    touch(table.resolve("ts=10:30/part-00000.parquet"));
    touch(table.resolve("ts=11%3A00/part-00000.parquet"));

    HiveLayout layout = list();

    assertEquals(List.of("10:30", "11:00"),
        layout.partitions().stream().map(p -> p.values().get(0)).toList());
    assertEquals(hadoopPath(table.resolve("ts=10:30/part-00000.parquet")),
        layout.partitions().get(0).files().get(0).path());
  }

  @Test
  void twoLevelLayoutGivesColumnsAndLeavesWithUnescapedValues() {
    touch(table.resolve("dt=2026-07-08/branch_id=MUM001/part-00000.parquet"));
    touch(table.resolve("dt=2026-07-08/branch_id=DEL%2F01/part-00000.parquet"));
    touch(table.resolve("dt=2026-07-09/branch_id=MUM001/part-00000.parquet"));
    touch(table.resolve("dt=2026-07-09/branch_id=MUM001/part-00001.parquet"));

    HiveLayout layout = list();

    assertEquals(List.of("dt", "branch_id"), layout.columns());
    assertEquals(List.of("dt=2026-07-08/branch_id=DEL%2F01", "dt=2026-07-08/branch_id=MUM001",
        "dt=2026-07-09/branch_id=MUM001"), names(layout));
    PartitionDirectory escaped = layout.partitions().get(0);
    assertEquals(List.of("2026-07-08", "DEL/01"), escaped.values());
    assertEquals(hadoopPath(table.resolve("dt=2026-07-08/branch_id=DEL%2F01")), escaped.path());
    assertEquals(List.of("part-00000.parquet", "part-00001.parquet"),
        fileNames(layout.partitions().get(2)));
    assertEquals(4, layout.fileCount());
  }

  @Test
  void columnNamesAreLowerCased() {
    touch(table.resolve("DT=1/part-0.parquet"));
    touch(table.resolve("dt=2/part-0.parquet"));

    HiveLayout layout = list();

    assertEquals(List.of("dt"), layout.columns());
    assertEquals(List.of(List.of("1"), List.of("2")),
        layout.partitions().stream().map(PartitionDirectory::values).toList());
  }

  @Test
  void defaultPartitionValueIsNull() {
    touch(table.resolve("dt=" + HivePathNames.DEFAULT_PARTITION + "/part-0.parquet"));

    assertEquals(Arrays.asList((String) null), list().partitions().get(0).values());
  }

  @Test
  void unpartitionedTableIsOneLeafWithoutValues() {
    touch(table.resolve("part-0.parquet"));
    touch(table.resolve("part-1.parquet"));

    HiveLayout layout = list();

    assertEquals(List.of(), layout.columns());
    PartitionDirectory only = layout.partitions().get(0);
    assertEquals(List.of(), only.values());
    assertEquals("", only.name());
    assertEquals(List.of("part-0.parquet", "part-1.parquet"), fileNames(only));
  }

  @Test
  void writerLeftoversAreSkipped() {
    touch(table.resolve("_SUCCESS"));
    touch(table.resolve(".hidden/not-a-partition/file"));
    touch(table.resolve("_temporary/0/task/part-0.parquet"));
    Path leaf = table.resolve("dt=1");
    touch(leaf.resolve("part-0.parquet"));
    touch(leaf.resolve(".part-0.parquet.crc"));
    touch(leaf.resolve("part-0.crc"));
    touch(leaf.resolve("part-1.parquet._COPYING_"));
    touch(leaf.resolve("_SUCCESS"));

    HiveLayout layout = list();

    assertEquals(List.of("dt"), layout.columns());
    assertEquals(List.of("dt=1"), names(layout));
    assertEquals(List.of("part-0.parquet"), fileNames(layout.partitions().get(0)));
  }

  @Test
  void partitionColumnMayStartWithUnderscore() {
    touch(table.resolve("_col=1/part-0.parquet"));

    HiveLayout layout = list();

    assertEquals(List.of("_col"), layout.columns());
    assertEquals(List.of("1"), layout.partitions().get(0).values());
  }

  @Test
  void emptyLeafDirectoryYieldsNoPartition() {
    mkdirs(table.resolve("dt=1"));
    touch(table.resolve("dt=2/part-0.parquet"));
    mkdirs(table.resolve("dt=3"));

    HiveLayout layout = list();

    assertEquals(List.of("dt"), layout.columns());
    assertEquals(List.of("dt=2"), names(layout));
  }

  @Test
  void tableWithOnlyEmptyDirectoriesHasNoFiles() {
    mkdirs(table.resolve("dt=1/branch_id=A"));

    HiveLayout layout = list();

    assertEquals(List.of(), layout.partitions());
    assertEquals(0, layout.fileCount());
  }

  @Test
  void directoryThatIsNotColumnEqualsValueIsAnError() {
    touch(table.resolve("dt=1/part-0.parquet"));
    touch(table.resolve("misc/part-0.parquet"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::list, table.resolve("misc").toString(),
        "is not a column=value partition directory");
  }

  @Test
  void filesNextToPartitionDirectoriesAreAnError() {
    touch(table.resolve("dt=1/part-0.parquet"));
    touch(table.resolve("dt=2/branch_id=A/part-0.parquet"));
    touch(table.resolve("dt=2/stray.parquet"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::list, table.resolve("dt=2").toString(),
        "both data files and partition directories");
  }

  @Test
  void mixedDepthsAreAnError() {
    touch(table.resolve("dt=1/part-0.parquet"));
    touch(table.resolve("dt=2/branch_id=A/part-0.parquet"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::list, table.resolve("dt=1").toString(),
        "Inconsistent partition depth", "[dt, branch_id]");
  }

  @Test
  void mixedDepthsAreAnErrorWhateverComesFirst() {
    touch(table.resolve("dt=1/branch_id=A/part-0.parquet"));
    touch(table.resolve("dt=2/part-0.parquet"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::list, table.resolve("dt=2").toString(),
        "Inconsistent partition depth");
  }

  @Test
  void differentColumnNamesAtOneLevelAreAnError() {
    touch(table.resolve("dt=1/branch_id=A/part-0.parquet"));
    touch(table.resolve("dt=2/region=B/part-0.parquet"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::list,
        table.resolve("dt=2/region=B").toString(), "'region'", "'branch_id'", "depth 2");
  }

  @Test
  void differentColumnNamesAtTheTopAreAnError() {
    touch(table.resolve("day=1/part-0.parquet"));
    touch(table.resolve("dt=2/part-0.parquet"));

    assertLakeException(LakeException.DATA_EXCEPTION, this::list,
        table.resolve("dt=2").toString(), "'dt'", "'day'", "depth 1");
  }

  @Test
  void missingDirectoryIsAnIoError() {
    Path missing = table.resolve("no-such-table");

    assertLakeException(LakeException.IO_ERROR,
        () -> new HiveLayoutLister(fs()).list(hadoopPath(missing)), missing.toString());
  }

  @Test
  void partitionValueEndingInCrcIsNotIgnored() {
    touch(table.resolve("ext=.crc/part-0.parquet"));
    touch(table.resolve("ext=txt/part-0.parquet"));

    assertEquals(List.of(".crc", "txt"),
        list().partitions().stream().map(p -> p.values().get(0)).toList());
  }

  /**
   * A remote file system as the lister sees it (not the raw local one) whose every listing takes a
   * while, as a NameNode or object store round trip does; it records the directories listed and the
   * most listings under way at once.
   */
  private static final class SlowRemoteFs extends FilterFileSystem {
    final Set<String> listed = ConcurrentHashMap.newKeySet();
    final AtomicInteger running = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();

    SlowRemoteFs() {
      super(fs());
    }

    @Override public FileStatus[] listStatus(org.apache.hadoop.fs.Path dir) throws IOException {
      mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
      try {
        Thread.sleep(50);
        listed.add(dir.getName());
        return super.listStatus(dir);
      } catch (InterruptedException e) {
        throw new InterruptedIOException();
      } finally {
        running.decrementAndGet();
      }
    }
  }

  @Test
  void aRemoteFileSystemListsSiblingDirectoriesTogetherAndOnlyThoseKept() {
    for (int day = 1; day <= 6; day++) {
      for (String branch : new String[] {"A", "B", "C"}) {
        touch(table.resolve("dt=" + day + "/branch=" + branch + "/part-0.parquet"));
      }
    }
    SlowRemoteFs remote = new SlowRemoteFs();
    PartitionPrefixFilter notDay2NorBranchB = (dir, values) -> !values.contains("2") && !values.contains("B");

    HiveLayout layout = new HiveLayoutLister(remote).list(hadoopPath(table), notDay2NorBranchB);

    assertEquals(new HiveLayoutLister(fs()).list(hadoopPath(table), notDay2NorBranchB), layout);
    assertEquals(1 + 5 + 5 * 2, layout.directoriesListed());
    assertTrue(!remote.listed.contains("dt=2") && !remote.listed.contains("branch=B"), remote.listed::toString);
    assertTrue(remote.mostAtOnce.get() > 1, "listings under way at once: " + remote.mostAtOnce);
  }
}
