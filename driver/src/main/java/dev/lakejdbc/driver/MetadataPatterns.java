package dev.lakejdbc.driver;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The name patterns of {@code getSchemas}, {@code getTables} and {@code getColumns} with JDBC's meaning:
 * {@code _} matches any one character. Calcite takes {@code _} literally, so a pattern with a wildcard
 * {@code _} is widened to {@code %} for Calcite, and the rows it returns are filtered with the exact
 * pattern here.
 */
final class MetadataPatterns {
  private MetadataPatterns() {}

  /** Which argument of a metadata method is a pattern, and which result column it filters. */
  private static Map<Integer, String> patternArguments(String method) {
    Map<Integer, String> patterns = new LinkedHashMap<>();
    switch (method) {
      case "getSchemas":
        patterns.put(1, "TABLE_SCHEM");
        break;
      case "getTables":
        patterns.put(1, "TABLE_SCHEM");
        patterns.put(2, "TABLE_NAME");
        break;
      case "getColumns":
        patterns.put(1, "TABLE_SCHEM");
        patterns.put(2, "TABLE_NAME");
        patterns.put(3, "COLUMN_NAME");
        break;
      default:
        break;
    }
    return patterns;
  }

  /**
   * Widens, in {@code args}, each pattern with a wildcard {@code _} to what Calcite can match (every
   * unescaped {@code _} becomes {@code %}), and returns the exact patterns to filter Calcite's rows with,
   * by result column; empty when Calcite's answer is exact.
   */
  static Map<String, Pattern> widenForCalcite(String method, Object[] args) {
    Map<String, Pattern> filters = new LinkedHashMap<>();
    if (args == null) {
      return filters;
    }
    patternArguments(method).forEach((index, column) -> {
      if (index < args.length && args[index] instanceof String pattern && hasWildcardUnderscore(pattern)) {
        filters.put(column, toRegex(pattern));
        args[index] = pattern.replaceAll("(?<!\\\\)_", "%");
      }
    });
    return filters;
  }

  /** The rows of a metadata result set whose named columns match their patterns. */
  static ResultSet filter(ResultSet rows, Map<String, Pattern> filters) {
    return (ResultSet) Proxy.newProxyInstance(MetadataPatterns.class.getClassLoader(),
        new Class<?>[] {ResultSet.class}, (proxy, method, args) -> {
          try {
            if (method.getName().equals("next") && method.getParameterCount() == 0) {
              while (rows.next()) {
                if (matches(rows, filters)) {
                  return true;
                }
              }
              return false;
            }
            return method.invoke(rows, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  private static boolean matches(ResultSet row, Map<String, Pattern> filters) throws java.sql.SQLException {
    for (Map.Entry<String, Pattern> f : filters.entrySet()) {
      String value = row.getString(f.getKey());
      if (value == null || !f.getValue().matcher(value).matches()) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasWildcardUnderscore(String pattern) {
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '_') {
        return true;
      }
    }
    return false;
  }

  /** JDBC LIKE: {@code %} any run, {@code _} one character, {@code \} escapes the next character. */
  static Pattern toRegex(String pattern) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
}
