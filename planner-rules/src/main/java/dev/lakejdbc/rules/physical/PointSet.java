package dev.lakejdbc.rules.physical;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.linq4j.function.Strict;

/**
 * The values of an {@code IN} list as a hash set, for the code that {@link PointSetMembership} makes
 * Calcite generate. The set travels as one string literal in the generated code (its kind, then each
 * value as length:text) and is decoded once: the last sets decoded are kept, by that literal.
 */
public final class PointSet {
  /** How a value of the SQL type is held at run time, which the set's elements must match. */
  enum Kind { STRING, BYTE, SHORT, INT, LONG }

  private static final int CACHED_SETS = 64;
  private static final Map<String, Set<Object>> DECODED = Collections.synchronizedMap(
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, Set<Object>> eldest) {
          return size() > CACHED_SETS;
        }
      });

  private PointSet() {}

  /** Whether {@code value} is one of the set's values; NULL for a NULL value. */
  @Strict
  public static Boolean contains(Object value, String encoded) {
    Set<Object> set = DECODED.get(encoded);
    if (set == null) {
      set = decode(encoded);
      DECODED.put(encoded, set);
    }
    return set.contains(value);
  }

  static String encode(Kind kind, List<String> values) {
    StringBuilder b = new StringBuilder().append(kind.ordinal()).append(';');
    for (String v : values) {
      b.append(v.length()).append(':').append(v);
    }
    return b.toString();
  }

  static Set<Object> decode(String encoded) {
    int at = encoded.indexOf(';');
    Kind kind = Kind.values()[Integer.parseInt(encoded.substring(0, at))];
    Set<Object> set = new HashSet<>();
    for (int i = at + 1; i < encoded.length(); ) {
      int colon = encoded.indexOf(':', i);
      int end = colon + 1 + Integer.parseInt(encoded.substring(i, colon));
      String text = encoded.substring(colon + 1, end);
      set.add(switch (kind) {
        case STRING -> text;
        case BYTE -> Byte.valueOf(text);
        case SHORT -> Short.valueOf(text);
        case INT -> Integer.valueOf(text);
        case LONG -> Long.valueOf(text);
      });
      i = end;
    }
    return set;
  }
}
