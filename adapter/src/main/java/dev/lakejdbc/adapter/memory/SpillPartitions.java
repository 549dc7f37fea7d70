package dev.lakejdbc.adapter.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows written to spill files by the hash of their key, for an operator whose hash table outgrew its
 * budget: each file then holds every row of its keys and can be processed alone. The first split
 * makes many files (16 to 256, as many as a sixteenth of the limit has buffers of 4 KB for), so that
 * each is likely to fit in memory at once; a file still too large splits again, 16 ways, by the next
 * bits of the hash. The files' buffers together take a sixteenth of the limit, at least 4 KB each.
 */
final class SpillPartitions implements AutoCloseable {
  /** The bits of the hash that choose a file at one split. */
  record Level(int shift, int bits) {
    /** The first split: 4 to 8 bits, as many files as a sixteenth of the limit can buffer. */
    static Level first(OperatorMemory memory) {
      long files = Math.max(1, memory.queryLimit() / 16 / MIN_BUFFER);
      int bits = Math.max(4, Math.min(8, 63 - Long.numberOfLeadingZeros(files)));
      return new Level(0, bits);
    }

    /** The split of a file this level made: the next 4 bits (fewer at the end of the hash). */
    Level next() {
      int shift = this.shift + bits;
      return new Level(shift, Math.max(0, Math.min(4, 32 - shift)));
    }

    /** Whether the hash has no bits left to split by. */
    boolean exhausted() {
      return bits == 0;
    }

    int fanOut() {
      return 1 << bits;
    }

    int partition(int hash) {
      return (hash >>> shift) & (fanOut() - 1);
    }
  }

  /** The smallest buffer of a partition's file. */
  static final int MIN_BUFFER = 4 << 10;

  private final SpillFiles files;
  private final Level level;
  private final SpillFiles.Writer[] writers;
  private final int buffer;

  SpillPartitions(SpillFiles files, OperatorMemory memory, Level level) {
    if (level.exhausted()) {
      throw new IllegalArgumentException("no hash bits left to split by");
    }
    this.files = files;
    this.level = level;
    this.writers = new SpillFiles.Writer[level.fanOut()];
    this.buffer = (int) Math.max(MIN_BUFFER,
        Math.min(files.bufferBytes(), memory.queryLimit() / 16 / level.fanOut()));
  }

  void write(int hash, Object row) {
    int p = level.partition(hash);
    SpillFiles.Writer writer = writers[p];
    if (writer == null) {
      writer = writers[p] = files.create(buffer);
    }
    writer.write(row);
  }

  /** The partitions' files, closed, by partition number; null for a partition without rows. */
  List<SpillFiles.Run> finish() {
    List<SpillFiles.Run> runs = new ArrayList<>(writers.length);
    for (int p = 0; p < writers.length; p++) {
      SpillFiles.Writer writer = writers[p];
      runs.add(writer == null ? null : writer.finish());
      writers[p] = null;
    }
    return runs;
  }

  @Override public void close() {
    for (int p = 0; p < writers.length; p++) {
      if (writers[p] != null) {
        writers[p].close();
        writers[p] = null;
      }
    }
  }
}
