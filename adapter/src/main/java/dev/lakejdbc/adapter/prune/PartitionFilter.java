package dev.lakejdbc.adapter.prune;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * A scan's static partition filter, compiled by Calcite's code generator: one predicate per pushed
 * conjunct, each evaluated on a table-width row that holds a partition's typed values. A conjunct that
 * uses only the first {@code k} partition levels is decided as soon as a directory of depth {@code k}
 * is seen, so excluded directories are never listed.
 */
public final class PartitionFilter {
  public static final PartitionFilter NONE = new PartitionFilter("", new int[0], List.of());

  private final String text;
  private final int[] levelsNeeded;
  private final List<Predicate1<Object[]>> conjuncts;

  private PartitionFilter(String text, int[] levelsNeeded, List<Predicate1<Object[]>> conjuncts) {
    this.text = text;
    this.levelsNeeded = levelsNeeded;
    this.conjuncts = conjuncts;
  }

  /** Called by generated code: {@code levelsNeeded[i]} partition levels decide {@code conjuncts[i]}. */
  @SafeVarargs
  public static PartitionFilter of(String text, int[] levelsNeeded, Predicate1<Object[]>... conjuncts) {
    return new PartitionFilter(text, levelsNeeded.clone(), List.copyOf(Arrays.asList(conjuncts)));
  }

  public boolean isEmpty() {
    return conjuncts.isEmpty();
  }

  /** The readable predicate, as EXPLAIN and sys.scans show it. */
  public String text() {
    return text;
  }

  /**
   * Whether a directory at {@code depth} levels, whose values fill {@code row}, may hold matching rows.
   * Only the conjuncts decided exactly at this depth are evaluated (shallower ones already passed). A
   * conjunct that is false excludes the directory even if another one could not be evaluated.
   *
   * @throws RuntimeException when no conjunct is false but one cannot be evaluated on these values: the
   *     caller must then keep the directory (when in doubt, read it)
   */
  public boolean mayMatch(Object[] row, int depth) {
    RuntimeException doubt = null;
    for (int i = 0; i < conjuncts.size(); i++) {
      if (levelsNeeded[i] != depth) {
        continue;
      }
      try {
        if (!conjuncts.get(i).apply(row)) {
          return false;
        }
      } catch (RuntimeException e) {
        doubt = doubt == null ? e : doubt;
      }
    }
    if (doubt != null) {
      throw doubt;
    }
    return true;
  }
}
