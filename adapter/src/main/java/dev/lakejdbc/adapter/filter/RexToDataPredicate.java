package dev.lakejdbc.adapter.filter;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Decides which pushed conjuncts on data columns a scan can use as a {@link DataPredicate}, and makes
 * the predicate: comparisons ({@code =, <>, <, <=, >, >=, IS NOT DISTINCT FROM}) of a column with a
 * value known when the statement executes (a literal, a {@code ?} parameter, {@code CURRENT_DATE - 1},
 * ...), IN lists and ranges ({@code SEARCH}), {@code IS [NOT] NULL}, boolean columns and their
 * {@code IS [NOT] TRUE/FALSE}, and ANDs and ORs of these. A column may stand under a CAST that loses
 * nothing (an integer to a wider integer or a decimal that holds it). Within an AND, a part that cannot
 * be used is left out (the rest still keeps every matching row); within an OR every part must be usable.
 *
 * <p>The values become {@link DataPredicate.Slot}s: the scan computes them with Calcite's code
 * generator at each execution, so parameters and CURRENT_DATE take that execution's values.
 */
public final class RexToDataPredicate {
  /**
   * A conjunct as a data predicate: {@code predicate} reads {@code values.get(i)} at slot {@code i},
   * and {@code used} is the part of the conjunct it stands for (all of it, or an AND without the parts
   * left out); or, when none of it is usable, {@code whyNot} and nothing else.
   */
  public record Result(DataPredicate predicate, List<RexNode> values, RexNode used, String whyNot) {
    static Result no(String whyNot) {
      return new Result(null, List.of(), null, whyNot);
    }

    public boolean usable() {
      return predicate != null;
    }
  }

  private final RexBuilder rexBuilder;
  private final RelDataType tableRowType;
  private final ImmutableBitSet dataColumns;

  /**
   * @param tableRowType the table's row type, which the conjuncts' input references point into
   * @param dataColumns the table columns read from the files (not partition columns)
   */
  public RexToDataPredicate(RexBuilder rexBuilder, RelDataType tableRowType, ImmutableBitSet dataColumns) {
    this.rexBuilder = rexBuilder;
    this.tableRowType = tableRowType;
    this.dataColumns = dataColumns;
  }

  /** One conjunct, or why it cannot be used. */
  public Result translate(RexNode conjunct) {
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(conjunct);
    if (used.isEmpty()) {
      return Result.no("uses no column");
    }
    if (!dataColumns.contains(used)) {
      return Result.no("mixes partition and data columns");
    }
    if (!RexUtil.isDeterministic(conjunct)) {
      return Result.no("not deterministic");
    }
    if (RexUtil.SubQueryFinder.find(conjunct) != null || RexUtil.containsCorrelation(conjunct)) {
      return Result.no("has a sub-query");
    }
    Translation t = new Translation();
    Part part = t.visit(conjunct);
    return part.predicate == null ? Result.no(part.whyNot)
        : new Result(part.predicate, List.copyOf(t.values), part.used, null);
  }

  /** The conjunction of {@code conjuncts}, each of which {@link #translate} accepted, as one template. */
  public Result translateAll(List<RexNode> conjuncts) {
    Translation t = new Translation();
    List<DataPredicate> predicates = new ArrayList<>();
    List<RexNode> used = new ArrayList<>();
    for (RexNode c : conjuncts) {
      Part part = t.visit(c);
      if (part.predicate != null) {
        predicates.add(part.predicate);
        used.add(part.used);
      }
    }
    return predicates.isEmpty() ? Result.no("nothing usable")
        : new Result(DataPredicate.and(predicates), List.copyOf(t.values),
            RexUtil.composeConjunction(rexBuilder, used), null);
  }

  /** A translated piece: a predicate and the expression it stands for, or why not. */
  private record Part(DataPredicate predicate, RexNode used, String whyNot) {
    static Part no(String whyNot) {
      return new Part(null, null, whyNot);
    }
  }

  /** One translation: the values its slots refer to, in slot order. */
  private final class Translation {
    final List<RexNode> values = new ArrayList<>();

    Part visit(RexNode node) {
      int column = column(node);
      if (column >= 0 && node.getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
        // WHERE flag
        return new Part(new DataPredicate.Compare(column, Comparison.EQ, slot(rexBuilder.makeLiteral(true))),
            node, null);
      }
      if (!(node instanceof RexCall call)) {
        return Part.no(column(node) < 0 && node instanceof RexInputRef ? "not a data column"
            : "not a condition on a column");
      }
      switch (call.getKind()) {
        case AND:
          return and(call);
        case OR:
          return or(call);
        case SEARCH:
          return search(call);
        case EQUALS: case NOT_EQUALS: case LESS_THAN: case LESS_THAN_OR_EQUAL: case GREATER_THAN:
        case GREATER_THAN_OR_EQUAL: case IS_NOT_DISTINCT_FROM:
          return comparison(call);
        case IS_NULL: case IS_NOT_NULL:
          return nullTest(call);
        case NOT: case IS_TRUE: case IS_FALSE: case IS_NOT_TRUE: case IS_NOT_FALSE:
          return booleanTest(call);
        case LIKE:
          return Part.no("LIKE is not pushed");
        default:
          return Part.no("a " + call.getOperator().getName() + " is not pushed");
      }
    }

    private Part and(RexCall call) {
      List<DataPredicate> predicates = new ArrayList<>();
      List<RexNode> used = new ArrayList<>();
      String whyNot = null;
      for (RexNode operand : call.getOperands()) {
        Part p = visit(operand);
        if (p.predicate == null) {
          whyNot = whyNot == null ? p.whyNot : whyNot;
        } else {
          predicates.add(p.predicate);
          used.add(p.used);
        }
      }
      // An AND keeps fewer rows than any of its parts: the usable parts alone keep every match.
      return predicates.isEmpty() ? Part.no(whyNot)
          : new Part(DataPredicate.and(predicates), RexUtil.composeConjunction(rexBuilder, used), null);
    }

    private Part or(RexCall call) {
      List<DataPredicate> predicates = new ArrayList<>();
      List<RexNode> used = new ArrayList<>();
      for (RexNode operand : call.getOperands()) {
        Part p = visit(operand);
        if (p.predicate == null) {
          return p;
        }
        predicates.add(p.predicate);
        used.add(p.used);
      }
      return new Part(DataPredicate.or(predicates), RexUtil.composeDisjunction(rexBuilder, used), null);
    }

    /** IN lists and ranges: Calcite's own expansion, then points gathered into IN and NOT IN. */
    private Part search(RexCall call) {
      int column = column(call.getOperands().get(0));
      if (column < 0) {
        return Part.no(whyNotAColumn(call.getOperands().get(0)));
      }
      String type = unsupportedType(call.getOperands().get(0));
      if (type != null) {
        return Part.no(type);
      }
      RexNode expanded = RexUtil.expandSearch(rexBuilder, null, call);
      if (hasCharLiteral(expanded)) {
        return Part.no("a CHAR value");
      }
      List<RexNode> points = pointsOf(expanded, SqlKind.OR, SqlKind.EQUALS);
      if (points != null) {
        return new Part(new DataPredicate.In(column, points.stream().<Object>map(this::slot).toList()), call, null);
      }
      List<RexNode> excluded = pointsOf(expanded, SqlKind.AND, SqlKind.NOT_EQUALS);
      if (excluded != null) {
        return new Part(new DataPredicate.NotIn(column, excluded.stream().<Object>map(this::slot).toList()), call,
            null);
      }
      Part p = visit(expanded);
      return p.predicate == null ? p : new Part(p.predicate, call, null);
    }

    /**
     * The literals of {@code node} when it is {@code x op a [join x op b ...]} on one column (one
     * comparison alone counts), else null.
     */
    private List<RexNode> pointsOf(RexNode node, SqlKind join, SqlKind op) {
      List<RexNode> operands = node.isA(join) ? ((RexCall) node).getOperands() : List.of(node);
      List<RexNode> literals = new ArrayList<>();
      int column = -1;
      for (RexNode o : operands) {
        if (!o.isA(op)) {
          return null;
        }
        RexCall c = (RexCall) o;
        int col = column(c.getOperands().get(0));
        if (col < 0 || column >= 0 && col != column || !(c.getOperands().get(1) instanceof RexLiteral)) {
          return null;
        }
        column = col;
        literals.add(c.getOperands().get(1));
      }
      return operands.size() > 1 ? literals : null;
    }

    private Part comparison(RexCall call) {
      RexNode left = call.getOperands().get(0);
      RexNode right = call.getOperands().get(1);
      Comparison op = comparisonOf(call.getKind());
      if (column(left) < 0 && column(right) >= 0) {
        RexNode t = left;
        left = right;
        right = t;
        op = op.flip();
      }
      int column = column(left);
      if (column < 0) {
        boolean bothColumns = !RelOptUtil.InputFinder.bits(left).isEmpty()
            && !RelOptUtil.InputFinder.bits(right).isEmpty();
        return Part.no(bothColumns ? "compares two columns" : whyNotAColumn(left));
      }
      String type = unsupportedType(left);
      if (type != null) {
        return Part.no(type);
      }
      String value = whyNotAValue(right);
      if (value != null) {
        return Part.no(value);
      }
      return new Part(new DataPredicate.Compare(column, op, slot(right)), call, null);
    }

    private Part nullTest(RexCall call) {
      RexNode operand = call.getOperands().get(0);
      int column = column(operand);
      if (column < 0) {
        return Part.no(whyNotAColumn(operand));
      }
      return new Part(call.getKind() == SqlKind.IS_NULL ? new DataPredicate.IsNull(column)
          : new DataPredicate.IsNotNull(column), call, null);
    }

    /** NOT b, b IS [NOT] TRUE/FALSE on a boolean column. */
    private Part booleanTest(RexCall call) {
      RexNode operand = call.getOperands().get(0);
      int column = column(operand);
      if (column < 0 || operand.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
        return Part.no(call.getKind() == SqlKind.NOT ? "a NOT is not pushed"
            : "a " + call.getOperator().getName() + " is not pushed");
      }
      boolean value = call.getKind() == SqlKind.IS_TRUE || call.getKind() == SqlKind.IS_NOT_FALSE;
      DataPredicate test = new DataPredicate.Compare(column, Comparison.EQ, slot(rexBuilder.makeLiteral(value)));
      if (call.getKind() == SqlKind.IS_NOT_TRUE || call.getKind() == SqlKind.IS_NOT_FALSE) {
        test = DataPredicate.or(List.of(test, new DataPredicate.IsNull(column)));
      }
      return new Part(test, call, null);
    }

    private DataPredicate.Slot slot(RexNode value) {
      values.add(value);
      return new DataPredicate.Slot(values.size() - 1);
    }
  }

  private static Comparison comparisonOf(SqlKind kind) {
    return switch (kind) {
      case EQUALS -> Comparison.EQ;
      case NOT_EQUALS -> Comparison.NE;
      case LESS_THAN -> Comparison.LT;
      case LESS_THAN_OR_EQUAL -> Comparison.LE;
      case GREATER_THAN -> Comparison.GT;
      case GREATER_THAN_OR_EQUAL -> Comparison.GE;
      case IS_NOT_DISTINCT_FROM -> Comparison.NOT_DISTINCT;
      default -> throw new IllegalArgumentException(kind.toString());
    };
  }

  /**
   * The data column a join key reads (as it is, or under a CAST that loses nothing) when a dynamic
   * filter can filter it by the keys of a dimension; -1 otherwise. Floating-point keys are left out:
   * the hash join compares them with equals(), for which {@code -0.0} and {@code 0.0} differ and NaN
   * matches NaN, unlike the comparisons parquet-java's filters make.
   */
  public int joinKeyColumn(RexNode key) {
    int column = column(key);
    if (column < 0 || unsupportedType(key) != null) {
      return -1;
    }
    SqlTypeName type = tableRowType.getFieldList().get(column).getType().getSqlTypeName();
    return type == SqlTypeName.REAL || type == SqlTypeName.DOUBLE || type == SqlTypeName.BOOLEAN
        ? -1 : column;
  }

  /**
   * The table column {@code node} reads as it is, or through a CAST that keeps every value and the
   * order between them; -1 otherwise.
   */
  int column(RexNode node) {
    if (node instanceof RexInputRef ref) {
      return dataColumns.get(ref.getIndex()) ? ref.getIndex() : -1;
    }
    if (node.isA(SqlKind.CAST) && ((RexCall) node).getOperands().get(0) instanceof RexInputRef ref
        && LosslessCasts.isLossless(ref.getType(), node.getType())) {
      return dataColumns.get(ref.getIndex()) ? ref.getIndex() : -1;
    }
    return -1;
  }

  private String whyNotAColumn(RexNode node) {
    if (node.isA(SqlKind.CAST) && ((RexCall) node).getOperands().get(0) instanceof RexInputRef) {
      return "a CAST on the column";
    }
    if (node instanceof RexCall call) {
      return "a function of the column (" + call.getOperator().getName() + ")";
    }
    return "not a condition on a column";
  }

  /** Why the column's type is not pushed, or null when it is. */
  private String unsupportedType(RexNode column) {
    RelDataType type = tableRowType.getFieldList().get(column(column)).getType();
    switch (type.getSqlTypeName()) {
      case BOOLEAN: case TINYINT: case SMALLINT: case INTEGER: case BIGINT: case DECIMAL: case REAL:
      case DOUBLE: case DATE: case TIMESTAMP: case VARCHAR: case CHAR:
        return null;
      default:
        return "type " + type.getSqlTypeName() + " is not pushed";
    }
  }

  /** Whether {@code node} holds a CHAR literal (padded with spaces; see {@link #whyNotAValue}). */
  private static boolean hasCharLiteral(RexNode node) {
    if (node instanceof RexLiteral) {
      return node.getType().getSqlTypeName() == SqlTypeName.CHAR;
    }
    return node instanceof RexCall call
        && call.getOperands().stream().anyMatch(RexToDataPredicate::hasCharLiteral);
  }

  /** Why {@code node} is not a value known before the scan reads a row, or null when it is. */
  private static String whyNotAValue(RexNode node) {
    if (!RelOptUtil.InputFinder.bits(node).isEmpty()) {
      return "compares two columns";
    }
    if (!RexUtil.isDeterministic(node)) {
      return "not deterministic";
    }
    if (RexUtil.SubQueryFinder.find(node) != null || RexUtil.containsCorrelation(node)) {
      return "has a sub-query";
    }
    if (node.getType().getSqlTypeName() == SqlTypeName.CHAR) {
      // A CHAR value is padded with spaces; the filter above compares it as Calcite does.
      return "a CHAR value";
    }
    return null;
  }
}
