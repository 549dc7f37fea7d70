package dev.lakejdbc.adapter.table;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Estimates how many distinct values each data column holds, from the footers discovery reads anyway:
 * a column stored as INT32 or INT64 (integers, dates, small decimals) has at most max - min + 1
 * values, a BOOLEAN at most two, and no column more than the table has rows. Surrogate keys, which
 * most joins use, are dense, so this is close for them; other columns stay unknown and the planner
 * guesses. The planner only uses these to order joins and size hash tables: no answer depends on them.
 */
final class DistinctCountEstimates {
  private final Map<String, long[]> ranges = new HashMap<>();
  private final Set<String> unbounded = new HashSet<>();
  private final Set<String> booleans = new HashSet<>();

  /** Takes the column chunk statistics of one file's footer into account. */
  void add(ParquetMetadata footer) {
    for (BlockMetaData block : footer.getBlocks()) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        if (chunk.getPath().size() != 1) {
          continue; // a nested leaf: not a column of its own
        }
        String key = chunk.getPath().toArray()[0].toLowerCase(Locale.ROOT);
        switch (chunk.getPrimitiveType().getPrimitiveTypeName()) {
          case BOOLEAN -> booleans.add(key);
          case INT32, INT64 -> addRange(key, chunk);
          default -> { }
        }
      }
    }
  }

  private void addRange(String key, ColumnChunkMetaData chunk) {
    Statistics<?> stats = chunk.getStatistics();
    if (stats == null || stats.isEmpty()) {
      if (chunk.getValueCount() > 0) {
        unbounded.add(key); // values without a known range
      }
      return;
    }
    if (!stats.hasNonNullValue()) {
      return; // only nulls
    }
    long min = ((Number) stats.genericGetMin()).longValue();
    long max = ((Number) stats.genericGetMax()).longValue();
    ranges.merge(key, new long[] {min, max},
        (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
  }

  /** Estimated distinct values by lower-cased column name, none above {@code rows}. */
  Map<String, Double> byLowerCaseName(long rows) {
    Map<String, Double> counts = new HashMap<>();
    double cap = Math.max(rows, 1);
    ranges.forEach((key, range) -> {
      if (!unbounded.contains(key)) {
        // max - min + 1 in double: a range of the whole long domain must not overflow.
        counts.put(key, Math.min(cap, (double) range[1] - range[0] + 1));
      }
    });
    booleans.forEach(key -> counts.put(key, Math.min(cap, 2D)));
    return counts;
  }
}
