package dev.lakejdbc.rules.memory;

import dev.lakejdbc.adapter.memory.OperatorInfo;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.BlockStatement;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.GotoStatement;
import org.apache.calcite.linq4j.tree.MethodCallExpression;
import org.apache.calcite.linq4j.tree.Statement;

/**
 * Redirects the last call of an operator's generated code — {@code child.orderBy(keySelector,
 * comparator)}, {@code left.hashJoin(...)}, {@code child.groupBy(...)} — from linq4j to a
 * memory-bounded operator that takes the same arguments after two of its own: the operator's
 * {@link OperatorInfo} and the execution's DataContext. Everything else Calcite generated (key
 * selectors, comparators, accumulators, the inputs' code) stays as it is.
 */
final class GeneratedCall {
  private GeneratedCall() {}

  /**
   * The operator's code with its final {@code return linq4jCall(...)} replaced.
   *
   * @param calcite the method Calcite's code ends with: only its declaring class and name are
   *     compared, since Calcite appends optional arguments (a comparer) to the same method
   * @param replacement a static method taking {@code (OperatorInfo, DataContext, [the call's
   *     target,] the call's arguments...)}; missing trailing arguments are passed as null
   * @param extra arguments of the replacement's own, after the call's (and their missing trailing
   *     ones)
   * @throws IllegalStateException if the code does not end with that call: Calcite changed
   */
  static EnumerableRel.Result redirect(EnumerableRelImplementor implementor,
      EnumerableRel.Result result, Method calcite, Method replacement, OperatorInfo operator,
      Expression... extra) {
    List<Statement> statements = result.block.statements;
    Statement last = statements.isEmpty() ? null : statements.get(statements.size() - 1);
    if (!(last instanceof GotoStatement ret) || !(ret.expression instanceof MethodCallExpression call)
        || !call.method.getName().equals(calcite.getName())
        || !call.method.getDeclaringClass().equals(calcite.getDeclaringClass())) {
      throw new IllegalStateException("expected the generated code to end with a call of "
          + calcite.getDeclaringClass().getSimpleName() + "." + calcite.getName() + ", found: "
          + last);
    }
    List<Expression> arguments = new ArrayList<>();
    arguments.add(implementor.stash(operator, OperatorInfo.class));
    arguments.add(implementor.getRootExpression());
    if (call.targetExpression != null) {
      arguments.add(call.targetExpression);
    }
    arguments.addAll(call.expressions);
    while (arguments.size() < replacement.getParameterCount() - extra.length) {
      arguments.add(Expressions.constant(null));
    }
    arguments.addAll(List.of(extra));
    if (arguments.size() != replacement.getParameterCount()) {
      throw new IllegalStateException(replacement + " cannot take the arguments of " + call);
    }
    List<Statement> redirected = new ArrayList<>(statements.subList(0, statements.size() - 1));
    redirected.add(Expressions.return_(null, Expressions.call(replacement, arguments)));
    BlockStatement block = Expressions.block(redirected);
    return implementor.result(result.physType, block);
  }
}
