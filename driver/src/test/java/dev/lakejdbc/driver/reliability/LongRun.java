package dev.lakejdbc.driver.reliability;

/**
 * The long run of the reliability tests: {@code -Dlake.differential.queries=10000} (or more) also runs
 * the other tests longer — more queries with the file descriptor count, longer concurrency runs.
 */
final class LongRun {
  private LongRun() {}

  static boolean on() {
    return Integer.getInteger("lake.differential.queries", 0) >= 10_000;
  }
}
