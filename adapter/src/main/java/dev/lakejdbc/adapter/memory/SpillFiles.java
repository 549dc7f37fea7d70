package dev.lakejdbc.adapter.memory;

import dev.lakejdbc.adapter.LakeException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One operator run's temporary files, in a directory of their own ({@value #PREFIX}...) under the spill
 * directory, made when the first file is: each file a sequence of rows written by {@link RowCodec}.
 * A file is deleted as soon as it has been read back; {@link #close} deletes the directory and
 * whatever is still in it, and is called when the operator closes, fails or is canceled, and again
 * when its execution ends.
 */
public final class SpillFiles implements AutoCloseable {
  /** The name prefix of every spill directory. */
  public static final String PREFIX = "lake-jdbc-spill-";
  private final Path base;
  /** The buffer of a file being written or read, counted by the operator while the file is open. */
  private final int bufferBytes;
  private final OperatorMemory owner;
  private Path directory;
  private int files;
  /** Writers and readers not yet closed, with their buffers' sizes, closed with the directory. */
  private final java.util.Map<AutoCloseable, Integer> open = new java.util.LinkedHashMap<>();
  private boolean closed;

  SpillFiles(Path base, int bufferBytes, OperatorMemory owner) {
    this.base = base;
    this.bufferBytes = bufferBytes;
    this.owner = owner;
  }

  /** A spilled sequence of rows, on disk until read back. */
  public record Run(Path path, long rows, long bytes) {}

  public int bufferBytes() {
    return bufferBytes;
  }

  /** A new file to write rows to; its buffer counts while it is open. */
  public Writer create() {
    return create(bufferBytes);
  }

  /** A new file to write rows to, with a buffer of {@code buffer} bytes (one of many written at once). */
  public synchronized Writer create(int buffer) {
    if (closed) {
      throw new IllegalStateException("spill files already closed");
    }
    try {
      if (directory == null) {
        Files.createDirectories(base);
        directory = Files.createTempDirectory(base, PREFIX);
      }
      Path path = directory.resolve("run-" + files++);
      Writer writer = new Writer(path, new DataOutputStream(new BufferedOutputStream(
          Files.newOutputStream(path), buffer)));
      open.put(writer, buffer);
      owner.holdBuffer(buffer);
      return writer;
    } catch (IOException e) {
      throw LakeException.io("Cannot create a spill file in", base
          + " (set spillDirectory to a directory with room, or raise queryMemoryLimit)", e);
    }
  }

  /** Writes rows to one spill file. */
  public final class Writer implements AutoCloseable {
    private final Path path;
    private final DataOutputStream out;
    private long rows;
    private boolean finished;

    private Writer(Path path, DataOutputStream out) {
      this.path = path;
      this.out = out;
    }

    public void write(Object row) {
      try {
        RowCodec.write(out, row);
        rows++;
      } catch (IOException e) {
        throw LakeException.io("Cannot write the spill file", path
            + " (set spillDirectory to a directory with room, or raise queryMemoryLimit)", e);
      }
    }

    public long rows() {
      return rows;
    }

    /** Closes the file and returns it, to be read back. */
    public Run finish() {
      try {
        finished = true;
        forget(this);
        out.close();
        long bytes = Files.size(path);
        owner.spilled(bytes, rows, 1);
        return new Run(path, rows, bytes);
      } catch (IOException e) {
        throw LakeException.io("Cannot write the spill file", path, e);
      }
    }

    /** Closes the file if it was not finished (after a failure); the directory's close deletes it. */
    @Override public void close() {
      if (!finished) {
        finished = true;
        forget(this);
        try {
          out.close();
        } catch (IOException e) {
          // Being abandoned: the directory is deleted anyway.
        }
      }
    }
  }

  /** Reads a spilled run back; the file is deleted when the reader closes. */
  public Reader open(Run run) {
    return open(run, true);
  }

  /**
   * Reads a spilled run back, to be read again later: the file stays when the reader closes, until
   * {@link #delete} (or the close of the directory).
   */
  public Reader reread(Run run) {
    return open(run, false);
  }

  private synchronized Reader open(Run run, boolean deleteWhenClosed) {
    try {
      Reader reader = new Reader(run, new DataInputStream(new BufferedInputStream(
          Files.newInputStream(run.path()), bufferBytes)), deleteWhenClosed);
      open.put(reader, bufferBytes);
      owner.holdBuffer(bufferBytes);
      return reader;
    } catch (IOException e) {
      throw LakeException.io("Cannot read the spill file", run.path(), e);
    }
  }

  /** The rows of one spill file, in the order written. */
  public final class Reader implements AutoCloseable {
    private final Run run;
    private final DataInputStream in;
    private final boolean deleteWhenClosed;
    private long left;
    private Object current;
    private boolean closed;

    private Reader(Run run, DataInputStream in, boolean deleteWhenClosed) {
      this.run = run;
      this.in = in;
      this.deleteWhenClosed = deleteWhenClosed;
      this.left = run.rows();
    }

    public boolean next() {
      if (left == 0) {
        return false;
      }
      try {
        current = RowCodec.read(in);
        left--;
        return true;
      } catch (IOException e) {
        throw LakeException.io("Cannot read the spill file", run.path(), e);
      }
    }

    public Object current() {
      return current;
    }

    @Override public void close() {
      if (closed) {
        return;
      }
      closed = true;
      forget(this);
      try {
        in.close();
        if (deleteWhenClosed) {
          Files.deleteIfExists(run.path());
        }
      } catch (IOException e) {
        // The directory's close tries again.
      }
    }
  }

  private void forget(AutoCloseable stream) {
    Integer buffer;
    synchronized (this) {
      buffer = open.remove(stream);
    }
    if (buffer != null) {
      owner.releaseBuffer(buffer);
    }
  }

  /** Deletes a run that will not be read. */
  public void delete(Run run) {
    try {
      Files.deleteIfExists(run.path());
    } catch (IOException e) {
      // The directory's close tries again.
    }
  }

  /** Deletes every file and the directory. */
  @Override public void close() {
    Path dir;
    List<AutoCloseable> streams;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      dir = directory;
      streams = new ArrayList<>(open.keySet());
    }
    for (AutoCloseable stream : streams) {
      try {
        stream.close();
      } catch (Exception e) {
        // Being abandoned: deleted below.
      }
    }
    owner.spillFilesClosed(this);
    if (dir == null) {
      return;
    }
    try (Stream<Path> paths = Files.list(dir)) {
      List<Path> left = new ArrayList<>(paths.toList());
      for (Path p : left) {
        Files.deleteIfExists(p);
      }
      Files.deleteIfExists(dir);
    } catch (IOException | UncheckedIOException e) {
      // Nothing more can be done here; the files are in a directory named as spill files.
    }
  }
}
