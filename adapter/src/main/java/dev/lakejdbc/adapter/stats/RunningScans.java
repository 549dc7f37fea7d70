package dev.lakejdbc.adapter.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The lake scans of this JVM that have started and not yet finished, whichever connection runs them:
 * what a shell shows as progress while a query runs. Held weakly, so a scan whose result set a client
 * dropped without closing does not stay here forever.
 */
public final class RunningScans {
  private static final Set<ScanStatistics> RUNNING =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  private static final List<Runnable> FINISH_LISTENERS = new CopyOnWriteArrayList<>();

  private RunningScans() {}

  /** Calls {@code listener} on the scan's thread each time a scan finishes, after it left the set. */
  public static void onFinished(Runnable listener) {
    FINISH_LISTENERS.add(listener);
  }

  static void started(ScanStatistics scan) {
    RUNNING.add(scan);
  }

  static void finished(ScanStatistics scan) {
    RUNNING.remove(scan);
    FINISH_LISTENERS.forEach(Runnable::run);
  }

  /** A copy of the scans running now. */
  public static List<ScanStatistics> snapshot() {
    synchronized (RUNNING) {
      return new ArrayList<>(RUNNING);
    }
  }
}
