package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.QueryCanceledException;
import dev.lakejdbc.adapter.memory.BufferMemory;
import dev.lakejdbc.adapter.read.RowStream.Cancellation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Reads a scan's files on several threads, each decoding whole files into batches of rows that the
 * consuming thread takes from a bounded queue: decoding Parquet is most of a large scan's cost, and the
 * machine's cores can share it. Memory stays bounded by the queue, and the batches in it count against
 * the execution's memory budget ({@link BufferMemory}). Closing stops the readers. A cancel
 * or timeout is seen by the readers before each file and by the consumer while it waits for rows.
 */
final class PrefetchingRows implements RowStream {
  private static final int BATCH_ROWS = 1024;
  private static final int BATCHES_PER_READER = 4;
  private static final Object END = new Object();
  /** How long the consumer waits for a batch before it looks for a cancel or timeout again. */
  private static final long CANCEL_POLL_MILLIS = 50;
  private static final ExecutorService READERS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "lake-scan-reader");
    t.setDaemon(true);
    return t;
  });

  private final Iterator<FileTask> tasks;
  private final FileTaskReader reader;
  private final int readers;
  private final Cancellation cancellation;
  private final BlockingQueue<Object> batches;
  private final BufferMemory buffers;
  private volatile boolean closed;
  private int readersDone;
  private Object[][] batch;
  /** The estimated bytes of the batch being read, held until the next one is taken. */
  private long batchBytes;
  private int index;
  private Object[] current;

  /** A batch of decoded rows and its estimated size, as the queue holds it. */
  private record Batch(Object[][] rows, long bytes) {}

  PrefetchingRows(Iterator<FileTask> tasks, FileTaskReader reader, int readers,
      Cancellation cancellation, BufferMemory buffers) {
    this.tasks = tasks;
    this.buffers = buffers;
    this.reader = reader;
    this.readers = readers;
    this.cancellation = cancellation;
    this.batches = new ArrayBlockingQueue<>(readers * BATCHES_PER_READER);
    for (int i = 0; i < readers; i++) {
      READERS.execute(this::read);
    }
  }

  private FileTask nextTask() {
    synchronized (tasks) {
      return !closed && tasks.hasNext() ? tasks.next() : null;
    }
  }

  private void read() {
    try {
      for (FileTask task = nextTask(); task != null; task = nextTask()) {
        cancellation.check();
        try (RowStream rows = reader.open(task)) {
          List<Object[]> buffer = new ArrayList<>(BATCH_ROWS);
          while (!closed && rows.next()) {
            reader.checkRow(task);
            buffer.add(rows.current());
            if (buffer.size() == BATCH_ROWS) {
              put(batch(buffer));
              buffer.clear();
            }
          }
          if (!buffer.isEmpty()) {
            put(batch(buffer));
          }
        }
      }
    } catch (RuntimeException | Error e) {
      put(e);
    } finally {
      put(END);
    }
  }

  private Batch batch(List<Object[]> rows) {
    Object[][] array = rows.toArray(new Object[0][]);
    long bytes = BufferMemory.ofBatch(array);
    buffers.hold(bytes);
    return new Batch(array, bytes);
  }

  /** Waits for room, but gives up once the consumer has closed the stream. */
  private void put(Object item) {
    try {
      while (!closed) {
        if (batches.offer(item, 50, TimeUnit.MILLISECONDS)) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (item instanceof Batch b) {
      buffers.free(b.bytes());
    }
  }

  @Override public boolean next() {
    while (true) {
      if (batch != null && index < batch.length) {
        current = batch[index++];
        return true;
      }
      Object item;
      try {
        item = batches.poll(CANCEL_POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new IllegalStateException("Interrupted while reading the lake", e);
      }
      if (item == null) {
        // The readers are still decoding: a cancel need not wait for them.
        try {
          cancellation.check();
        } catch (QueryCanceledException e) {
          close();
          throw e;
        }
        continue;
      }
      if (item == END) {
        if (++readersDone == readers) {
          return false;
        }
      } else if (item instanceof RuntimeException e) {
        close();
        throw e;
      } else if (item instanceof Error e) {
        close();
        throw e;
      } else {
        Batch next = (Batch) item;
        buffers.free(batchBytes);
        batch = next.rows();
        batchBytes = next.bytes();
        index = 0;
      }
    }
  }

  @Override public Object[] current() {
    return current;
  }

  @Override public void close() {
    closed = true;
    batches.clear();
    buffers.freeAll();
  }
}
