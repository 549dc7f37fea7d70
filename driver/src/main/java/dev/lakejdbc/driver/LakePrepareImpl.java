package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.time.FineTimeExecutor;
import dev.lakejdbc.rules.LakePrograms;
import dev.lakejdbc.rules.cost.LakeMetadata;
import dev.lakejdbc.rules.physical.MicrosecondTimestamps;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.tools.Programs;
import dev.lakejdbc.rules.LakeRules;
import java.lang.reflect.Type;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.Program;

/** Calcite's preparation, with the lake's planner rules added. */
public class LakePrepareImpl extends CalcitePrepareImpl {
  @Override protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
      org.apache.calcite.plan.Context externalContext, RelOptCostFactory costFactory) {
    RelOptPlanner planner = super.createPlanner(prepareContext, externalContext, costFactory);
    LakeOptions options = options(prepareContext);
    for (RelOptRule rule : LakeRules.rules(options.staticPruning(), options.dataFilterPushdown())) {
      planner.addRule(rule);
    }
    // A merge join sorts both inputs: for a fact table that means reading it whole into memory.
    planner.removeRule(EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE);
    // No constant folding in milliseconds of what holds microseconds.
    planner.setExecutor(FineTimeExecutor.of(planner.getExecutor()));
    return planner;
  }

  /**
   * Every metadata query of the statement asks the lake's estimates, through the dispatchers compiled
   * with the project ({@code CompiledMetadataHandlers}): Calcite would generate and compile them with
   * Janino in each new JVM, for its default provider and for the lake's.
   */
  @Override protected RelOptCluster createCluster(RelOptPlanner planner, RexBuilder rexBuilder) {
    RelOptCluster cluster = super.createCluster(planner, rexBuilder);
    cluster.setMetadataQuerySupplier(LakeMetadata::query);
    return cluster;
  }

  @Override protected SqlRexConvertletTable createConvertletTable() {
    return LakeConvertletTable.INSTANCE;
  }

  /** The options of the connection being prepared for, found through its lake schema. */
  static LakeOptions options(CalcitePrepare.Context context) {
    LakeSchema schema = lakeSchema(context);
    return schema == null ? LakeOptions.DEFAULTS : schema.storage().options();
  }

  private static LakeSchema lakeSchema(CalcitePrepare.Context context) {
    CalciteSchema lake = context.getRootSchema().getSubSchema(LakeDriver.SCHEMA, true);
    return lake != null && lake.schema instanceof LakeSchema s ? s : null;
  }

  /** A statement text prepared before on this connection reuses its plan. */
  @Override public <T> CalciteSignature<T> prepareSql(CalcitePrepare.Context context,
      CalcitePrepare.Query<T> query, Type elementType, long maxRowCount) {
    LakeSchema lake = lakeSchema(context);
    if (query.sql == null || lake == null) {
      return super.prepareSql(context, query, elementType, maxRowCount);
    }
    String key = elementType + "\u0000" + maxRowCount + "\u0000" + query.sql;
    return PlanCache.of(lake).get(key, () -> {
      // Calcite hands maxRowCount to the result set only; the program needs it for a top-N.
      MAX_ROWS.set(maxRowCount);
      try (DiscoveryAhead ahead = DiscoveryAhead.start(lake, query.sql)) {
        return super.prepareSql(context, query, elementType, maxRowCount);
      } finally {
        MAX_ROWS.remove();
      }
    });
  }

  /** The maxRows of the statement being prepared on this thread (Statement.setMaxRows), or 0. */
  private static final ThreadLocal<Long> MAX_ROWS = new ThreadLocal<>();

  @Override protected CalcitePreparingStmt getPreparingStmt(CalcitePrepare.Context context,
      Type elementType, CalciteCatalogReader catalogReader, RelOptPlanner planner) {
    EnumerableRel.Prefer prefer = elementType == Object[].class
        ? EnumerableRel.Prefer.ARRAY : EnumerableRel.Prefer.CUSTOM;
    LakeOptions options = options(context);
    Long maxRows = MAX_ROWS.get();
    return new CalcitePreparingStmt(this, context, catalogReader, context.getTypeFactory(),
        context.getRootSchema(), prefer, createCluster(planner, new RexBuilder(context.getTypeFactory())),
        EnumerableConvention.INSTANCE, createConvertletTable()) {
      // Calcite's standard program with filters pushed down and joins ordered before the cost-based
      // planner, and dynamic partition pruning after it; EXPLAIN runs the same program.
      @Override protected Program getProgram() {
        // Prepare.optimize has just given the planner a new executor: guard it again.
        Program guard = (planner, rel, traits, materializations, lattices) -> {
          planner.setExecutor(FineTimeExecutor.of(planner.getExecutor()));
          return rel;
        };
        return Programs.sequence(guard, LakePrograms.of(options, maxRows == null ? 0 : maxRows));
      }

      // The plan as the code generator must see it: TIMESTAMPs in microseconds. EXPLAIN shows the
      // plan before this (Prepare explains without implementing).
      @Override protected PreparedResult implement(RelRoot root) {
        return super.implement(root.withRel(MicrosecondTimestamps.rewrite(root.rel)));
      }

      // DATE + integer counts days (DateArithmeticCoercion).
      @Override protected SqlValidator createSqlValidator(Prepare.CatalogReader catalogReader,
          UnaryOperator<SqlValidator.Config> configTransform) {
        return super.createSqlValidator(catalogReader,
            c -> configTransform.apply(c).withTypeCoercionFactory(DateArithmeticCoercion::new));
      }

      @Override protected SqlToRelConverter getSqlToRelConverter(SqlValidator validator,
          Prepare.CatalogReader catalogReader, SqlToRelConverter.Config config) {
        // An IN list stays one predicate (a SEARCH) instead of becoming a join against VALUES
        // once it has 20 or more literals.
        // Trimming puts a Project of the used columns over each scan, which the projection rule
        // folds into the scan: aggregates then decode only the columns they use.
        return super.getSqlToRelConverter(validator, catalogReader,
            config.withInSubQueryThreshold(Integer.MAX_VALUE).withTrimUnusedFields(true));
      }
    };
  }
}
