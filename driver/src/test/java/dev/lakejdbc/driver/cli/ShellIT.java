package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.driver.cli.JarProcess.Result;
import dev.lakejdbc.testdata.GenerateLake;
import dev.lakejdbc.testdata.RetailLake;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar lake-jdbc.jar <lake> -f/-e}: sqlline in batch mode on a generated lake. */
class ShellIT {
  /** Exit code of a batch whose statement failed (Main maps every sqlline failure to it). */
  private static final int FAILED = 2;

  @TempDir static Path lake;
  /** Scripts and the child's home; kept out of the lake, where a stray file would be a table. */
  @TempDir Path work;

  @BeforeAll static void writeLake() throws IOException {
    GenerateLake.writeAll(lake, 1);
  }

  @Test void scriptListsTablesAndColumnsCountsRowsAndExplains() throws IOException {
    Result result = runScript(
        "!tables",
        "!columns fact_orders",
        "SELECT count(*) AS n FROM fact_orders;",
        "EXPLAIN PLAN FOR SELECT count(*) FROM fact_orders;")
        .assertExitCode(0)
        // CSV rows of DatabaseMetaData.getTables and getColumns: schema, table, then type or column.
        .assertStdoutContains("'lake','fact_orders','TABLE'", "'lake','dim_date','TABLE'",
            "'lake','transactions','TABLE'")
        .assertStdoutContains("'lake','fact_orders','dt'", "'lake','fact_orders','amount'")
        .assertStdoutContains("LakeTableScan(table=[[lake, fact_orders]]");

    RetailLake.Options retail = RetailLake.Options.defaults(); // writeAll(lake, 1): scale 1
    long written = (long) retail.factFiles() * retail.rowsPerFile();
    List<String> lines = result.stdout().lines().toList();
    int header = lines.indexOf("'n'");
    assertTrue(header >= 0, result::transcript);
    assertEquals("'" + written + "'", lines.get(header + 1), result::transcript);
  }

  @Test void failingStatementFailsTheScriptAndNamesTheTable() throws IOException {
    Result result = runScript("SELECT * FROM no_such_table;")
        .assertExitCode(FAILED)
        .assertStderrContains("Object 'no_such_table' not found", "state=42S02");
    assertNoStackTrace(result);
  }

  /** The message and state, without Java frames unless asked for. */
  @Test void errorsInBatchModeShowTheirTraceOnlyWhenVerbose() {
    assertNoStackTrace(runShell("-e", "DESCRIBE no_such_table")
        .assertExitCode(FAILED)
        .assertStderrContains("Table 'no_such_table' not found in schema 'lake'", "state=42S02"));
    runShell("-e", "DESCRIBE no_such_table", "--verbose=true")
        .assertExitCode(FAILED)
        .assertStderrContains("state=42S02", "\tat dev.lakejdbc.driver.");
  }

  private static void assertNoStackTrace(Result result) {
    assertTrue(result.stderr().lines().noneMatch(l -> l.startsWith("\tat ") || l.startsWith("Caused by")),
        result::transcript);
  }

  @Test void singleStatementWithDashE() {
    runShell("-e", "SELECT 6 * 7 AS answer")
        .assertExitCode(0)
        .assertStdoutContains("'answer'", "'42'");
  }

  @Test void syntaxErrorWithDashEFails() {
    runShell("-e", "SELEC 1")
        .assertExitCode(FAILED)
        .assertStderrContains("Syntax error", "state=42000");
  }

  private Result runScript(String... lines) throws IOException {
    Path script = Files.write(work.resolve("script.sql"), List.of(lines));
    return runShell("-f", script.toString());
  }

  /**
   * CSV output: the default table format sizes its columns to the terminal, and a child process has
   * none, so its cells would come out empty.
   */
  private Result runShell(String... options) {
    List<String> args = new ArrayList<>(List.of(lake.toString()));
    args.addAll(List.of(options));
    args.add("--outputformat=csv");
    return JarProcess.runJar(work, args.toArray(String[]::new));
  }
}
