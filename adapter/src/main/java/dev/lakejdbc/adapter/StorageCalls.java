package dev.lakejdbc.adapter;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Calls to a remote file system that a statement's cancel or timeout, or the login timeout, can end.
 *
 * <p>A thread blocked in an S3 or HDFS request cannot be stopped from outside: the HTTP client ignores
 * interrupts while it waits for a socket, and retries for as long as its own policy says. So a call
 * made while the calling thread has a {@link Limit} (the driver sets one around every JDBC call that may
 * reach storage) runs on a helper thread, and the caller waits for it, checking the limit every
 * {@value #POLL_MILLIS} ms: on cancel or timeout it gives up at once with SQLState 57014 and leaves the
 * helper to end when the file system's own timeouts end its request. Calls on a local lake, and calls
 * made where no limit is set (reader threads, whose consumer checks the limit itself), run directly.
 * One instance per connection's storage; {@link #close} ends its helpers.
 */
public final class StorageCalls implements AutoCloseable {
  private static final long POLL_MILLIS = 20;

  /** An I/O call. */
  @FunctionalInterface
  public interface IoCall<T> {
    T call() throws IOException;
  }

  /**
   * What ends the current thread's waits on storage: a statement's cancel flag and deadline, or the
   * deadline of {@code DriverManager.setLoginTimeout} while a connection opens.
   *
   * @param cancelFlag set by {@code Statement.cancel}; null where there is none
   * @param deadlineMillis the time limit, as {@link System#currentTimeMillis}; 0 for none
   * @param timeoutMillis the timeout the deadline came from, for the message
   * @param login true for a connection's login timeout (SQLState 08001), false for a statement (57014)
   */
  public record Limit(AtomicBoolean cancelFlag, long deadlineMillis, long timeoutMillis, boolean login,
      String what) {
    /** A statement's limit: its cancel flag and a timeout counted from now (0: none). */
    public static Limit statement(AtomicBoolean cancelFlag, long timeoutMillis) {
      return new Limit(cancelFlag, timeoutMillis > 0 ? System.currentTimeMillis() + timeoutMillis : 0,
          timeoutMillis, false, "");
    }

    /** A login timeout counted from now, for opening {@code location}. */
    public static Limit login(long timeoutMillis, String location) {
      return new Limit(null, System.currentTimeMillis() + timeoutMillis, timeoutMillis, true, location);
    }

    /** Throws once the statement is canceled or the deadline is past. */
    public void check() {
      if (cancelFlag != null && cancelFlag.get()) {
        throw new QueryCanceledException("Query canceled (Statement.cancel) while waiting for storage",
            false);
      }
      if (deadlineMillis > 0 && System.currentTimeMillis() >= deadlineMillis) {
        if (login) {
          throw new LakeException(LakeException.CONNECTION_REJECTED, "Login timeout of "
              + timeoutMillis / 1000.0 + " s (DriverManager.setLoginTimeout) reached while opening the "
              + "lake location " + what + ": the storage did not answer");
        }
        throw new QueryCanceledException("Query timeout of " + timeoutMillis / 1000.0
            + " s (Statement.setQueryTimeout) reached while waiting for storage", true);
      }
    }
  }

  private static final ThreadLocal<Limit> CURRENT = new ThreadLocal<>();

  /** Restores the limit that was in force before {@link #enter}. */
  public interface Scope extends AutoCloseable {
    @Override void close();
  }

  /** Makes {@code limit} the current thread's until the returned scope is closed. */
  public static Scope enter(Limit limit) {
    Limit previous = CURRENT.get();
    CURRENT.set(limit);
    return () -> {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    };
  }

  /** The current thread's limit, or null. */
  public static Limit current() {
    return CURRENT.get();
  }

  /** Throws if the current thread's limit is reached. */
  public static void checkCurrent() {
    Limit limit = CURRENT.get();
    if (limit != null) {
      limit.check();
    }
  }

  /** Calls made directly: a local lake's. */
  public static final StorageCalls DIRECT = new StorageCalls(false);

  private final boolean remote;
  private final ThreadPoolExecutor helpers;

  private StorageCalls(boolean remote) {
    this.remote = remote;
    if (remote) {
      helpers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS,
          new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "lake-storage-call");
            t.setDaemon(true);
            return t;
          });
    } else {
      helpers = null;
    }
  }

  /** Calls for a remote file system: each limited call on a helper thread. */
  public static StorageCalls remote() {
    return new StorageCalls(true);
  }

  public boolean isRemote() {
    return remote;
  }

  /**
   * Runs {@code call}; where this is a remote file system and the current thread has a limit, on a
   * helper thread, waiting no longer than the limit allows.
   */
  public <T> T call(IoCall<T> call) throws IOException {
    Limit limit = CURRENT.get();
    if (!remote || limit == null) {
      return call.call();
    }
    limit.check();
    Future<T> future;
    try {
      future = helpers.submit(() -> {
        try {
          return call.call();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (RejectedExecutionException e) {
      throw new InterruptedIOException("The connection is closed");
    }
    try {
      return await(future, limit);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }

  /**
   * Waits for {@code future}, checking the current thread's limit (if any) while it waits; a limit
   * reached cancels the future.
   */
  public static <T> T await(Future<T> future) throws ExecutionException {
    return await(future, CURRENT.get());
  }

  private static <T> T await(Future<T> future, Limit limit) throws ExecutionException {
    try {
      if (limit == null) {
        return future.get();
      }
      while (true) {
        try {
          return future.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          try {
            limit.check();
          } catch (RuntimeException stop) {
            future.cancel(true);
            throw stop;
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      future.cancel(true);
      throw new QueryCanceledException("Interrupted while waiting for storage", false);
    }
  }

  /** Ends the helper threads: idle ones now, busy ones when their request ends. */
  @Override public void close() {
    if (helpers != null) {
      helpers.shutdownNow();
    }
  }
}
