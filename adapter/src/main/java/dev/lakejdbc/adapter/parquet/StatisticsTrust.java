package dev.lakejdbc.adapter.parquet;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.CorruptStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Says why a file's statistics cannot decide a filtered column's row groups: the writer wrote none,
 * or parquet-java does not trust the ones it wrote (binary statistics of parquet-mr before 1.8,
 * PARQUET-251; strings with only the old signed-order min/max, PARQUET-686). Such row groups are read
 * unless their dictionary, bloom filter or column index rules them out.
 */
final class StatisticsTrust {
  private StatisticsTrust() {}

  /** One note per filtered column of this file whose row groups lack usable minimum and maximum. */
  static Set<String> notes(ParquetMetadata footer, Collection<String> fieldNames) {
    Set<String> notes = new LinkedHashSet<>();
    String createdBy = footer.getFileMetaData().getCreatedBy();
    for (BlockMetaData block : footer.getBlocks()) {
      List<ColumnChunkMetaData> chunks = block.getColumns();
      for (int i = 0; i < chunks.size(); i++) {
        ColumnChunkMetaData chunk = chunks.get(i);
        if (chunk.getValueCount() == 0 || chunk.getPath().size() != 1) {
          continue;
        }
        String name = chunk.getPath().iterator().next();
        if (!fieldNames.contains(name)) {
          continue;
        }
        Statistics<?> s = chunk.getStatistics();
        boolean usable = s != null && !s.isEmpty()
            && (s.hasNonNullValue() || s.isNumNullsSet() && s.getNumNulls() == chunk.getValueCount());
        if (usable) {
          continue;
        }
        if (CorruptStatistics.shouldIgnoreStatistics(createdBy, chunk.getPrimitiveType().getPrimitiveTypeName())) {
          notes.add(name + ": statistics not trusted, written by " + (createdBy == null ? "an unnamed writer"
              : "'" + createdBy + "'") + " (PARQUET-251)");
        } else if (s != null && !s.isEmpty()) {
          notes.add(name + ": no usable min/max statistics (PARQUET-686 or undefined order)");
        } else {
          notes.add(name + ": no statistics");
        }
      }
    }
    return notes;
  }
}
