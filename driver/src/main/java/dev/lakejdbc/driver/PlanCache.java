package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;

/**
 * Prepared plans of one connection by statement text, so that running the same text again skips
 * planning and code generation (hundreds of milliseconds) — the reuse a PreparedStatement already
 * gets. A plan holds no execution state: parameters, CURRENT_DATE, pruning and dynamic keys are all
 * worked out per execution. REFRESH empties it, since plans refer to the tables they were made for.
 */
final class PlanCache {
  private static final int CAPACITY = 200;

  private final Map<String, CalciteSignature<?>> plans = new LinkedHashMap<>(16, 0.75f, true) {
    @Override protected boolean removeEldestEntry(Map.Entry<String, CalciteSignature<?>> eldest) {
      return size() > CAPACITY;
    }
  };

  /**
   * The cache of the connection whose lake schema is {@code lake}, kept by the schema: a plan refers
   * to the connection's root schema, so a static map keyed by the schema (weakly) would keep every
   * connection ever opened, and with it the DataContext of a result set abandoned unclosed.
   */
  static PlanCache of(LakeSchema lake) {
    return lake.attachment(PlanCache.class, PlanCache::new);
  }

  @SuppressWarnings("unchecked")
  <T> CalciteSignature<T> get(String key, Supplier<CalciteSignature<T>> prepare) {
    synchronized (this) {
      CalciteSignature<?> plan = plans.get(key);
      if (plan != null) {
        return (CalciteSignature<T>) plan;
      }
    }
    CalciteSignature<T> plan = prepare.get();
    synchronized (this) {
      plans.put(key, plan);
    }
    return plan;
  }

  synchronized void clear() {
    plans.clear();
  }
}
