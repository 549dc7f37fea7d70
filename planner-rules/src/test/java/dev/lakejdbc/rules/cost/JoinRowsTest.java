package dev.lakejdbc.rules.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.scan.LakeTableScan;
import dev.lakejdbc.rules.PlanTester;
import dev.lakejdbc.rules.SyntheticLake;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;

/**
 * The planner's estimates from distinct values ({@link LakeMetadata}) on the synthetic lake, whose
 * fact has 63,000 rows over 30 days and 3 branches, and whose dimensions know their key's distinct
 * values as discovery estimates them.
 */
class JoinRowsTest {
  private static final double FACT_ROWS = 90 * SyntheticLake.ROWS_PER_FILE;

  private static RelNode plan(String sql) {
    RelNode rel = PlanTester.filtersDown(new PlanTester().logical(sql));
    rel.getCluster().setMetadataProvider(LakeMetadata.PROVIDER);
    rel.getCluster().invalidateMetadataQuery();
    return rel;
  }

  private static RelMetadataQuery mq(RelNode rel) {
    return rel.getCluster().getMetadataQuery();
  }

  private static <T extends RelNode> T first(RelNode rel, Class<T> type) {
    List<T> found = new ArrayList<>();
    collect(rel, type, found);
    assertTrue(!found.isEmpty(), "no " + type.getSimpleName() + " in " + rel.explain());
    return found.get(0);
  }

  private static <T extends RelNode> void collect(RelNode rel, Class<T> type, List<T> found) {
    if (type.isInstance(rel)) {
      found.add(type.cast(rel));
    }
    rel.getInputs().forEach(input -> collect(input, type, found));
  }

  @Test void aFactJoinedToADimensionOnItsKeyKeepsTheFactsRows() {
    Join join = first(plan("SELECT * FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id"), Join.class);
    // 63,000 x 365 / max(30 dates in the fact, 365 keys): each fact row finds its one date.
    assertEquals(FACT_ROWS, mq(join).getRowCount(join), 1);
  }

  @Test void aFactJoinedToADimensionOnADataColumnKeepsTheFactsRows() {
    Join join = first(plan("SELECT * FROM fact_orders f JOIN customers c ON f.customer_id = c.customer_id"),
        Join.class);
    assertEquals(FACT_ROWS, mq(join).getRowCount(join), 1);
  }

  @Test void aFilteredDimensionShrinksTheJoinByItsKeysLeft() {
    Join join = first(plan("SELECT * FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id "
        + "WHERE d.date_type = 'holiday'"), Join.class);
    double rows = mq(join).getRowCount(join);
    // 15% of the dates are guessed holidays: far fewer fact rows than all, far more than none.
    assertTrue(rows < FACT_ROWS && rows > FACT_ROWS * 0.05, "estimated " + rows);
  }

  @Test void withoutDistinctValuesOnEitherSideCalcitesGuessStands() {
    Join join = first(plan("SELECT * FROM branches a JOIN branches b ON a.region = b.region"), Join.class);
    assertEquals(200 * 200 * RelMdUtil.guessSelectivity(join.getCondition()),
        mq(join).getRowCount(join), 1e-6);
  }

  @Test void aPartitionColumnsDistinctValuesAreExact() {
    LakeTableScan scan = first(plan("SELECT dt, branch_id FROM fact_orders"), LakeTableScan.class);
    int dt = scan.getRowType().getFieldNames().indexOf("dt");
    int branch = scan.getRowType().getFieldNames().indexOf("branch_id");
    assertEquals(30, mq(scan).getDistinctRowCount(scan, ImmutableBitSet.of(dt), null), 1e-9);
    assertEquals(90, mq(scan).getDistinctRowCount(scan, ImmutableBitSet.of(dt, branch), null), 1e-9);
  }

  /** Where a predicate sets a column equal to a literal (a filtered dimension), it has one value. */
  @Test void aColumnEqualToALiteralHasOneValue() {
    LakeTableScan scan = first(plan("SELECT dt, branch_id FROM fact_orders"), LakeTableScan.class);
    int dt = scan.getRowType().getFieldNames().indexOf("dt");
    int branch = scan.getRowType().getFieldNames().indexOf("branch_id");
    RexBuilder rex = scan.getCluster().getRexBuilder();
    RexNode oneBranch = rex.makeCall(SqlStdOperatorTable.EQUALS, rex.makeInputRef(scan, branch),
        rex.makeLiteral("B001"));
    assertEquals(30, mq(scan).getDistinctRowCount(scan, ImmutableBitSet.of(dt, branch), oneBranch), 1e-9);
  }

  @Test void groupingByAPartitionColumnIsEstimatedAtItsDistinctValues() {
    RelNode rel = plan("SELECT dt, sum(amount) FROM fact_orders GROUP BY dt");
    assertEquals(30, mq(rel).getRowCount(rel), 1e-9);
  }

  @Test void calcitesDefaultsAloneKnowNoneOfThis() {
    // The handlers are what makes the difference: the same join with Calcite's provider alone.
    RelNode rel = PlanTester.filtersDown(new PlanTester().logical(
        "SELECT * FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id"));
    rel.getCluster().setMetadataProvider(DefaultRelMetadataProvider.INSTANCE);
    rel.getCluster().invalidateMetadataQuery();
    Join join = first(rel, Join.class);
    assertEquals(FACT_ROWS * 365 * 0.15, mq(join).getRowCount(join), 1);
  }
}
