package dev.lakejdbc.driver.cli;

import dev.lakejdbc.adapter.stats.RunningScans;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The shell's progress line: while a lake scan has run for more than a second, stderr shows how many of
 * its files it has read, e.g. {@code fact_orders: 1,204 of 7,300 files}. On a terminal the line is
 * rewritten in place and erased when the scans end; into a pipe or file a new line is written when the
 * figures change, at most once a second.
 */
final class Progress implements Runnable {
  /** A scan shorter than this shows nothing. */
  static final long SHOW_AFTER_MILLIS = 1_000;
  private static final long TICK_MILLIS = 250;
  private static final long PIPED_EVERY_MILLIS = 1_000;
  private static final String ERASE_LINE = "\r\033[K";

  private final PrintStream out;
  private final boolean terminal;
  private String shown = "";
  private long lastPrintedMillis;

  Progress(PrintStream out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** Starts reporting on a daemon thread, for the life of the JVM. */
  static void start(PrintStream out, boolean terminal) {
    Progress progress = new Progress(out, terminal);
    // Erase the line as soon as a scan ends, before the shell prints the rows below it.
    RunningScans.onFinished(() -> progress.tick(System.currentTimeMillis()));
    Thread thread = new Thread(progress, "lake-progress");
    thread.setDaemon(true);
    thread.start();
  }

  @Override public void run() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Thread.sleep(TICK_MILLIS);
        tick(System.currentTimeMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  synchronized void tick(long nowMillis) {
    String line = line(RunningScans.snapshot());
    if (line.equals(shown)) {
      return;
    }
    if (terminal) {
      out.print(ERASE_LINE + line);
      out.flush();
      shown = line;
    } else if (line.isEmpty()) {
      shown = line;
    } else if (nowMillis - lastPrintedMillis >= PIPED_EVERY_MILLIS) {
      out.println(line);
      out.flush();
      shown = line;
      lastPrintedMillis = nowMillis;
    }
  }

  /** The progress of the scans that have run long enough to be worth showing; empty if none has. */
  static String line(List<ScanStatistics> running) {
    return running.stream()
        .filter(s -> s.running() && s.elapsedMillis() >= SHOW_AFTER_MILLIS)
        .sorted((a, b) -> Long.compare(a.statementId(), b.statementId()))
        .map(Progress::describe)
        .collect(Collectors.joining(", "));
  }

  private static String describe(ScanStatistics scan) {
    int toRead = scan.filesToRead();
    return toRead < 0
        ? scan.table() + ": listing partitions"
        : String.format("%s: %,d of %,d files", scan.table(), scan.filesRead(), toRead);
  }
}
