package dev.lakejdbc.driver.reliability;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Run in a JVM of its own with a small heap by {@link ResourcesTest}: scans a lake far larger than the
 * heap with a filter on a data column, so that it must stream, and prints what it counted and how much
 * it allocated and kept.
 *
 * <p>Usage: {@code java -Xmx128m -cp <test class path> ...StreamingScan <lake> <query>}
 */
public final class StreamingScan {
  private StreamingScan() {}

  public static void main(String[] args) throws Exception {
    long count;
    try (Connection c = DriverManager.getConnection("jdbc:lake:" + args[0]);
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery(args[1])) {
      rs.next();
      count = rs.getLong(1);
    }
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    long allocated = 0;
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads) {
      for (long id : threads.getAllThreadIds()) {
        allocated += Math.max(0, threads.getThreadAllocatedBytes(id));
      }
    }
    System.out.println("count=" + count + " maxHeap=" + Runtime.getRuntime().maxMemory()
        + " peakHeap=" + peak + " allocated=" + allocated);
  }
}
