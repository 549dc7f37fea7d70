package dev.lakejdbc.rules;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.externalize.RelWriterImpl;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.Pair;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

/**
 * A class of plan tests: each test method is one case of the class's reference file (named after the
 * method), planned by a {@link PlanTester} and compared by {@link ReferencePlans}. The methods here
 * return the plans compared, so that a test can also assert the facts that matter explicitly.
 */
public abstract class PlanTest {
  private static final Map<Class<?>, ReferencePlans> PLANS = new ConcurrentHashMap<>();
  protected static final PlanTester TESTER = new PlanTester();
  private String caseName;
  /** A difference from the reference file, reported after the test's own assertions have run. */
  private AssertionError referenceMismatch;

  /** A plan before and after the rules or program under test. */
  public record Plans(RelNode before, RelNode after) {
    public String beforeText() {
      return PlanTester.explain(before);
    }

    public String afterText() {
      return PlanTester.explain(after);
    }
  }

  @BeforeEach final void nameTheCase(TestInfo info) {
    caseName = info.getTestMethod().orElseThrow().getName();
  }

  @AfterEach final void reportReferenceMismatch() {
    AssertionError mismatch = referenceMismatch;
    referenceMismatch = null;
    if (mismatch != null) {
      throw mismatch;
    }
  }

  private ReferencePlans plans() {
    return PLANS.computeIfAbsent(getClass(), ReferencePlans::new);
  }

  /**
   * A logical rule's case: before is the logical plan after {@code pre} (a Hep planner applying those
   * rules as one group, e.g. the projection rule so that a Filter sits right on the scan), after is
   * that plan after each group of {@code rules} in turn, each applied until none matches.
   */
  @SafeVarargs
  protected final Plans checkRules(String sql, List<RelOptRule> pre, List<RelOptRule>... rules) {
    RelNode before = PlanTester.hep(TESTER.logical(sql), pre);
    RelNode after = before;
    for (List<RelOptRule> group : rules) {
      after = PlanTester.hep(after, group);
    }
    return check(sql, before, after);
  }

  /**
   * A case of the dynamic partition pruning program: before is the physical plan the cost-based
   * planner chose, after is that plan after the program, with {@code tester}'s options.
   */
  protected final Plans checkDynamicPruning(PlanTester tester, String sql) {
    RelNode before = tester.physical(sql);
    return check(sql, before, tester.dynamicPruning(before));
  }

  /** A case whose plans before and after the test worked out itself. */
  protected final Plans check(String sql, RelNode before, RelNode after) {
    return check(sql, before, after, PlanTester.explain(after));
  }

  /**
   * A case whose plan after is compared as {@code afterText}, for a program whose change EXPLAIN does
   * not show.
   */
  protected final Plans check(String sql, RelNode before, RelNode after, String afterText) {
    Plans plans = new Plans(before, after);
    try {
      plans().check(caseName, sql, plans.beforeText(), afterText);
    } catch (AssertionError e) {
      referenceMismatch = e;
    }
    return plans;
  }

  /** Every node of {@code rel} of class {@code type}, top down, sub-queries included. */
  public static <T> List<T> nodes(RelNode rel, Class<T> type) {
    List<T> found = new ArrayList<>();
    collect(rel, type, found);
    return found;
  }

  private static <T> void collect(RelNode rel, Class<T> type, List<T> found) {
    if (type.isInstance(rel)) {
      found.add(type.cast(rel));
    }
    rel.accept(new RexShuttle() {
      @Override public org.apache.calcite.rex.RexNode visitSubQuery(RexSubQuery subQuery) {
        collect(subQuery.rel, type, found);
        return subQuery;
      }
    });
    for (RelNode input : rel.getInputs()) {
      collect(input, type, found);
    }
  }

  /**
   * What {@code rel} itself shows in EXPLAIN, by item name ({@code PartitionFilters},
   * {@code NoDynamicPruning}, {@code condition}, ...); an item it does not show is absent.
   */
  public static Map<String, String> items(RelNode rel) {
    Map<String, String> items = new LinkedHashMap<>();
    rel.explain(new RelWriterImpl(new PrintWriter(Writer.nullWriter())) {
      @Override protected void explain_(RelNode node, List<Pair<String, @Nullable Object>> values) {
        for (Pair<String, @Nullable Object> value : values) {
          if (!(value.right instanceof RelNode)) {
            items.put(value.left, String.valueOf(value.right));
          }
        }
      }
    });
    return items;
  }

  /** Asserts that {@code text} (an EXPLAIN item, say, which may be absent) contains {@code part}. */
  public static void assertContains(String text, String part) {
    if (text == null || !text.contains(part)) {
      throw new AssertionError("expected <" + text + "> to contain <" + part + ">");
    }
  }

  /** The one scan of {@code table} in {@code rel}. */
  public static LakeTableScan scan(RelNode rel, String table) {
    List<LakeTableScan> scans = nodes(rel, LakeTableScan.class).stream()
        .filter(s -> s.source().name().equals(table)).toList();
    if (scans.size() != 1) {
      throw new AssertionError(scans.size() + " scans of " + table + " in\n" + PlanTester.explain(rel));
    }
    return scans.get(0);
  }
}
