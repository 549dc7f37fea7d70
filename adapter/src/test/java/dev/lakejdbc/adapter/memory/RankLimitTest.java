package dev.lakejdbc.adapter.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.calcite.linq4j.Linq4j;
import org.junit.jupiter.api.Test;

/** RankLimit keeps exactly the rows whose rank (or dense rank) in their partition is within the limit. */
class RankLimitTest {
  /** A row: partition, order value, id. */
  private record Row(int partition, int value, int id) {}

  private static final Comparator<Row> BY_VALUE = Comparator.comparingInt(Row::value);

  @Test void keepsExactlyTheRowsRankedWithinTheLimitWhateverTheArrivalOrder() {
    SplittableRandom random = new SplittableRandom(7);
    for (int round = 0; round < 300; round++) {
      List<Row> rows = new ArrayList<>();
      int n = random.nextInt(60);
      for (int i = 0; i < n; i++) {
        // Few values: many ties, also at the limit.
        rows.add(new Row(random.nextInt(3), random.nextInt(8), i));
      }
      int limit = 1 + random.nextInt(6);
      for (boolean dense : new boolean[] {false, true}) {
        assertEquals(ranked(rows, dense, limit), kept(rows, dense, limit),
            rows + " dense " + dense + " limit " + limit);
      }
    }
  }

  /** The ids of the rows whose RANK (or DENSE_RANK) within their partition is at most {@code limit}. */
  private static List<Integer> ranked(List<Row> rows, boolean dense, int limit) {
    List<Integer> ids = new ArrayList<>();
    for (Row r : rows) {
      long before = dense
          ? rows.stream().filter(o -> o.partition() == r.partition() && o.value() < r.value())
              .map(Row::value).distinct().count()
          : rows.stream().filter(o -> o.partition() == r.partition() && o.value() < r.value()).count();
      if (before + 1 <= limit) {
        ids.add(r.id());
      }
    }
    ids.sort(null);
    return ids;
  }

  @Test void oneRowPerPartitionForTheFirstRank() {
    List<Row> rows = List.of(new Row(1, 5, 0), new Row(1, 3, 1), new Row(2, 9, 2), new Row(1, 3, 3));
    // Partition 1's two rows tied at value 3 both rank first; partition 2's one row too.
    assertEquals(List.of(1, 2, 3), kept(rows, false, 1));
  }

  private static List<Integer> kept(List<Row> rows, boolean dense, int limit) {
    List<Integer> ids = new ArrayList<>();
    RankLimit.limit(Linq4j.asEnumerable(rows), Row::partition, BY_VALUE, dense, limit)
        .forEach(r -> ids.add(r.id()));
    ids.sort(null);
    return ids;
  }
}
