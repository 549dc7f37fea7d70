package dev.lakejdbc.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checked-in plans of one test class, in the spirit of Calcite's {@code RelOptRulesTest}: per case
 * its SQL, the plan before the rule (or program) under test and the plan after it, in
 * {@code src/test/resources/<package>/<TestClass>.plans} (a plain-text file: {@code ### case}
 * heads a case, {@code --- sql}, {@code --- before} and {@code --- after} its parts).
 *
 * <p>A case whose SQL or plans differ from the file fails with a line diff, and every plan of the class
 * that ran is written to {@code target/plans/<TestClass>.plans} (the reference file as it would be) to
 * compare or copy. To accept changed plans, run the tests again with {@code -Dplans.overwrite=true},
 * which rewrites the reference file instead of failing, e.g.
 * {@code mvn -B -q -pl planner-rules -am verify -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtest='dev.lakejdbc.rules.**' -Dplans.overwrite=true}; then read the diff of the reference file
 * before committing it: each changed line is a changed plan.
 */
public final class ReferencePlans {
  private static final String CASE = "### ";
  private static final String PART = "--- ";
  private static final List<String> PARTS = List.of("sql", "before", "after");

  private final String testClass;
  private final Path reference;
  private final Map<String, Map<String, String>> expected;
  private final Map<String, Map<String, String>> actual = new TreeMap<>();

  public ReferencePlans(Class<?> testClass) {
    this.testClass = testClass.getSimpleName();
    Path module = Path.of(System.getProperty("basedir", "."));
    this.reference = module.resolve("src/test/resources")
        .resolve(testClass.getPackageName().replace('.', '/')).resolve(this.testClass + ".plans");
    this.expected = Files.exists(reference) ? read(reference) : Map.of();
  }

  private static boolean overwrite() {
    return Boolean.getBoolean("plans.overwrite");
  }

  /**
   * Checks one case against the reference file.
   *
   * @throws AssertionError with a diff when it differs (unless {@code -Dplans.overwrite=true})
   */
  public synchronized void check(String name, String sql, String before, String after) {
    Map<String, String> parts = new LinkedHashMap<>();
    parts.put("sql", sql.strip());
    parts.put("before", before.strip());
    parts.put("after", after.strip());
    actual.put(name, parts);
    writeActual();
    Map<String, String> reference = expected.get(name);
    if (overwrite()) {
      return;
    }
    if (reference == null) {
      throw new AssertionError("No reference plans for case '" + name + "' in " + this.reference
          + "; the actual ones are in " + actualFile() + ". Run with -Dplans.overwrite=true to add them.\n"
          + format(Map.of(name, parts)));
    }
    StringBuilder diffs = new StringBuilder();
    for (String part : PARTS) {
      String want = reference.getOrDefault(part, "");
      String got = parts.get(part);
      if (!want.equals(got)) {
        diffs.append(PART).append(part).append(" (- reference, + actual)\n").append(diff(want, got));
      }
    }
    if (diffs.length() > 0) {
      throw new AssertionError("Case '" + name + "' of " + testClass + " differs from " + this.reference
          + " (all actual plans: " + actualFile() + "; -Dplans.overwrite=true accepts them):\n" + diffs);
    }
  }

  private Path actualFile() {
    return Path.of(System.getProperty("basedir", "."), "target", "plans", testClass + ".plans");
  }

  /**
   * Writes the reference file as it would be with this run's plans: the actual plans of the cases
   * that ran, the reference ones of the others. With {@code -Dplans.overwrite=true}, into the
   * reference file itself.
   */
  private void writeActual() {
    Map<String, Map<String, String>> merged = new TreeMap<>(expected);
    merged.putAll(actual);
    String text = "# Reference plans of " + testClass + ": see ReferencePlans for the format and how to "
        + "update them.\n\n" + format(merged);
    try {
      Path target = overwrite() ? reference : actualFile();
      Files.createDirectories(target.getParent());
      Files.writeString(target, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String format(Map<String, Map<String, String>> cases) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Map<String, String>> c : new TreeMap<>(cases).entrySet()) {
      out.append(CASE).append(c.getKey()).append('\n');
      for (String part : PARTS) {
        out.append(PART).append(part).append('\n').append(c.getValue().getOrDefault(part, "")).append('\n');
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static Map<String, Map<String, String>> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Map<String, String>> cases = new TreeMap<>();
    Map<String, String> current = null;
    String part = null;
    StringBuilder text = new StringBuilder();
    for (String line : lines) {
      if (line.startsWith(CASE) || line.startsWith(PART)) {
        if (current != null && part != null) {
          current.put(part, text.toString().strip());
        }
        text.setLength(0);
        if (line.startsWith(CASE)) {
          current = new LinkedHashMap<>();
          cases.put(line.substring(CASE.length()).strip(), current);
          part = null;
        } else {
          part = line.substring(PART.length()).strip();
        }
      } else if (part != null) {
        text.append(line).append('\n');
      }
    }
    if (current != null && part != null) {
      current.put(part, text.toString().strip());
    }
    return cases;
  }

  /** A line diff of two texts (longest common subsequence): "-" only in a, "+" only in b. */
  static String diff(String a, String b) {
    String[] x = a.split("\n", -1);
    String[] y = b.split("\n", -1);
    int[][] common = new int[x.length + 1][y.length + 1];
    for (int i = x.length - 1; i >= 0; i--) {
      for (int j = y.length - 1; j >= 0; j--) {
        common[i][j] = x[i].equals(y[j]) ? common[i + 1][j + 1] + 1
            : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    List<String> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i].equals(y[j])) {
        out.add("  " + x[i++]);
        j++;
      } else if (i < x.length && (j == y.length || common[i + 1][j] >= common[i][j + 1])) {
        out.add("- " + x[i++]);
      } else {
        out.add("+ " + y[j++]);
      }
    }
    return String.join("\n", out) + "\n";
  }
}
