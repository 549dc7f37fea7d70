package dev.lakejdbc.bench;

import java.util.Arrays;

/** Median, min and max of timed runs, in milliseconds. */
record Stats(double median, double min, double max, int runs) {
  static Stats of(double[] millis) {
    if (millis.length == 0) {
      throw new IllegalArgumentException("no runs");
    }
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new Stats(median, sorted[0], sorted[n - 1], n);
  }

  /** Milliseconds since a {@link System#nanoTime} reading. */
  static double millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e6;
  }
}
