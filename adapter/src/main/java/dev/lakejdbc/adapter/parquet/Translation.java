package dev.lakejdbc.adapter.parquet;

import java.util.List;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;

/**
 * What a data predicate says about one file: every row may match ({@link #ALL}), no row can
 * ({@link #NONE}), or the rows a parquet-java {@link FilterPredicate} may keep.
 */
record Translation(FilterPredicate predicate, boolean all) {
  static final Translation ALL = new Translation(null, true);
  static final Translation NONE = new Translation(null, false);

  static Translation of(FilterPredicate predicate) {
    return new Translation(predicate, false);
  }

  boolean isAll() {
    return predicate == null && all;
  }

  boolean isNone() {
    return predicate == null && !all;
  }

  static Translation and(List<Translation> operands) {
    FilterPredicate p = null;
    for (Translation t : operands) {
      if (t.isNone()) {
        return NONE;
      }
      if (t.predicate != null) {
        p = p == null ? t.predicate : FilterApi.and(p, t.predicate);
      }
    }
    return p == null ? ALL : of(p);
  }

  static Translation or(List<Translation> operands) {
    FilterPredicate p = null;
    for (Translation t : operands) {
      if (t.isAll()) {
        return ALL;
      }
      if (t.predicate != null) {
        p = p == null ? t.predicate : FilterApi.or(p, t.predicate);
      }
    }
    return p == null ? NONE : of(p);
  }
}
