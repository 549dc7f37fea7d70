package dev.lakejdbc.adapter.memory;

import java.util.Locale;

/** Sizes in bytes as people read them: {@code 812 B}, {@code 64.0 KB}, {@code 1.5 GB}. */
public final class ByteSizes {
  private ByteSizes() {}

  public static String text(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KB", "MB", "GB", "TB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
