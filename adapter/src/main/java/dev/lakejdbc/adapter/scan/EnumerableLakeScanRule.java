package dev.lakejdbc.adapter.scan;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/** Makes the executable (enumerable) copy of a logical lake scan, with everything pushed into it. */
final class EnumerableLakeScanRule extends ConverterRule {
  static final EnumerableLakeScanRule INSTANCE = new EnumerableLakeScanRule(Config.INSTANCE
      .withConversion(LogicalLakeTableScan.class, Convention.NONE, EnumerableConvention.INSTANCE,
          "EnumerableLakeScanRule")
      .withRuleFactory(EnumerableLakeScanRule::new));

  private EnumerableLakeScanRule(Config config) {
    super(config);
  }

  @Override public RelNode convert(RelNode rel) {
    return ((LogicalLakeTableScan) rel).toEnumerable();
  }
}
