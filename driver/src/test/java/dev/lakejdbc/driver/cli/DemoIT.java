package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.cli.JarProcess.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar lake-jdbc.jar --demo <dir>}: generates the lake once, then runs the examples. */
class DemoIT {
  /** An example as the user sees it: its title, the result's column labels and row count. */
  private record Example(String title, List<String> columns, int rows) {}

  private static final List<Example> EXAMPLES = List.of(
      new Example("Bank: transactions per branch (first 10 branches)",
          List.of("branch_id", "txns", "total"), 10),
      new Example("Bank, static pruning: WHERE branch = 'Mumbai'",
          List.of("branch", "txns", "total"), 1),
      new Example("Bank, dynamic pruning: transactions of the branches in region West",
          List.of("branch_id", "city", "txns", "total"), 10),
      new Example("Retail, static pruning: 7 of 365 days",
          List.of("orders", "revenue"), 1),
      new Example("Retail, dynamic pruning: orders on holidays (dim_date.date_type = 'holiday')",
          List.of("date_id", "orders", "revenue"), 7));

  /** The line under a result table's header, e.g. {@code ------+---------}. */
  private static final Pattern RULE = Pattern.compile("-+(-\\+-+)*");
  /** The only part of the output that differs between two runs. */
  private static final Pattern TIMING = Pattern.compile("\\(\\d+ ms\\)");

  @TempDir static Path lake;
  @TempDir static Path work;
  static Result firstRun;

  @BeforeAll static void runDemoOnEmptyDirectory() {
    firstRun = runDemo();
  }

  @Test void printsEveryExampleWithItsResultTable() {
    firstRun.assertStdoutContains("Connect with: jdbc:lake:" + lake.toAbsolutePath());
    for (Example example : EXAMPLES) {
      List<String> section = section(firstRun, example.title());
      int rule = indexOfRule(section);
      assertTrue(rule > 0, () -> "no table under " + example.title() + "; " + firstRun.transcript());
      List<String> header =
          Arrays.stream(section.get(rule - 1).split("\\|")).map(String::trim).toList();
      assertEquals(example.columns(), header, firstRun::transcript);
      String rowCount = "(" + example.rows() + (example.rows() == 1 ? " row)" : " rows)");
      assertTrue(section.contains(rowCount), () -> rowCount + " missing; " + firstRun.transcript());
    }
  }

  @Test void secondRunReusesTheLake() throws IOException {
    Map<Path, Long> written = modificationTimes();
    Result secondRun = runDemo();
    assertEquals(written, modificationTimes(), "the second run rewrote the lake");
    assertEquals(withoutTimings(firstRun), withoutTimings(secondRun), secondRun::transcript);
  }

  private static Result runDemo() {
    return JarProcess.runJar(work, "--demo", lake.toString()).assertExitCode(0);
  }

  /** The lines after {@code == title}, up to the next example. */
  private static List<String> section(Result result, String title) {
    List<String> lines = result.stdout().lines().toList();
    int start = lines.indexOf("== " + title);
    assertTrue(start >= 0, () -> "no example titled " + title + "; " + result.transcript());
    return lines.subList(start + 1, lines.size()).stream()
        .takeWhile(line -> !line.startsWith("== "))
        .toList();
  }

  private static int indexOfRule(List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (RULE.matcher(lines.get(i)).matches()) {
        return i;
      }
    }
    return -1;
  }

  private static String withoutTimings(Result result) {
    return TIMING.matcher(result.stdout()).replaceAll("(? ms)");
  }

  private static Map<Path, Long> modificationTimes() throws IOException {
    try (Stream<Path> files = Files.walk(lake)) {
      return files.filter(Files::isRegularFile)
          .collect(Collectors.toMap(p -> p, p -> p.toFile().lastModified()));
    }
  }
}
