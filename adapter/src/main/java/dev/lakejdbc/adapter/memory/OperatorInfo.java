package dev.lakejdbc.adapter.memory;

/**
 * What the plan says about one memory-holding operator, handed to its run-time code: how messages and
 * sys.queries name it, and why it may not spill.
 *
 * @param description e.g. {@code ORDER BY k DESC}, {@code INNER JOIN ON k = k0}, {@code GROUP BY s}
 * @param notSpillable why the operator must hold its rows in memory (e.g. the plan relies on the order
 *     of its output), or null if it may spill
 */
public record OperatorInfo(String description, String notSpillable) {
  public static OperatorInfo spillable(String description) {
    return new OperatorInfo(description, null);
  }

  /** The account of one run of this operator in the execution {@code root}. */
  OperatorMemory memory(org.apache.calcite.DataContext root) {
    return memory(QueryMemory.of(root));
  }

  /** The account of one run of this operator in {@code execution}. */
  OperatorMemory memory(QueryMemory execution) {
    return execution.operator(description, notSpillable);
  }
}
