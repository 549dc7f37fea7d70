package dev.lakejdbc.adapter.hive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Hive's rules for directory and file names in a table location. */
public final class HivePathNames {
  /** The directory value Hive, Spark and DuckDB write for a NULL partition value. */
  public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  private HivePathNames() {}

  /**
   * Names that writers leave behind and readers skip: hidden files and directories,
   * {@code _SUCCESS}/{@code _temporary} (an underscore without '=' — a partition column may itself start
   * with '_'), and, for files only, uploads in progress, Hadoop's checksum side files and the empty
   * {@code <dir>_$folder$} objects that old S3 clients (s3n, EMR) wrote to mark a directory. The suffix
   * rules spare directories because a partition value may end in '.crc' ({@code ext=.crc}).
   */
  public static boolean isIgnored(String name, boolean directory) {
    return name.startsWith(".")
        || (name.startsWith("_") && name.indexOf('=') < 0)
        || (!directory && (name.endsWith("._COPYING_") || name.endsWith(".crc")
            || name.endsWith(FOLDER_MARKER)));
  }

  /** The suffix of an S3 directory marker object. */
  public static final String FOLDER_MARKER = "_$folder$";

  /**
   * {@link #isIgnored(String, boolean)} for a name whose kind is unknown: applies the file rules too, so
   * it may skip a directory ending in '.crc'.
   */
  public static boolean isIgnored(String name) {
    return isIgnored(name, false);
  }

  /** True for a {@code column=value} segment with a non-empty column name. */
  public static boolean isPartitionSegment(String name) {
    return name.indexOf('=') > 0;
  }

  /** The partition column of a {@code column=value} segment, lower-cased as Hive does. */
  public static String columnOf(String segment) {
    return unescape(segment.substring(0, segment.indexOf('='))).toLowerCase(Locale.ROOT);
  }

  /** The unescaped value of a {@code column=value} segment; null for Hive's default partition. */
  public static String valueOf(String segment) {
    String raw = segment.substring(segment.indexOf('=') + 1);
    return raw.equals(DEFAULT_PARTITION) ? null : unescape(raw);
  }

  /** Reverses Hive's {@code %XX} escaping; a '%' not followed by two hex digits stays as it is. */
  public static String unescape(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    // Escapes encode bytes: decode them as UTF-8 so that a multi-byte character escaped byte by byte
    // comes back whole.
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
    int i = 0;
    while (i < s.length()) {
      if (s.charAt(i) == '%' && i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
        bytes.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 3;
      } else {
        int cp = s.codePointAt(i);
        bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
        i += Character.charCount(cp);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }
}
