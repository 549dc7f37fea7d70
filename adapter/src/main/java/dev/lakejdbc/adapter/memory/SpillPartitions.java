package dev.lakejdbc.adapter.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows written to {@value #FAN_OUT} spill files by the hash of their key, for an operator whose hash
 * table outgrew its budget: each file then holds every row of its keys and can be processed alone. At
 * each level of partitioning a different part of the hash chooses the file, so that a partition too
 * large for memory splits again.
 */
final class SpillPartitions implements AutoCloseable {
  static final int FAN_OUT = 16;
  /** The hash has 32 bits, 4 per level. */
  static final int MAX_LEVEL = 8;

  private final SpillFiles files;
  private final OperatorMemory memory;
  private final int level;
  private final SpillFiles.Writer[] writers = new SpillFiles.Writer[FAN_OUT];

  SpillPartitions(SpillFiles files, OperatorMemory memory, int level) {
    if (level >= MAX_LEVEL) {
      throw new IllegalArgumentException("no hash bits left for level " + level);
    }
    this.files = files;
    this.memory = memory;
    this.level = level;
  }

  static int partition(int hash, int level) {
    return (hash >>> (4 * level)) & (FAN_OUT - 1);
  }

  void write(int hash, Object row) {
    int p = partition(hash, level);
    SpillFiles.Writer writer = writers[p];
    if (writer == null) {
      writer = writers[p] = files.create();
    }
    writer.write(row);
  }

  /** The partitions' files, closed, by partition number; null for a partition without rows. */
  List<SpillFiles.Run> finish() {
    List<SpillFiles.Run> runs = new ArrayList<>(FAN_OUT);
    for (int p = 0; p < FAN_OUT; p++) {
      SpillFiles.Writer writer = writers[p];
      runs.add(writer == null ? null : writer.finish());
      writers[p] = null;
    }
    return runs;
  }

  @Override public void close() {
    for (int p = 0; p < FAN_OUT; p++) {
      if (writers[p] != null) {
        writers[p].close();
        writers[p] = null;
      }
    }
  }
}
