package dev.lakejdbc.adapter.filter;

/**
 * A test of each decoded row, made by the scan's reader as it decodes: the columns it reads are
 * decoded first, and the other columns of a row it refuses are not decoded at all. Either a
 * {@link RowKeyFilter} (whether a fact row's key can join; it may keep too much) or a
 * {@link RowPredicate} (the filter conjuncts the plan moved from above the scan into it: exact).
 */
public abstract class RowFilter {
  /** Whether the row passes. */
  public abstract boolean accepts(Object[] row);

  /** The output positions of the columns this filter reads. */
  public abstract int[] positions();

  /** This filter for one reader's thread (a filter may remember its last answer). */
  public RowFilter forOneReader() {
    return this;
  }
}
