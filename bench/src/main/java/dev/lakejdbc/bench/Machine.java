package dev.lakejdbc.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the figures were measured on. */
record Machine(int cores, String cpu, long physicalBytes, long maxHeapBytes, String os, String jvm) {
  static Machine current() {
    long physical = ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : -1;
    return new Machine(Runtime.getRuntime().availableProcessors(), cpuModel(), physical,
        Runtime.getRuntime().maxMemory(),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
            + System.getProperty("os.arch") + ")",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
            + classArchive());
  }

  /**
   * The class archive the JVM was started with (JDK 25's AOT cache, a CDS archive), if any: it takes
   * class loading and, with an AOT cache, part of the JIT's warm-up out of the run.
   */
  private static String classArchive() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("-XX:AOTCache=") || a.startsWith("-XX:SharedArchiveFile="))
        .map(a -> " with " + a).findFirst().orElse("");
  }

  /** The 1-minute load average, to see whether other work shared the machine; -1 if unknown. */
  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst().orElse("unknown CPU");
    } catch (IOException | RuntimeException e) {
      return "unknown CPU";
    }
  }

  String describe() {
    return String.format(Locale.ROOT, "%d cores (%s), %.1f GiB memory, JVM heap max %.1f GiB, %s, %s",
        cores, cpu, physicalBytes / (double) (1L << 30), maxHeapBytes / (double) (1L << 30), os, jvm);
  }
}
