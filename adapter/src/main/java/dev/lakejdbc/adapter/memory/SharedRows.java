package dev.lakejdbc.adapter.memory;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The rows of a sub-plan that a plan uses more than once (a WITH query read in several places, the
 * same join under both sides of a union), computed once per execution and read from memory at every
 * other use. The rows are kept while the execution's budget grants them: past it the keeping stops,
 * the use under way goes on reading the sub-plan itself, and every later use computes it again, as if
 * it were not shared. Never a failure for lack of memory, never a spill file: sharing only saves work.
 */
public final class SharedRows {
  private final OperatorMemory memory;
  private List<Object> rows;
  private boolean abandoned;

  SharedRows(OperatorMemory memory) {
    this.memory = memory;
  }

  /**
   * Called by the generated code at each use of a shared sub-plan.
   *
   * @param id the sub-plan's number in the plan: the uses of one sub-plan share it
   * @param rows this use's own code for the sub-plan, run by the first use (and by every use once
   *     the rows were too many to keep)
   */
  public static Enumerable<Object> of(DataContext root, OperatorInfo operator, int id, Enumerable<Object> rows) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        return QueryMemory.of(root).shared(id, operator).enumerator(rows);
      }
    };
  }

  private Enumerator<Object> enumerator(Enumerable<Object> source) {
    if (rows != null) {
      return new Kept(rows.iterator(), null);
    }
    if (abandoned) {
      return source.enumerator();
    }
    Enumerator<Object> input = source.enumerator();
    List<Object> kept = new ArrayList<>();
    try {
      while (input.moveNext()) {
        Object row = input.current();
        kept.add(row);
        if (!memory.tryHold(RowSizes.of(row) + RowSizes.REFERENCE)) {
          // Too many to keep: this use reads on from its input, later uses compute their own.
          abandoned = true;
          memory.releaseAll();
          return new Kept(kept.iterator(), input);
        }
      }
    } catch (Throwable t) {
      input.close();
      memory.releaseAll();
      throw t;
    }
    input.close();
    rows = kept;
    return new Kept(rows.iterator(), null);
  }

  /** Lets go of the rows: the execution ends. */
  void release() {
    rows = null;
    memory.releaseAll();
  }

  /** The rows kept, then those {@code rest} has left (if not null). */
  private static final class Kept implements Enumerator<Object> {
    private Iterator<Object> kept;
    private final Enumerator<Object> rest;
    private Object current;

    Kept(Iterator<Object> kept, Enumerator<Object> rest) {
      this.kept = kept;
      this.rest = rest;
    }

    @Override public Object current() {
      return current;
    }

    @Override public boolean moveNext() {
      if (kept.hasNext()) {
        current = kept.next();
        return true;
      }
      kept = java.util.Collections.emptyIterator();
      if (rest != null && rest.moveNext()) {
        current = rest.current();
        return true;
      }
      return false;
    }

    @Override public void reset() {
      throw new UnsupportedOperationException("shared rows cannot be reset");
    }

    @Override public void close() {
      kept = java.util.Collections.emptyIterator();
      if (rest != null) {
        rest.close();
      }
    }
  }
}
