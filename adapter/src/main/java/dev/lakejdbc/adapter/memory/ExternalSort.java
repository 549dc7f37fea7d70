package dev.lakejdbc.adapter.memory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Function1;

/**
 * ORDER BY, and ORDER BY with OFFSET/FETCH (a top-N), within the execution's memory budget. Rows are
 * sorted in memory, stably, while they fit; past the budget the sorted rows go to a spill file (a run)
 * and sorting goes on; at the end the runs and the rows in memory are merged, in as many passes as the
 * budget allows open files for. A top-N keeps only the rows that can still be among the first
 * offset + fetch: it sorts and cuts its buffer whenever that holds twice as many, and skips every row
 * not before the last one kept.
 *
 * <p>The generated code of the sort calls {@link #orderBy} with Calcite's key selector and comparator.
 */
public final class ExternalSort {
  /** What a row costs the buffer besides itself: its reference, and TimSort's scratch for it. */
  static final int SLOT = 2 * RowSizes.REFERENCE;
  /** The cancel flag and timeout are checked every this many rows (a power of two). */
  static final int CHECK_EVERY = 4096;
  /** A top-N sorts and cuts its buffer once it holds this many rows, at least. */
  static final int MIN_COMPACT_ROWS = 1024;
  /** The most runs merged at once. */
  static final int MAX_FAN_IN = 64;

  private final OperatorMemory memory;
  private final Comparator<Object> order;
  /** Rows from the start the output needs: offset + fetch; Long.MAX_VALUE for all. */
  private final long needed;
  private final List<Object> buffer = new ArrayList<>();
  private long bufferBytes;
  private final List<SpillFiles.Run> runs = new ArrayList<>();
  private SpillFiles files;
  /** In a top-N, a row not before this one cannot be among the first {@link #needed}. */
  private Object threshold;
  private long rowsIn;

  private ExternalSort(OperatorMemory memory, Comparator<Object> order, long needed) {
    this.memory = memory;
    this.order = order;
    this.needed = needed;
  }

  /** Called by the generated code of ORDER BY: the rows of {@code source} in the order of their keys. */
  public static Enumerable<Object> orderBy(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, Function1<Object, Object> keySelector, Comparator<Object> comparator) {
    return sorted(operator, root, source, keySelector, comparator, 0, Long.MAX_VALUE);
  }

  /**
   * Called by the generated code of ORDER BY with OFFSET/FETCH: the sorted rows from {@code offset},
   * at most {@code fetch} of them.
   */
  public static Enumerable<Object> orderBy(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, Function1<Object, Object> keySelector, Comparator<Object> comparator,
      int offset, int fetch) {
    return sorted(operator, root, source, keySelector, comparator, offset, fetch);
  }

  private static Enumerable<Object> sorted(OperatorInfo operator, DataContext root,
      Enumerable<Object> source, Function1<Object, Object> keySelector, Comparator<Object> comparator,
      long offset, long fetch) {
    Comparator<Object> order = rowOrder(keySelector, comparator);
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object> enumerator() {
        if (fetch == 0) {
          return org.apache.calcite.linq4j.Linq4j.emptyEnumerator();
        }
        long needed = fetch == Long.MAX_VALUE ? Long.MAX_VALUE : offset + fetch;
        ExternalSort sort = new ExternalSort(operator.memory(root), order, needed);
        return sort.run(source, offset);
      }
    };
  }

  /** Rows compared by their keys, as Calcite's sort compares them. */
  @SuppressWarnings("unchecked")
  static Comparator<Object> rowOrder(Function1<Object, Object> keySelector, Comparator<Object> comparator) {
    Comparator<Object> keys = comparator != null ? SingleKeyOrder.of(comparator)
        : (a, b) -> ((Comparable<Object>) a).compareTo(b);
    return (a, b) -> keys.compare(keySelector.apply(a), keySelector.apply(b));
  }

  private Enumerator<Object> run(Enumerable<Object> source, long offset) {
    try {
      try (Enumerator<Object> rows = source.enumerator()) {
        while (rows.moveNext()) {
          add(rows.current());
        }
      }
      sortBuffer();
      Iterator<Object> sorted = runs.isEmpty() ? buffer.iterator() : merged();
      return new Output(sorted, offset);
    } catch (Throwable t) {
      close();
      throw t;
    }
  }

  private void add(Object row) {
    if ((++rowsIn & (CHECK_EVERY - 1)) == 0) {
      memory.cancel().check("sorting for " + memory.description());
    }
    if (threshold != null && order.compare(row, threshold) >= 0) {
      return;
    }
    long size = RowSizes.of(row) + SLOT;
    if (!memory.tryReserve(size)) {
      if (!buffer.isEmpty()) {
        spillBuffer();
      }
      memory.forceReserve(size);
    }
    buffer.add(row);
    bufferBytes += size;
    if (needed < Integer.MAX_VALUE && buffer.size() >= Math.max(2 * needed, MIN_COMPACT_ROWS)) {
      compact();
    }
  }

  private void sortBuffer() {
    buffer.sort(order);
    if (buffer.size() > needed) {
      List<Object> dropped = buffer.subList((int) needed, buffer.size());
      for (Object row : dropped) {
        long size = RowSizes.of(row) + SLOT;
        bufferBytes -= size;
        memory.release(size);
      }
      dropped.clear();
    }
  }

  /** A top-N's buffer cut to the rows that can still be returned. */
  private void compact() {
    sortBuffer();
    if (buffer.size() == needed) {
      lowerThreshold(buffer.get(buffer.size() - 1));
    }
  }

  private void lowerThreshold(Object row) {
    if (threshold == null || order.compare(row, threshold) < 0) {
      threshold = row;
    }
  }

  /** The buffer, sorted, to a new run; its memory is let go. */
  private void spillBuffer() {
    sortBuffer();
    if (files == null) {
      files = memory.spillFiles();
    }
    try (SpillFiles.Writer writer = files.create()) {
      Object last = null;
      for (Object row : buffer) {
        writer.write(row);
        last = row;
      }
      runs.add(writer.finish());
      if (buffer.size() == needed) {
        lowerThreshold(last);
      }
    }
    buffer.clear();
    memory.release(bufferBytes);
    bufferBytes = 0;
  }

  /** How many runs can be read at once: the readers' buffers take a quarter of the limit at most. */
  private int fanIn() {
    long limit = memory.queryLimit();
    return (int) Math.max(2, Math.min(MAX_FAN_IN, limit / 4 / files.bufferBytes()));
  }

  /** Merges runs into fewer until one pass can merge them all with the buffer. */
  private Iterator<Object> merged() {
    int fanIn = fanIn();
    while (runs.size() + 1 > fanIn) {
      List<SpillFiles.Run> group = new ArrayList<>(runs.subList(0, fanIn));
      runs.subList(0, fanIn).clear();
      Merge merge = new Merge(group, Collections.emptyList());
      try (SpillFiles.Writer writer = files.create()) {
        long written = 0;
        while (written < needed && merge.hasNext()) {
          writer.write(merge.next());
          written++;
        }
        runs.add(writer.finish());
      } finally {
        merge.close();
      }
    }
    Merge last = new Merge(new ArrayList<>(runs), buffer);
    runs.clear();
    return last;
  }

  /**
   * The rows of several sorted runs (and the sorted buffer, last) in order; of equal rows, those of
   * an earlier run first, so that the sort stays stable.
   */
  private final class Merge implements Iterator<Object>, AutoCloseable {
    private final List<Cursor> cursors = new ArrayList<>();
    private final PriorityQueue<Cursor> heads;
    private long merged;

    private final class Cursor {
      final int index;
      final Iterator<Object> memoryRows;
      final SpillFiles.Reader reader;
      boolean exhausted;
      Object row;

      Cursor(int index, Iterator<Object> memoryRows, SpillFiles.Reader reader) {
        this.index = index;
        this.memoryRows = memoryRows;
        this.reader = reader;
      }

      boolean advance() {
        if (reader != null) {
          if (reader.next()) {
            row = reader.current();
            return true;
          }
          finish();
          return false;
        }
        if (memoryRows.hasNext()) {
          row = memoryRows.next();
          return true;
        }
        return false;
      }

      /** Closes the run's file, if any, and lets go of its buffer. */
      void finish() {
        if (reader != null && !exhausted) {
          exhausted = true;
          reader.close();
        }
      }
    }

    Merge(List<SpillFiles.Run> runs, List<Object> inMemory) {
      heads = new PriorityQueue<>(runs.size() + 1, (a, b) -> {
        int c = order.compare(a.row, b.row);
        return c != 0 ? c : Integer.compare(a.index, b.index);
      });
      int index = 0;
      for (SpillFiles.Run run : runs) {
        Cursor cursor = new Cursor(index++, null, files.open(run));
        cursors.add(cursor);
        offer(cursor);
      }
      if (!inMemory.isEmpty()) {
        offer(new Cursor(index, inMemory.iterator(), null));
      }
    }

    private void offer(Cursor cursor) {
      if (cursor.advance()) {
        heads.add(cursor);
      }
    }

    @Override public boolean hasNext() {
      return !heads.isEmpty();
    }

    @Override public Object next() {
      Cursor head = heads.poll();
      if (head == null) {
        throw new NoSuchElementException();
      }
      if ((++merged & (CHECK_EVERY - 1)) == 0) {
        memory.cancel().check("merging the sorted runs of " + memory.description());
      }
      Object row = head.row;
      offer(head);
      return row;
    }

    @Override public void close() {
      cursors.forEach(Cursor::finish);
    }
  }

  private void close() {
    if (files != null) {
      files.close();
    }
    buffer.clear();
    memory.close();
  }

  /** The sorted rows from the offset, as many as needed; closing lets go of all of it. */
  private final class Output implements Enumerator<Object> {
    private final Iterator<Object> rows;
    private long toSkip;
    private long left;
    private Object current;
    private boolean closed;

    Output(Iterator<Object> rows, long offset) {
      this.rows = rows;
      this.toSkip = offset;
      this.left = needed == Long.MAX_VALUE ? Long.MAX_VALUE : needed - offset;
    }

    @Override public Object current() {
      return current;
    }

    @Override public boolean moveNext() {
      try {
        while (toSkip > 0 && rows.hasNext()) {
          rows.next();
          toSkip--;
        }
        if (left > 0 && rows.hasNext()) {
          current = rows.next();
          left--;
          return true;
        }
      } catch (Throwable t) {
        close();
        throw t;
      }
      close();
      return false;
    }

    @Override public void reset() {
      throw new UnsupportedOperationException("a sort's output cannot be reset");
    }

    @Override public void close() {
      if (!closed) {
        closed = true;
        if (rows instanceof Merge merge) {
          merge.close();
        }
        ExternalSort.this.close();
      }
    }
  }
}
