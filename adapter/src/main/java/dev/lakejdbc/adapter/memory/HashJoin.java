package dev.lakejdbc.adapter.memory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.function.EqualityComparer;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.linq4j.function.Function2;
import org.apache.calcite.linq4j.function.Predicate2;

/**
 * Hash joins within the execution's memory budget — inner, left, right and full joins, and semi and
 * anti joins — with Calcite's key selectors, result selector and residual predicate, and its
 * semantics: a NULL key (of a key that is not null-safe) matches nothing; a left (right) outer join
 * pads outer (inner) rows without a match with NULLs; a semi or anti join builds its table only once
 * the outer input has a row.
 *
 * <p>The inner (right) input is built into a hash table while it fits. Past the budget it goes,
 * with the outer input after it, to up to 256 spill files each by the hash of
 * the key (a Grace hash join); then each pair of files is joined alone, and a pair whose inner side is
 * still too large splits again by other bits of the hash; one that cannot split (a single key holds
 * it all) is joined a part of its inner side at a time, reading its outer side once for each part (a
 * block nested loop). Rows whose key is NULL, which match nothing,
 * go to files of their own and come back padded (outer joins) or kept (anti join), never hashed. The output then comes partition by
 * partition, so no longer in the outer input's order: a join whose order the plan relies on is
 * planned as one that cannot spill.
 */
public final class HashJoin {
  private static final int CHECK_EVERY = ExternalSort.CHECK_EVERY;
  private static final int NONE = -1;

  /** What the join returns. */
  enum Kind {
    /** Pairs of matching rows, padded with NULLs as the outer-join flags say. */
    JOIN,
    /** Outer rows with a match. */
    SEMI,
    /** Outer rows without a match. */
    ANTI
  }

  private final OperatorMemory memory;
  private final Kind kind;
  private final Function1<Object, Object> outerKey;
  private final Function1<Object, Object> innerKey;
  private final Function2<Object, Object, Object> resultSelector;
  private final HashKeys keys;
  private final boolean nullsOnLeft;
  private final boolean nullsOnRight;
  private final Predicate2<Object, Object> predicate;
  private SpillFiles files;
  /** Spilled rows whose key is NULL, returned unmatched; null until there is one. */
  private SpillFiles.Writer unmatchedInner;
  private SpillFiles.Writer unmatchedOuter;
  private long rows;

  @SuppressWarnings("unchecked")
  private HashJoin(OperatorMemory memory, Kind kind, Function1<?, ?> outerKey, Function1<?, ?> innerKey,
      Function2<?, ?, ?> resultSelector, EqualityComparer<?> comparer, boolean nullsOnLeft,
      boolean nullsOnRight, Predicate2<?, ?> predicate) {
    this.memory = memory;
    this.kind = kind;
    this.keys = new HashKeys(comparer);
    Function1<Object, Object> outerKeyList = (Function1<Object, Object>) outerKey;
    Function1<Object, Object> innerKeyList = (Function1<Object, Object>) innerKey;
    this.outerKey = row -> keys.unwrap(outerKeyList.apply(row));
    this.innerKey = row -> keys.unwrap(innerKeyList.apply(row));
    this.resultSelector = (Function2<Object, Object, Object>) resultSelector;
    this.nullsOnLeft = kind == Kind.JOIN && nullsOnLeft;
    this.nullsOnRight = kind == Kind.JOIN && nullsOnRight;
    this.predicate = (Predicate2<Object, Object>) predicate;
  }

  /** Called by the generated code of an inner or outer hash join. */
  public static Enumerable<Object> hashJoin(OperatorInfo operator, DataContext root,
      Enumerable<Object> outer, Enumerable<Object> inner, Function1<?, ?> outerKey,
      Function1<?, ?> innerKey, Function2<?, ?, ?> resultSelector, EqualityComparer<?> comparer,
      boolean generateNullsOnLeft, boolean generateNullsOnRight, Predicate2<?, ?> predicate) {
    return joined(operator, root, Kind.JOIN, outer, inner, outerKey, innerKey, resultSelector,
        comparer, generateNullsOnLeft, generateNullsOnRight, predicate);
  }

  /** Called by the generated code of a semi join: the outer rows that have a match. */
  public static Enumerable<Object> semiJoin(OperatorInfo operator, DataContext root,
      Enumerable<Object> outer, Enumerable<Object> inner, Function1<?, ?> outerKey,
      Function1<?, ?> innerKey, EqualityComparer<?> comparer, Predicate2<?, ?> predicate) {
    return joined(operator, root, Kind.SEMI, outer, inner, outerKey, innerKey, null, comparer, false,
        false, predicate);
  }

  /** Called by the generated code of an anti join: the outer rows without a match. */
  public static Enumerable<Object> antiJoin(OperatorInfo operator, DataContext root,
      Enumerable<Object> outer, Enumerable<Object> inner, Function1<?, ?> outerKey,
      Function1<?, ?> innerKey, EqualityComparer<?> comparer, Predicate2<?, ?> predicate) {
    return joined(operator, root, Kind.ANTI, outer, inner, outerKey, innerKey, null, comparer, false,
        false, predicate);
  }

  private static Enumerable<Object> joined(OperatorInfo operator, DataContext root, Kind kind,
      Enumerable<Object> outer, Enumerable<Object> inner, Function1<?, ?> outerKey,
      Function1<?, ?> innerKey, Function2<?, ?, ?> resultSelector, EqualityComparer<?> comparer,
      boolean nullsOnLeft, boolean nullsOnRight, Predicate2<?, ?> predicate) {
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        HashJoin join = new HashJoin(operator.memory(root), kind, outerKey, innerKey, resultSelector,
            comparer, nullsOnLeft, nullsOnRight, predicate);
        return join.run(outer, inner);
      }
    };
  }

  /** Rows read one at a time: an input, or a spill file. */
  private interface RowSource extends AutoCloseable {
    boolean next();

    Object current();

    @Override void close();
  }

  private static RowSource of(Enumerator<Object> rows) {
    return new RowSource() {
      @Override public boolean next() {
        return rows.moveNext();
      }

      @Override public Object current() {
        return rows.current();
      }

      @Override public void close() {
        rows.close();
      }
    };
  }

  /** The rows of a spill file, deleted once read. */
  private RowSource of(SpillFiles.Run run) {
    return of(files.open(run));
  }

  private static RowSource of(SpillFiles.Reader reader) {
    return new RowSource() {
      private boolean closed;

      @Override public boolean next() {
        return reader.next();
      }

      @Override public Object current() {
        return reader.current();
      }

      @Override public void close() {
        if (!closed) {
          closed = true;
          reader.close();
        }
      }
    };
  }

  /** A source with its first row already read. */
  private static RowSource startingWith(Object first, RowSource rest) {
    return new RowSource() {
      private boolean firstTaken;
      private Object current;

      @Override public boolean next() {
        if (!firstTaken) {
          firstTaken = true;
          current = first;
          return true;
        }
        if (rest.next()) {
          current = rest.current();
          return true;
        }
        return false;
      }

      @Override public Object current() {
        return current;
      }

      @Override public void close() {
        rest.close();
      }
    };
  }

  /** Whether an outer row whose key is NULL can still be returned (padded, or by an anti join). */
  private boolean keepsNullKeyOuterRows() {
    return nullsOnRight || kind == Kind.ANTI;
  }

  /** Whether an inner row whose key is NULL can still be returned (padded by a right or full join). */
  private boolean keepsNullKeyInnerRows() {
    return nullsOnLeft;
  }

  /** Whether the table needs the inner rows, not only their keys. */
  private boolean needsRows() {
    return kind == Kind.JOIN || predicate != null;
  }

  /** What is kept and spilled of an inner row: the row, or only its key where that is all it takes. */
  private Object record(Object innerRow) {
    return needsRows() ? innerRow : innerKey.apply(innerRow);
  }

  /** The key of an inner record. */
  private Object recordKey(Object record) {
    return needsRows() ? innerKey.apply(record) : record;
  }

  private void tick(String activity) {
    if ((++rows & (CHECK_EVERY - 1)) == 0) {
      memory.cancel().check(activity + " for " + memory.description());
    }
  }

  /**
   * The inner rows by key. An inner row whose key is NULL is kept (without a key) only for a right or
   * full join, which returns it unmatched.
   */
  private final class Table {
    /** The rows, by ordinal: the list's capacity is {@link #next}'s length (grown by doubling). */
    final ArrayList<Object> rows = new ArrayList<>(16);
    final KeyIndex heads = new KeyIndex(keys);
    /** The ordinal of each key's first row (the last added), by the key's number. */
    int[] firstRows = new int[16];
    /** The ordinal of the next row of the same key, by ordinal. */
    int[] next = new int[16];
    BitSet matched;
    /** What the table has reserved: its rows, its keys, and its arrays ({@link #arrays}). */
    long bytes;
    final ArrayReservation arrays = new ArrayReservation();
    /** Rows kept without a key (NULL), which spilling moves out of the way. */
    int nullKeyRows;

    /** Adds an inner record, or returns false if the budget has no room for it. */
    boolean tryAdd(Object record) {
      return add(record, false);
    }

    /** Adds an inner record even past the budget: each part of a block nested loop takes one. */
    void addAnyway(Object record) {
      add(record, true);
    }

    private boolean add(Object record, boolean anyway) {
      Object key = recordKey(record);
      if (key == null && !keepsNullKeyInnerRows()) {
        return true;
      }
      int number = key == null ? NONE : heads.findToAdd(key);
      boolean newKey = number == NONE && key != null;
      int ordinal = rows.size();
      boolean rowsGrow = needsRows() && ordinal == next.length;
      // The arrays that grow now are reserved before they are allocated: the old ones stay live
      // until they are copied.
      long growth = (newKey ? heads.growthBytes(needsRows() ? 4 : 0) : 0)
          + (rowsGrow ? rowArraysBytes(2 * ordinal) : 0);
      long size = (needsRows() ? RowSizes.of(record) : 0) + (newKey ? keyBytes(key) : 0) + growth;
      if (anyway) {
        memory.forceReserve(size);
      } else if (!memory.tryReserve(size)) {
        return false;
      }
      bytes += size;
      if (!needsRows()) {
        if (newKey) {
          heads.add(key);
        }
        grown(growth);
        return true;
      }
      if (rowsGrow) {
        rows.ensureCapacity(2 * ordinal);
        next = Arrays.copyOf(next, 2 * ordinal);
      }
      rows.add(record);
      next[ordinal] = number == NONE ? NONE : firstRows[number];
      if (key != null) {
        if (newKey) {
          number = heads.add(key);
          if (firstRows.length < heads.capacity()) {
            firstRows = Arrays.copyOf(firstRows, heads.capacity());
          }
        }
        firstRows[number] = ordinal;
      } else {
        nullKeyRows++;
      }
      grown(growth);
      return true;
    }

    /** The row list's references and the links between rows, for {@code length} rows. */
    private static long rowArraysBytes(int length) {
      return RowSizes.array(length, RowSizes.REFERENCE) + RowSizes.array(length, 4);
    }

    /**
     * After arrays grew by {@code growth} reserved bytes, the old arrays are garbage: what the table
     * holds becomes what its arrays take now.
     */
    private void grown(long growth) {
      if (growth > 0) {
        bytes += arrays.settle(memory, growth,
            heads.bytes(needsRows() ? 4 : 0) + (needsRows() ? rowArraysBytes(next.length) : 0));
      }
    }

    /**
     * The bytes a key holds beyond its row: a single value is the row's own, a composite key is a list
     * made for the table; without the rows, the key is all that is kept.
     */
    private long keyBytes(Object key) {
      return !needsRows() || key instanceof List ? RowSizes.value(key) : 0;
    }

    int first(Object key) {
      int number = key == null ? NONE : heads.find(key);
      return number == NONE ? NONE : firstRows[number];
    }

    boolean contains(Object key) {
      return key != null && heads.find(key) != NONE;
    }

    int distinctKeys() {
      return heads.size();
    }

    /** Whether splitting by key hashes cannot make this table smaller: one key holds it all. */
    boolean oneKeyOnly() {
      return heads.size() <= 1 && nullKeyRows == 0;
    }

    void startMatching() {
      if (nullsOnLeft) {
        long size = RowSizes.align(RowSizes.ARRAY_HEADER + rows.size() / 8 + 8);
        memory.forceReserve(size);
        bytes += size;
        matched = new BitSet(rows.size());
      }
    }

    void release() {
      memory.release(bytes);
      bytes = 0;
      arrays.reset();
      rows.clear();
      rows.trimToSize();
      rows.ensureCapacity(16);
      heads.clear();
      firstRows = new int[16];
      next = new int[16];
      matched = null;
      nullKeyRows = 0;
    }
  }

  /** What is left to join once the inputs are spilled. */
  private sealed interface Work permits Partition, Unmatched {}

  /**
   * A pair of spill files holding every row of the same keys, and how to split them again if their
   * inner side does not fit.
   */
  private record Partition(SpillFiles.Run inner, SpillFiles.Run outer, SpillPartitions.Level level)
      implements Work {}

  /** Rows whose key is NULL, of the inner or outer side, to return without a match. */
  private record Unmatched(SpillFiles.Run rows, boolean inner) implements Work {}

  /** What the output reads from: a probe, or unmatched rows. */
  private interface Step {
    boolean next();

    Object current();

    void close();
  }

  private Enumerator<Object> run(Enumerable<Object> outerRows, Enumerable<Object> innerRows) {
    RowSource outer = null;
    try {
      if (kind != Kind.JOIN) {
        // As Calcite's semi join: the inner input is read only once the outer has a row.
        outer = of(outerRows.enumerator());
        if (!outer.next()) {
          outer.close();
          close();
          return Linq4j.emptyEnumerator();
        }
        outer = startingWith(outer.current(), outer);
      }
      Table table = new Table();
      SpillPartitions innerSpill = null;
      try (Enumerator<Object> inner = innerRows.enumerator()) {
        while (inner.moveNext()) {
          tick("building the hash table");
          Object row = record(inner.current());
          if (innerSpill != null) {
            writeInner(innerSpill, row);
          } else if (!table.tryAdd(row)) {
            innerSpill = spill(table, null);
            writeInner(innerSpill, row);
          }
        }
      }
      if (outer == null) {
        outer = of(outerRows.enumerator());
      }
      if (innerSpill == null) {
        table.startMatching();
        return new Output(new Probe(table, outer), new ArrayDeque<>());
      }
      SpillPartitions.Level first = SpillPartitions.Level.first(memory);
      List<SpillFiles.Run> innerRuns = innerSpill.finish();
      List<SpillFiles.Run> outerRuns = partitionOuter(outer, first);
      Deque<Work> work = new ArrayDeque<>();
      for (int p = 0; p < innerRuns.size(); p++) {
        work.addLast(new Partition(innerRuns.get(p), outerRuns.get(p), first.next()));
      }
      if (unmatchedInner != null) {
        work.addLast(new Unmatched(unmatchedInner.finish(), true));
      }
      if (unmatchedOuter != null) {
        work.addLast(new Unmatched(unmatchedOuter.finish(), false));
      }
      return new Output(null, work);
    } catch (Throwable t) {
      if (outer != null) {
        outer.close();
      }
      close();
      throw t;
    }
  }

  /**
   * The table's rows to new partitions split at {@code level} (null: the first split); the table is
   * let go.
   */
  private SpillPartitions spill(Table table, SpillPartitions.Level level) {
    if (files == null) {
      files = memory.spillFiles();
    }
    SpillPartitions spill = new SpillPartitions(files, memory,
        level != null ? level : SpillPartitions.Level.first(memory));
    if (needsRows()) {
      for (Object record : table.rows) {
        writeInner(spill, record);
      }
    } else {
      for (int n = 0; n < table.heads.size(); n++) {
        writeInner(spill, table.heads.key(n));
      }
    }
    table.release();
    return spill;
  }

  private void writeInner(SpillPartitions spill, Object record) {
    Object key = recordKey(record);
    if (key != null) {
      spill.write(keys.hash(key), record);
    } else if (keepsNullKeyInnerRows()) {
      if (unmatchedInner == null) {
        unmatchedInner = files.create();
      }
      unmatchedInner.write(record);
    }
  }

  /** The outer rows to partitions split at {@code level}; the source is closed. */
  private List<SpillFiles.Run> partitionOuter(RowSource outer, SpillPartitions.Level level) {
    try (RowSource source = outer;
        SpillPartitions spill = new SpillPartitions(files, memory, level)) {
      while (source.next()) {
        tick("partitioning the outer input");
        Object row = source.current();
        Object key = outerKey.apply(row);
        if (key != null) {
          spill.write(keys.hash(key), row);
        } else if (keepsNullKeyOuterRows()) {
          if (unmatchedOuter == null) {
            unmatchedOuter = files.create();
          }
          unmatchedOuter.write(row);
        }
      }
      return spill.finish();
    }
  }

  /** Joins one partition: its inner rows into a table, or, if they do not fit, into partitions again. */
  private Step join(Partition partition, Deque<Work> pending) {
    Table table = new Table();
    SpillPartitions innerSpill = null;
    if (partition.inner() != null) {
      try (RowSource inner = of(files.reread(partition.inner()))) {
        while (inner.next()) {
          tick("building the hash table of a spilled partition");
          Object record = inner.current();
          if (innerSpill != null) {
            writeInner(innerSpill, record);
          } else if (!table.tryAdd(record)) {
            if (table.oneKeyOnly() || partition.level().exhausted()) {
              // Hashing cannot split it: a part of the inner side at a time.
              table.release();
              return new BlockNestedLoop(partition);
            }
            innerSpill = spill(table, partition.level());
            writeInner(innerSpill, record);
          }
        }
      }
    }
    if (innerSpill == null) {
      if (partition.inner() != null) {
        files.delete(partition.inner());
      }
      table.startMatching();
      RowSource outer = partition.outer() == null ? of(Linq4j.emptyEnumerator())
          : of(partition.outer());
      return new Probe(table, outer);
    }
    files.delete(partition.inner());
    List<SpillFiles.Run> innerRuns = innerSpill.finish();
    List<SpillFiles.Run> outerRuns = partition.outer() == null ? nulls(innerRuns.size())
        : partitionOuter(of(partition.outer()), partition.level());
    if (partition.outer() != null) {
      files.delete(partition.outer());
    }
    for (int p = innerRuns.size() - 1; p >= 0; p--) {
      pending.addFirst(new Partition(innerRuns.get(p), outerRuns.get(p), partition.level().next()));
    }
    return null;
  }

  private static List<SpillFiles.Run> nulls(int partitions) {
    return Arrays.asList(new SpillFiles.Run[partitions]);
  }

  /**
   * The join of a partition whose inner side does not fit and cannot split: as much of the inner side
   * as fits, joined with every outer row; then the next part. Which outer rows matched is kept for
   * all parts (a bit per row), so that outer rows without a match (outer and anti joins) and with one
   * (semi joins) are returned, once, after the last part.
   */
  private final class BlockNestedLoop implements Step {
    private final Partition partition;
    private final RowSource inner;
    private final BitSet outerMatched = new BitSet();
    private Object carried;
    private Table part;
    private RowSource outer;
    private long outerOrdinal;
    private Object outerRow;
    private int candidate = NONE;
    private int unmatched = NONE;
    private boolean lastPass;
    private Object current;

    BlockNestedLoop(Partition partition) {
      this.partition = partition;
      this.inner = of(partition.inner());
    }

    /** The next part of the inner side, or false once it is all joined. */
    private boolean nextPart() {
      part = new Table();
      if (carried != null) {
        part.addAnyway(carried);
        carried = null;
      }
      while (inner.next()) {
        tick("building a part of a partition's hash table");
        Object record = inner.current();
        if (!part.tryAdd(record)) {
          carried = record;
          break;
        }
      }
      if (part.rows.isEmpty() && part.heads.size() == 0) {
        part.release();
        part = null;
        return false;
      }
      part.startMatching();
      outer = partition.outer() == null ? of(Linq4j.emptyEnumerator())
          : of(files.reread(partition.outer()));
      outerOrdinal = -1;
      return true;
    }

    @Override public boolean next() {
      while (true) {
        if (lastPass) {
          return nextUnmatchedOuter();
        }
        if (part == null && !nextPart()) {
          lastPass = true;
          boolean returnsOuterRows = kind != Kind.JOIN || nullsOnRight;
          if (partition.outer() != null && !returnsOuterRows) {
            files.delete(partition.outer());
          }
          outer = partition.outer() == null || !returnsOuterRows ? of(Linq4j.emptyEnumerator())
              : of(files.open(partition.outer()));
          outerOrdinal = -1;
          continue;
        }
        if (candidate != NONE) {
          tick("joining a part of a partition");
          int ordinal = candidate;
          candidate = part.next[ordinal];
          Object innerRow = part.rows.get(ordinal);
          if (predicate != null && !predicate.apply(outerRow, innerRow)) {
            continue;
          }
          outerMatched.set((int) outerOrdinal);
          if (kind == Kind.JOIN) {
            if (part.matched != null) {
              part.matched.set(ordinal);
            }
            current = resultSelector.apply(outerRow, innerRow);
            return true;
          }
          candidate = NONE;
          continue;
        }
        if (outer != null && outer.next()) {
          tick("probing a part of a partition's hash table");
          outerRow = outer.current();
          outerOrdinal++;
          Object key = outerKey.apply(outerRow);
          if (needsRows()) {
            candidate = part.first(key);
          } else if (part.contains(key)) {
            outerMatched.set((int) outerOrdinal);
          }
          continue;
        }
        if (outer != null) {
          outer.close();
          outer = null;
        }
        if (part.matched != null) {
          unmatched = part.matched.nextClearBit(unmatched + 1);
          if (unmatched < part.rows.size()) {
            current = resultSelector.apply(null, part.rows.get(unmatched));
            return true;
          }
        }
        unmatched = NONE;
        part.release();
        part = null;
      }
    }

    /** After the last part: the outer rows a semi join keeps, or that an outer or anti join pads. */
    private boolean nextUnmatchedOuter() {
      while (outer.next()) {
        Object row = outer.current();
        boolean matched = outerMatched.get((int) ++outerOrdinal);
        if (kind == Kind.SEMI && matched) {
          current = row;
          return true;
        }
        if (!matched && (kind == Kind.ANTI || nullsOnRight)) {
          current = kind == Kind.ANTI ? row : resultSelector.apply(row, null);
          return true;
        }
      }
      outer.close();
      return false;
    }

    @Override public Object current() {
      return current;
    }

    @Override public void close() {
      inner.close();
      if (outer != null) {
        outer.close();
      }
      if (part != null) {
        part.release();
      }
    }
  }

  /** Whether a partition can return anything: an inner side to match or pad, an outer side to keep. */
  private boolean canReturnRows(Partition p) {
    if (p.outer() == null) {
      return p.inner() != null && nullsOnLeft;
    }
    return p.inner() != null || keepsNullKeyOuterRows();
  }

  /** Spilled rows with a NULL key, each returned as a row without a match. */
  private Step unmatched(Unmatched u) {
    RowSource source = of(u.rows());
    return new Step() {
      private Object current;

      @Override public boolean next() {
        if (!source.next()) {
          source.close();
          return false;
        }
        Object row = source.current();
        current = u.inner() ? resultSelector.apply(null, row)
            : kind == Kind.ANTI ? row : resultSelector.apply(row, null);
        return true;
      }

      @Override public Object current() {
        return current;
      }

      @Override public void close() {
        source.close();
      }
    };
  }

  /** The probe of one table by outer rows, then (right and full joins) the unmatched inner rows. */
  private final class Probe implements Step {
    private final Table table;
    private final RowSource outer;
    private Object outerRow;
    private int candidate = NONE;
    private boolean matchedAny;
    private boolean outerPending;
    private int unmatched = NONE;
    private boolean outerDone;
    private Object current;

    Probe(Table table, RowSource outer) {
      this.table = table;
      this.outer = outer;
    }

    @Override public boolean next() {
      while (true) {
        if (candidate != NONE) {
          tick("joining");
          int ordinal = candidate;
          candidate = table.next[ordinal];
          Object innerRow = table.rows.get(ordinal);
          if (predicate != null && !predicate.apply(outerRow, innerRow)) {
            continue;
          }
          matchedAny = true;
          if (kind == Kind.JOIN) {
            if (table.matched != null) {
              table.matched.set(ordinal);
            }
            current = resultSelector.apply(outerRow, innerRow);
            return true;
          }
          candidate = NONE;
          if (kind == Kind.SEMI) {
            current = outerRow;
            return true;
          }
          continue;
        }
        if (outerPending) {
          outerPending = false;
          if (!matchedAny && (nullsOnRight || kind == Kind.ANTI)) {
            current = kind == Kind.ANTI ? outerRow : resultSelector.apply(outerRow, null);
            return true;
          }
        }
        if (!outerDone) {
          if (outer.next()) {
            tick("probing the hash table");
            outerRow = outer.current();
            Object key = outerKey.apply(outerRow);
            matchedAny = false;
            outerPending = true;
            if (needsRows()) {
              candidate = table.first(key);
            } else if (table.contains(key)) {
              matchedAny = true;
              if (kind == Kind.SEMI) {
                outerPending = false;
                current = outerRow;
                return true;
              }
            }
            continue;
          }
          outerDone = true;
          outer.close();
        }
        if (table.matched != null) {
          unmatched = table.matched.nextClearBit(unmatched + 1);
          if (unmatched < table.rows.size()) {
            current = resultSelector.apply(null, table.rows.get(unmatched));
            return true;
          }
        }
        table.release();
        return false;
      }
    }

    @Override public Object current() {
      return current;
    }

    @Override public void close() {
      outer.close();
      table.release();
    }
  }

  private void close() {
    if (files != null) {
      files.close();
    }
    memory.close();
  }

  /** The rows of the probe under way, then of each spilled partition in turn. */
  private final class Output implements Enumerator<Object> {
    private final Deque<Work> pending;
    private Step step;
    private Object current;
    private boolean closed;

    Output(Step step, Deque<Work> pending) {
      this.step = step;
      this.pending = pending;
    }

    @Override public Object current() {
      return current;
    }

    @Override public boolean moveNext() {
      try {
        while (true) {
          if (step != null) {
            if (step.next()) {
              current = step.current();
              return true;
            }
            step = null;
          }
          Work next = pending.pollFirst();
          if (next == null) {
            close();
            return false;
          }
          if (next instanceof Unmatched u) {
            step = unmatched(u);
          } else if (next instanceof Partition p) {
            if (canReturnRows(p)) {
              step = join(p, pending);
            } else {
              discard(p);
            }
          }
        }
      } catch (Throwable t) {
        close();
        throw t;
      }
    }

    private void discard(Partition p) {
      if (p.inner() != null) {
        files.delete(p.inner());
      }
      if (p.outer() != null) {
        files.delete(p.outer());
      }
    }

    @Override public void reset() {
      throw new UnsupportedOperationException("a join's output cannot be reset");
    }

    @Override public void close() {
      if (!closed) {
        closed = true;
        if (step != null) {
          step.close();
        }
        HashJoin.this.close();
      }
    }
  }
}
