package dev.lakejdbc.adapter.parquet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.statistics.BinaryStatistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * A footer as the footer cache keeps it: the same metadata, with what equal files share held once and
 * what reading never uses left out.
 *
 * <p>parquet-java builds about 20 objects per column chunk, and the cache, which lives in its host's
 * heap, holds every footer a query read: the 2,249 fact files TPC-DS q4 reads (29 columns on average)
 * took 48 MB as read and take 21 MB compacted. Here the file's schema, its key-value metadata, its
 * writer and each chunk's page encoding counts are shared with every file that has equal ones; a
 * chunk's size statistics (histograms that only writers and rewriters use) are dropped. Statistics, page index
 * references and bloom filter offsets are kept, so pruning decides exactly as on the footer read.
 */
final class CompactFooters {
  /**
   * What a compacted footer takes, estimated on the high side: on TPC-DS's files (integer and decimal
   * columns, one row group) the heap held 320 bytes a column chunk.
   */
  private static final int FILE_BYTES = 300;
  private static final int BLOCK_BYTES = 150;
  private static final int CHUNK_BYTES = 400;
  /** A bound on the shared values, against a JVM that reads lake after lake. */
  private static final int MAX_SHARED = 10_000;
  private static final Map<Object, Object> SHARED = new ConcurrentHashMap<>();

  private CompactFooters() {}

  /** Encoding counts as a value: parquet's {@link EncodingStats} has no equality of its own. */
  private record EncodingCounts(Map<Encoding, Integer> dictionary, Map<Encoding, Integer> data,
      boolean v2) {
    static EncodingCounts of(EncodingStats stats) {
      Map<Encoding, Integer> dictionary = new LinkedHashMap<>();
      for (Encoding e : stats.getDictionaryEncodings()) {
        dictionary.put(e, stats.getNumDictionaryPagesEncodedAs(e));
      }
      Map<Encoding, Integer> data = new LinkedHashMap<>();
      for (Encoding e : stats.getDataEncodings()) {
        data.put(e, stats.getNumDataPagesEncodedAs(e));
      }
      return new EncodingCounts(dictionary, data, stats.usesV2Pages());
    }

    EncodingStats build() {
      EncodingStats.Builder builder = new EncodingStats.Builder();
      dictionary.forEach(builder::addDictEncoding);
      data.forEach(builder::addDataEncoding);
      if (v2) {
        builder.withV2Pages();
      }
      return builder.build();
    }
  }

  /** {@code footer} compacted; an encrypted footer is returned as it is. */
  static ParquetMetadata of(ParquetMetadata footer) {
    FileMetaData file = footer.getFileMetaData();
    if (file.getEncryptionType() != FileMetaData.EncryptionType.UNENCRYPTED) {
      return footer;
    }
    for (BlockMetaData block : footer.getBlocks()) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        if (chunk.isEncrypted()) {
          return footer;
        }
      }
    }
    FileMetaData compactFile = new FileMetaData(shared(file.getSchema()),
        shared(file.getKeyValueMetaData()),
        file.getCreatedBy() == null ? null : shared(file.getCreatedBy()));
    List<BlockMetaData> blocks = new ArrayList<>(footer.getBlocks().size());
    for (BlockMetaData block : footer.getBlocks()) {
      blocks.add(compact(block));
    }
    return new ParquetMetadata(compactFile, blocks);
  }

  /** About how many bytes of heap {@code footer}, compacted, takes; min and max strings counted too. */
  static long estimatedBytes(ParquetMetadata footer) {
    long bytes = FILE_BYTES;
    for (BlockMetaData block : footer.getBlocks()) {
      bytes += BLOCK_BYTES + (long) CHUNK_BYTES * block.getColumns().size();
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        if (chunk.getStatistics() instanceof BinaryStatistics s && s.hasNonNullValue()) {
          bytes += s.genericGetMin().length() + s.genericGetMax().length();
        }
      }
    }
    return bytes;
  }

  private static BlockMetaData compact(BlockMetaData block) {
    BlockMetaData compact = new BlockMetaData();
    compact.setRowCount(block.getRowCount());
    compact.setTotalByteSize(block.getTotalByteSize());
    compact.setPath(block.getPath());
    compact.setOrdinal(block.getOrdinal());
    compact.setRowIndexOffset(block.getRowIndexOffset());
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      compact.addColumn(compact(chunk));
    }
    return compact;
  }

  private static ColumnChunkMetaData compact(ColumnChunkMetaData chunk) {
    EncodingStats encodingStats = chunk.getEncodingStats();
    ColumnChunkMetaData compact = ColumnChunkMetaData.get(chunk.getPath(), chunk.getPrimitiveType(),
        chunk.getCodec(), encodingStats == null ? null : shared(encodingStats), chunk.getEncodings(),
        chunk.getStatistics(), chunk.getFirstDataPageOffset(), chunk.getDictionaryPageOffset(),
        chunk.getValueCount(), chunk.getTotalSize(), chunk.getTotalUncompressedSize(), null,
        chunk.getGeospatialStatistics());
    compact.setColumnIndexReference(chunk.getColumnIndexReference());
    compact.setOffsetIndexReference(chunk.getOffsetIndexReference());
    compact.setBloomFilterOffset(chunk.getBloomFilterOffset());
    compact.setBloomFilterLength(chunk.getBloomFilterLength());
    compact.setRowGroupOrdinal(chunk.getRowGroupOrdinal());
    return compact;
  }

  private static EncodingStats shared(EncodingStats stats) {
    EncodingCounts counts = EncodingCounts.of(stats);
    Object known = SHARED.get(counts);
    if (known == null) {
      known = counts.build();
      remember(counts, known);
    }
    return (EncodingStats) known;
  }

  /** The value equal to {@code value} that is already shared, or {@code value}, now shared. */
  @SuppressWarnings("unchecked")
  private static <T> T shared(T value) {
    Object known = SHARED.get(value);
    if (known == null) {
      remember(value, value);
      return value;
    }
    return (T) known;
  }

  private static void remember(Object key, Object value) {
    if (SHARED.size() >= MAX_SHARED) {
      SHARED.clear();
    }
    SHARED.putIfAbsent(key, value);
  }
}
