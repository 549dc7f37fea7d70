package dev.lakejdbc.adapter.memory;

import java.nio.file.Path;

/**
 * A connection's memory settings: how much one statement execution may hold, and whether and where
 * it spills past that.
 *
 * @param limitBytes what one execution may hold in sorts, joins, aggregations and buffers
 * @param limitSetting the setting the limit came from, for messages ({@code queryMemoryLimit=64MB})
 * @param spill whether operators spill to temporary files past the limit ({@code spill})
 * @param spillDirectory where spill files go ({@code spillDirectory}, else {@code java.io.tmpdir})
 * @param noSpillReason why spilling is off although {@code spill} is true, or null
 */
public record QueryMemoryOptions(long limitBytes, String limitSetting, boolean spill,
    Path spillDirectory, String noSpillReason) {
  /** The default limit: this share of the JVM's maximum heap. */
  public static final double DEFAULT_LIMIT_SHARE = 0.25;

  /** The defaults: a quarter of the max heap, spilling into {@code java.io.tmpdir}. */
  public static QueryMemoryOptions defaults() {
    return new QueryMemoryOptions((long) (Runtime.getRuntime().maxMemory() * DEFAULT_LIMIT_SHARE),
        "queryMemoryLimit=25% (the default)", true, defaultSpillDirectory(), null);
  }

  public static Path defaultSpillDirectory() {
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** Whether operators may spill: {@code spill=true} and a usable directory. */
  public boolean spillAllowed() {
    return spill && noSpillReason == null;
  }
}
