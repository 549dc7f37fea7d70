package dev.lakejdbc.driver;

import dev.lakejdbc.rules.LakeRules;
import java.lang.reflect.Type;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;

/** Calcite's preparation, with the lake's planner rules added. */
public class LakePrepareImpl extends CalcitePrepareImpl {
  @Override protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
      org.apache.calcite.plan.Context externalContext, RelOptCostFactory costFactory) {
    RelOptPlanner planner = super.createPlanner(prepareContext, externalContext, costFactory);
    for (RelOptRule rule : LakeRules.all()) {
      planner.addRule(rule);
    }
    return planner;
  }

  @Override protected CalcitePreparingStmt getPreparingStmt(CalcitePrepare.Context context,
      Type elementType, CalciteCatalogReader catalogReader, RelOptPlanner planner) {
    EnumerableRel.Prefer prefer = elementType == Object[].class
        ? EnumerableRel.Prefer.ARRAY : EnumerableRel.Prefer.CUSTOM;
    return new CalcitePreparingStmt(this, context, catalogReader, context.getTypeFactory(),
        context.getRootSchema(), prefer, createCluster(planner, new RexBuilder(context.getTypeFactory())),
        EnumerableConvention.INSTANCE, createConvertletTable()) {
      @Override protected SqlToRelConverter getSqlToRelConverter(SqlValidator validator,
          Prepare.CatalogReader catalogReader, SqlToRelConverter.Config config) {
        // An IN list stays one predicate (a SEARCH) instead of becoming a join against VALUES
        // once it has 20 or more literals.
        return super.getSqlToRelConverter(validator, catalogReader,
            config.withInSubQueryThreshold(Integer.MAX_VALUE));
      }
    };
  }
}
