package dev.lakejdbc.adapter.scan;

import dev.lakejdbc.adapter.dpp.DynamicDataFilterSpec;
import dev.lakejdbc.adapter.dpp.DynamicFilterChannel;
import dev.lakejdbc.adapter.filter.DataFilter;
import dev.lakejdbc.adapter.filter.DataPredicate;
import dev.lakejdbc.adapter.filter.DynamicDataFilter;
import dev.lakejdbc.adapter.filter.RexToDataPredicate;
import dev.lakejdbc.adapter.parquet.FieldPaths;
import dev.lakejdbc.adapter.dpp.DynamicPruning;
import dev.lakejdbc.adapter.dpp.DynamicPruningSpec;
import dev.lakejdbc.adapter.prune.PartitionExpressionCompiler;
import dev.lakejdbc.adapter.prune.PartitionFilter;
import dev.lakejdbc.adapter.prune.PartitionFilterText;
import dev.lakejdbc.adapter.read.TableRows;
import dev.lakejdbc.adapter.table.TableSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The executable lake scan: its generated code is one call, {@link TableRows#scan}, into plain Java.
 * After the cost-based planner, dynamic partition pruning may attach runtime key filters to it (on
 * partition columns, and on data columns), or the reason why none applies.
 */
public final class EnumerableLakeTableScan extends LakeTableScan implements EnumerableRel {
  private final List<DynamicPruningSpec> dynamicPruning;
  private final String dynamicPruningNote;
  private final List<DynamicDataFilterSpec> dynamicData;
  /** For nested table columns read in part, by column number: the paths inside them that are read. */
  private final SortedMap<Integer, FieldPaths> nestedPaths;
  /**
   * Conjuncts on data columns (over the table's columns) that the scan tests on every decoded row, in
   * place of the Calc above it that tested them ({@link dev.lakejdbc.adapter.filter.RowPredicate}); null
   * for none.
   */
  private final RexNode rowFilter;
  private final String rowFilterText;

  EnumerableLakeTableScan(RelOptCluster cluster, RelOptTable table, TableSource source, int[] fields,
      RexNode partitionFilter, boolean rowCounts, RexNode dataFilter, String dataFilterNote) {
    this(cluster, table, source, fields, partitionFilter, rowCounts, dataFilter, dataFilterNote,
        List.of(), null, List.of(), new TreeMap<>(), null);
  }

  private EnumerableLakeTableScan(RelOptCluster cluster, RelOptTable table, TableSource source,
      int[] fields, RexNode partitionFilter, boolean rowCounts, RexNode dataFilter, String dataFilterNote,
      List<DynamicPruningSpec> dynamicPruning, String dynamicPruningNote,
      List<DynamicDataFilterSpec> dynamicData, SortedMap<Integer, FieldPaths> nestedPaths,
      RexNode rowFilter) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), table, source, fields,
        partitionFilter, rowCounts, dataFilter, dataFilterNote);
    this.dynamicPruning = List.copyOf(dynamicPruning);
    this.dynamicPruningNote = dynamicPruningNote;
    this.dynamicData = List.copyOf(dynamicData);
    this.nestedPaths = Collections.unmodifiableSortedMap(new TreeMap<>(nestedPaths));
    this.rowFilter = rowFilter;
    this.rowFilterText = rowFilter == null ? null
        : PartitionFilterText.format(rowFilter, table.getRowType().getFieldNames());
  }

  /** A copy with other fields, dynamic filters or note; the rest as this scan's. */
  private EnumerableLakeTableScan copy(int[] fields, List<DynamicPruningSpec> dynamicPruning,
      String dynamicPruningNote, List<DynamicDataFilterSpec> dynamicData) {
    return new EnumerableLakeTableScan(getCluster(), table, source, fields, partitionFilter, rowCounts,
        dataFilter, dataFilterNote, dynamicPruning, dynamicPruningNote, dynamicData, nestedPaths,
        rowFilter);
  }

  /** For nested table columns read in part, by column number: the paths inside them that are read. */
  public SortedMap<Integer, FieldPaths> nestedPaths() {
    return nestedPaths;
  }

  /**
   * A copy that decodes of each nested table column in {@code paths} (by column number) only the
   * fields given; a column absent from it, or given {@link FieldPaths#ALL}, is decoded whole.
   */
  public EnumerableLakeTableScan withNestedPaths(Map<Integer, FieldPaths> paths) {
    SortedMap<Integer, FieldPaths> partial = new TreeMap<>();
    paths.forEach((column, p) -> {
      if (!p.all()) {
        partial.put(column, p);
      }
    });
    return new EnumerableLakeTableScan(getCluster(), table, source, fields, partitionFilter, rowCounts,
        dataFilter, dataFilterNote, dynamicPruning, dynamicPruningNote, dynamicData, partial, rowFilter);
  }

  /**
   * A copy whose partition filter also holds {@code conjuncts} (over the table's partition columns),
   * which decide, as any partition filter, which partitions are listed and read.
   */
  public EnumerableLakeTableScan withPartitionFilter(List<RexNode> conjuncts) {
    List<RexNode> all = new ArrayList<>(partitionFilter == null ? List.of()
        : RelOptUtil.conjunctions(partitionFilter));
    all.addAll(conjuncts);
    return new EnumerableLakeTableScan(getCluster(), table, source, fields,
        RexUtil.composeConjunction(getCluster().getRexBuilder(), all), rowCounts, dataFilter,
        dataFilterNote, dynamicPruning, dynamicPruningNote, dynamicData, nestedPaths, rowFilter);
  }

  /** The conjuncts the scan tests on every decoded row (over the table's columns), or null. */
  public RexNode rowFilter() {
    return rowFilter;
  }

  /**
   * A copy that also returns only the rows for which {@code conjuncts} (over the table's data columns,
   * each one a {@link RexToDataPredicate} translates whole and that
   * {@link dev.lakejdbc.adapter.filter.RowPredicate#evaluatesExactly evaluates exactly}) are TRUE: the
   * caller removes them from the filter above.
   */
  public EnumerableLakeTableScan withRowFilter(List<RexNode> conjuncts) {
    List<RexNode> all = new ArrayList<>(rowFilter == null ? List.of() : RelOptUtil.conjunctions(rowFilter));
    all.addAll(conjuncts);
    return new EnumerableLakeTableScan(getCluster(), table, source, fields, partitionFilter, rowCounts,
        dataFilter, dataFilterNote, dynamicPruning, dynamicPruningNote, dynamicData, nestedPaths,
        RexUtil.composeConjunction(getCluster().getRexBuilder(), all));
  }

  public List<DynamicDataFilterSpec> dynamicDataFilters() {
    return dynamicData;
  }

  /** A copy that also filters the rows of a data column by the keys of one more dimension. */
  public EnumerableLakeTableScan withDynamicDataFilter(DynamicDataFilterSpec spec) {
    List<DynamicDataFilterSpec> specs = new ArrayList<>(dynamicData);
    specs.add(spec);
    return copy(fields, dynamicPruning, dynamicPruningNote, specs);
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  public List<DynamicPruningSpec> dynamicPruning() {
    return dynamicPruning;
  }

  /**
   * A copy that also prunes by the keys of one more dimension. Why other joins did not prune it is
   * forgotten: a pruned scan says how it is pruned, not why it is not.
   */
  public EnumerableLakeTableScan withDynamicPruning(DynamicPruningSpec spec) {
    List<DynamicPruningSpec> specs = new ArrayList<>(dynamicPruning);
    specs.add(spec);
    return copy(fields, specs, null, dynamicData);
  }

  /**
   * A copy that also joins the dimension of {@code spec} partition-wise: its columns get the scan field
   * numbers after the table's and earlier joined dimensions', and the scan returns {@code fields}.
   */
  public EnumerableLakeTableScan withJoinedDimension(DynamicPruningSpec spec, int[] fields) {
    List<DynamicPruningSpec> specs = new ArrayList<>(dynamicPruning);
    specs.add(spec);
    return copy(fields, specs, null, dynamicData);
  }

  /**
   * What the scan's field numbers refer to: the table's columns, then the columns of each dimension
   * the scan joins.
   */
  public List<RelDataTypeField> columns() {
    List<RelDataTypeField> columns = new ArrayList<>(table.getRowType().getFieldList());
    for (DynamicPruningSpec spec : dynamicPruning) {
      if (spec.joinedColumns() != null) {
        columns.addAll(spec.joinedColumns().getFieldList());
      }
    }
    return columns;
  }

  /**
   * The number, in {@link #columns()}, of the first column of a joined dimension; -1 for one that only
   * prunes.
   */
  public int joinedAt(DynamicPruningSpec joined) {
    if (joined.joinedColumns() == null) {
      return -1;
    }
    int at = table.getRowType().getFieldCount();
    for (DynamicPruningSpec spec : dynamicPruning) {
      if (spec == joined) {
        break;
      }
      if (spec.joinedColumns() != null) {
        at += spec.joinedColumns().getFieldCount();
      }
    }
    return at;
  }

  @Override public RelDataType deriveRowType() {
    List<RelDataTypeField> columns = columns();
    RelDataTypeFactory.Builder builder = getCluster().getTypeFactory().builder();
    for (int f : fields) {
      builder.add(columns.get(f));
    }
    if (rowCounts) {
      builder.add(ROW_COUNT_COLUMN, getCluster().getTypeFactory().createSqlType(SqlTypeName.BIGINT));
    }
    // Field names must be unique; a joined dimension may repeat a fact column's name.
    return builder.uniquify().build();
  }

  /**
   * A copy that says, in its plan and in sys.scans, why a join considered did not prune it; a scan
   * that another join prunes stays as it is.
   */
  public EnumerableLakeTableScan withDynamicPruningNote(String reason) {
    if (!dynamicPruning.isEmpty()) {
      return this;
    }
    String note = dynamicPruningNote == null ? reason : dynamicPruningNote + "; " + reason;
    return copy(fields, dynamicPruning, note, dynamicData);
  }

  /** The readable form of one dynamic filter: {@code dt = date_id}, composite ones joined by AND. */
  String text(DynamicPruningSpec spec) {
    List<String> names = table.getRowType().getFieldNames();
    List<String> pairs = new ArrayList<>();
    for (int i = 0; i < spec.factKeys().size(); i++) {
      pairs.add(PartitionFilterText.format(spec.factKeys().get(i), names) + " = "
          + spec.dimensionKeys().get(i));
    }
    return "#" + spec.channel().id() + ": " + String.join(" AND ", pairs);
  }

  /** The readable form of a dynamic data filter: {@code #1: customer_id = c_customer_id}. */
  String text(DynamicDataFilterSpec spec) {
    return "#" + spec.channel().id() + ": "
        + PartitionFilterText.format(spec.factKey(), table.getRowType().getFieldNames()) + " = "
        + spec.dimensionKey();
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    String joined = joinedText();
    return super.explainTerms(pw)
        .itemIf("DynamicPruning", dynamicPruning.stream().map(this::text)
            .collect(Collectors.joining("; ")), !dynamicPruning.isEmpty())
        .itemIf("DynamicDataFilters", dynamicData.stream().map(this::text)
            .collect(Collectors.joining("; ")), !dynamicData.isEmpty())
        .itemIf("JoinedPartitionWise", joined, joined != null)
        .itemIf("RowFilter", rowFilterText, rowFilter != null)
        .itemIf("NestedFields", nestedPaths.entrySet().stream()
            .map(e -> e.getValue().text(table.getRowType().getFieldNames().get(e.getKey())))
            .collect(Collectors.joining(", ")), !nestedPaths.isEmpty())
        .itemIf("NoDynamicPruning", dynamicPruningNote, dynamicPruningNote != null);
  }

  /**
   * The dimensions this scan joins, with the field numbers their columns take: {@code #1: 7 date_id,
   * 8 date_type}; null when it joins none.
   */
  private String joinedText() {
    List<String> joined = new ArrayList<>();
    for (DynamicPruningSpec spec : dynamicPruning) {
      if (spec.joinedColumns() != null) {
        int at = joinedAt(spec);
        List<String> columns = new ArrayList<>();
        for (RelDataTypeField f : spec.joinedColumns().getFieldList()) {
          columns.add((at + f.getIndex()) + " " + f.getName());
        }
        joined.add("#" + spec.channel().id() + ": " + String.join(", ", columns));
      }
    }
    return joined.isEmpty() ? null : String.join("; ", joined);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType =
        PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
    PartitionExpressionCompiler compiler =
        new PartitionExpressionCompiler(implementor, table.getRowType(), partitionColumns());
    return implementor.result(physType,
        Blocks.toBlock(
            Expressions.call(
                Types.lookupMethod(TableRows.class, "scan", TableSource.class, DataContext.class,
                    int[].class, boolean.class, PartitionFilter.class, DynamicPruning[].class,
                    String.class, DataFilter.class, DynamicDataFilter[].class, String.class,
                    FieldPaths[].class, DataFilter.class),
                implementor.stash(source, TableSource.class),
                implementor.getRootExpression(),
                Expressions.constant(fields),
                Expressions.constant(rowCounts),
                staticFilter(compiler),
                Expressions.newArrayInit(DynamicPruning.class, dynamicPruning.stream()
                    .map(spec -> dynamicFilter(implementor, compiler, spec)).toList()),
                Expressions.constant(dynamicPruningNote, String.class),
                dataFilter(implementor, compiler, dataFilter, dataFilterText, false),
                Expressions.newArrayInit(DynamicDataFilter.class, dynamicData.stream()
                    .map(spec -> dynamicDataFilter(implementor, spec)).toList()),
                Expressions.constant(dataFilterNote, String.class),
                pathsByField(implementor),
                dataFilter(implementor, compiler, rowFilter, rowFilterText, true))));
  }

  /** For each field, the paths of it that are read, or null for all; null when every field is whole. */
  private Expression pathsByField(EnumerableRelImplementor implementor) {
    if (nestedPaths.isEmpty()) {
      return Expressions.constant(null, FieldPaths[].class);
    }
    FieldPaths[] byField = new FieldPaths[fields.length];
    for (int i = 0; i < fields.length; i++) {
      byField[i] = nestedPaths.get(fields[i]);
    }
    return implementor.stash(byField, FieldPaths[].class);
  }

  /**
   * The static data filter (or the row filter): its template, stashed, and the lambda that computes
   * its values at each execution (literals, parameters, CURRENT_DATE, ...), compiled like partition
   * predicates.
   *
   * @param required whether the filter must be applied (the row filter, whose conjuncts left the Calc
   *     above): one that cannot be is an error, not left out
   */
  private Expression dataFilter(EnumerableRelImplementor implementor, PartitionExpressionCompiler compiler,
      RexNode filter, String filterText, boolean required) {
    if (filter == null) {
      return Expressions.field(null, DataFilter.class, "NONE");
    }
    RexToDataPredicate.Result translated = new RexToDataPredicate(getCluster().getRexBuilder(),
        table.getRowType(), dataColumns()).translateAll(RelOptUtil.conjunctions(filter));
    if (!translated.usable()) {
      if (required) {
        throw new IllegalStateException("row filter cannot be evaluated: " + filterText);
      }
      return Expressions.field(null, DataFilter.class, "NONE");
    }
    return Expressions.call(
        Types.lookupMethod(DataFilter.class, "of", String.class, DataPredicate.class, Function1.class,
            int.class),
        Expressions.constant(filterText),
        implementor.stash(translated.predicate(), DataPredicate.class),
        compiler.keyFunction(translated.values()),
        Expressions.constant(table.getRowType().getFieldCount()));
  }

  private Expression dynamicDataFilter(EnumerableRelImplementor implementor, DynamicDataFilterSpec spec) {
    int column = RelOptUtil.InputFinder.bits(spec.factKey()).nth(0);
    return Expressions.call(
        Types.lookupMethod(DynamicDataFilter.class, "of", DynamicFilterChannel.class, int.class,
            int.class, String.class, String.class),
        implementor.stash(spec.channel(), DynamicFilterChannel.class),
        Expressions.constant(spec.keyPosition()),
        Expressions.constant(column),
        Expressions.constant(text(spec)),
        Expressions.constant(table.getRowType().getFieldList().get(column).getType().getSqlTypeName()
            .getName()));
  }

  private Expression staticFilter(PartitionExpressionCompiler compiler) {
    if (partitionFilter == null) {
      return Expressions.field(null, PartitionFilter.class, "NONE");
    }
    List<RexNode> conjuncts = RelOptUtil.conjunctions(partitionFilter);
    return Expressions.call(
        Types.lookupMethod(PartitionFilter.class, "of", String.class, int[].class, Predicate1[].class),
        Expressions.constant(partitionFilterText),
        Expressions.constant(conjuncts.stream().mapToInt(c -> compiler.levelsNeeded(List.of(c))).toArray()),
        Expressions.newArrayInit(Predicate1.class, conjuncts.stream().map(compiler::predicate).toList()));
  }

  private Expression dynamicFilter(EnumerableRelImplementor implementor,
      PartitionExpressionCompiler compiler, DynamicPruningSpec spec) {
    return Expressions.call(
        Types.lookupMethod(DynamicPruning.class, "of", DynamicFilterChannel.class, Function1.class,
            int.class, String.class, String[].class, int.class),
        implementor.stash(spec.channel(), DynamicFilterChannel.class),
        compiler.keyFunction(spec.factKeys()),
        Expressions.constant(compiler.levelsNeeded(spec.factKeys())),
        Expressions.constant(text(spec)),
        Expressions.constant(spec.factKeys().stream().map(k -> k.getType().getSqlTypeName().getName())
            .toArray(String[]::new)),
        Expressions.constant(joinedAt(spec)));
  }}
