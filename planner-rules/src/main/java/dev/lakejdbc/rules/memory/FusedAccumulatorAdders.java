package dev.lakejdbc.rules.memory;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.function.Function2;
import org.apache.calcite.linq4j.tree.BlockStatement;
import org.apache.calcite.linq4j.tree.DeclarationStatement;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.FunctionExpression;
import org.apache.calcite.linq4j.tree.GotoExpressionKind;
import org.apache.calcite.linq4j.tree.GotoStatement;
import org.apache.calcite.linq4j.tree.MethodCallExpression;
import org.apache.calcite.linq4j.tree.NewExpression;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.linq4j.tree.Statement;

/**
 * An aggregate's accumulator adders called one after the other by a function of the query's own
 * generated code, instead of by Calcite's {@code BasicAggregateLambdaFactory}, whose adder walks a
 * linked list of them and calls each through one call site that every aggregate of every query
 * shares. That call site sees dozens of classes, so the JIT can inline none of them: each row paid a
 * list walk and an interface dispatch per aggregate function (TPC-DS q22: 15% of the thread's time).
 * In the fused function each adder has a call site of its own, which sees one class.
 *
 * <p>Calcite's generated code declares {@code List accumulatorAdders = new LinkedList()}, adds one
 * function ({@code new Function2() {...}} in the code) per aggregate function, builds {@code lambdaFactory = new
 * BasicAggregateLambdaFactory(init, accumulatorAdders)} and passes {@code
 * lambdaFactory.accumulatorAdder()} to its last call. The adders become final locals (still added to
 * the list) and that argument a function calling each with the accumulator and the row, as Calcite's
 * does. Code of another shape is left as it is.
 */
final class FusedAccumulatorAdders {
  private FusedAccumulatorAdders() {}

  /** The operator's code with the last call's accumulator adder fused, or {@code result} unchanged. */
  static EnumerableRel.Result fuse(EnumerableRelImplementor implementor, EnumerableRel.Result result) {
    List<Statement> statements = result.block.statements;
    if (statements.isEmpty()
        || !(statements.get(statements.size() - 1) instanceof GotoStatement ret)
        || ret.kind != GotoExpressionKind.Return || !(ret.expression instanceof MethodCallExpression last)) {
      return result;
    }
    int argument = adderArgument(last);
    if (argument < 0) {
      return result;
    }
    ParameterExpression factory = (ParameterExpression)
        ((MethodCallExpression) last.expressions.get(argument)).targetExpression;
    ParameterExpression list = adderList(statements, factory);
    if (list == null) {
      return result;
    }
    List<Statement> rewritten = new ArrayList<>();
    List<ParameterExpression> adders = new ArrayList<>();
    for (Statement s : statements.subList(0, statements.size() - 1)) {
      MethodCallExpression add = addedTo(list, s);
      if (add == null) {
        rewritten.add(s);
        continue;
      }
      ParameterExpression local = Expressions.parameter(Modifier.FINAL, Function2.class,
          list.name + "_" + adders.size());
      adders.add(local);
      rewritten.add(Expressions.declare(Modifier.FINAL, local, add.expressions.get(0)));
      rewritten.add(Expressions.statement(Expressions.call(list, add.method, local)));
    }
    if (adders.isEmpty()) {
      return result;
    }
    List<Expression> arguments = new ArrayList<>(last.expressions);
    arguments.set(argument, fused(adders));
    rewritten.add(Expressions.return_(null,
        Expressions.call(last.targetExpression, last.method, arguments)));
    BlockStatement block = Expressions.block(rewritten);
    return implementor.result(result.physType, block);
  }

  /** Which argument of the call is {@code lambdaFactory.accumulatorAdder()}, or -1. */
  private static int adderArgument(MethodCallExpression call) {
    for (int i = 0; i < call.expressions.size(); i++) {
      if (call.expressions.get(i) instanceof MethodCallExpression c
          && c.method.getName().equals("accumulatorAdder") && c.expressions.isEmpty()
          && c.targetExpression instanceof ParameterExpression) {
        return i;
      }
    }
    return -1;
  }

  /** The list of adders the factory was built from, if it is declared as Calcite does. */
  private static ParameterExpression adderList(List<Statement> statements,
      ParameterExpression factory) {
    for (Statement s : statements) {
      if (s instanceof DeclarationStatement d && d.parameter == factory
          && d.initializer instanceof NewExpression n && n.memberDeclarations == null
          && ((Class<?>) n.type).getSimpleName().equals("BasicAggregateLambdaFactory")
          && n.arguments.size() == 2 && n.arguments.get(1) instanceof ParameterExpression list) {
        return list;
      }
    }
    return null;
  }

  /** The call {@code list.add(function)} that {@code s} is, or null. */
  private static MethodCallExpression addedTo(ParameterExpression list, Statement s) {
    if (s instanceof GotoStatement g && g.kind == GotoExpressionKind.Sequence
        && g.expression instanceof MethodCallExpression call && call.targetExpression == list
        && call.method.getName().equals("add") && call.expressions.size() == 1
        && (call.expressions.get(0) instanceof FunctionExpression<?>
            || call.expressions.get(0) instanceof NewExpression)) {
      return call;
    }
    return null;
  }

  /** {@code (acc, row) -> { r = acc; r = adder0.apply(acc, row); ...; return r; }}, as Calcite's. */
  private static Expression fused(List<ParameterExpression> adders) {
    ParameterExpression acc = Expressions.parameter(Object.class, "fusedAcc");
    ParameterExpression row = Expressions.parameter(Object.class, "fusedRow");
    ParameterExpression r = Expressions.variable(Object.class, "fusedResult");
    List<Statement> body = new ArrayList<>();
    body.add(Expressions.declare(0, r, acc));
    for (ParameterExpression adder : adders) {
      body.add(Expressions.statement(
          Expressions.assign(r, Expressions.call(adder, "apply", acc, row))));
    }
    body.add(Expressions.return_(null, r));
    return Expressions.lambda(Function2.class, Expressions.block(body), acc, row);
  }
}
