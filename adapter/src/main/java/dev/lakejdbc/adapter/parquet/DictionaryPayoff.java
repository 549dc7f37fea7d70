package dev.lakejdbc.adapter.parquet;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether one scan still checks its row groups' dictionaries against its data predicate. parquet-java's
 * dictionary filter reads each filtered column's dictionary page and boxes every entry into a set,
 * row group after row group: 3 % of the CPU of the whole TPC-DS suite, where the footers' statistics
 * had already kept every row group the dictionaries then kept too. Once {@value #TRIES} row groups of
 * a scan were checked and none was ruled out, the scan stops checking (footer statistics and column
 * indexes still apply); answers never depend on it.
 */
public final class DictionaryPayoff {
  static final int TRIES = 32;

  private final AtomicInteger tried = new AtomicInteger();
  private volatile boolean paidOff;

  /** Whether the next row group's dictionaries are worth checking. */
  boolean worthChecking() {
    return paidOff || tried.get() < TRIES;
  }

  /** Records a check of one row group, and whether it ruled the row group out. */
  void checked(boolean ruledOut) {
    if (ruledOut) {
      paidOff = true;
    }
    tried.incrementAndGet();
  }
}
