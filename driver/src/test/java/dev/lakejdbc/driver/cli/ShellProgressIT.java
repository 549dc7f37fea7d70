package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lakejdbc.driver.reliability.BigLake;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query of seconds in the jar's shell: a progress line (files read of files to read) on stderr once it
 * has run for a second, and Ctrl-C on the terminal cancels the query while the shell stays.
 */
class ShellProgressIT {
  private static final int FILES = 600;
  /** Four scans of 3 million rows, matching a string per row: tens of seconds if nothing stops it. */
  private static final String SLOW = "SELECT count(*) FROM (SELECT s FROM big UNION ALL SELECT s FROM big "
      + "UNION ALL SELECT s FROM big UNION ALL SELECT s FROM big) WHERE s LIKE '%qq%zz%'";
  private static final Pattern PROGRESS = Pattern.compile("big: [0-9,]+ of " + FILES + " files");

  @TempDir static Path dir;
  static Path lake;
  @TempDir Path work;

  @BeforeAll static void writeLake() throws IOException {
    // BigLake writes its template file beside the lake: inside the temporary directory.
    lake = BigLake.write(dir.resolve("lake"), FILES, 5_000);
  }

  @Test void ctrlCOnTheTerminalCancelsTheQueryAndTheShellGoesOn() throws Exception {
    assumeTrue(TerminalSession.available(), "util-linux script makes the terminal");
    try (TerminalSession shell = TerminalSession.startJar(work, lake.toString())) {
      shell.awaitText("jdbc:lake:", 0, 60);
      int typed = shell.mark();
      shell.type(SLOW + ";\n");
      String progress = shell.awaitText(" files", typed, 60);
      assertTrue(PROGRESS.matcher(progress).find(), progress);
      int interrupted = shell.mark();
      shell.type(TerminalSession.CTRL_C);
      String canceled = shell.awaitText("state=57014", interrupted, 10);
      assertTrue(canceled.contains("Query canceled"), canceled);
      int next = shell.mark();
      shell.type("SELECT 6 * 7 AS answer;\n");
      shell.awaitText("| 42", next, 30);
      shell.type("!quit\n");
      assertEquals(0, shell.awaitExit(30), shell.screen());
    }
  }

  @Test void withoutATerminalProgressIsPrintedAsLinesOnStderr() {
    JarProcess.Result result = JarProcess.runJar(work, lake.toString(), "-e", SLOW, "--timeout=4")
        .assertExitCode(2)
        .assertStderrContains("state=57014");
    assertTrue(PROGRESS.matcher(result.stderr()).find(), result::transcript);
    assertTrue(result.stderr().lines().anyMatch(l -> PROGRESS.matcher(l).matches()),
        "a line of its own: " + result.transcript());
    assertTrue(!PROGRESS.matcher(result.stdout()).find(), "progress stays off stdout: " + result.transcript());
  }

  @Test void noProgressOptionSilencesIt() {
    JarProcess.Result result = JarProcess.runJar(work, lake.toString(), "--no-progress", "-e", SLOW,
        "--timeout=3")
        .assertExitCode(2)
        .assertStderrContains("state=57014");
    assertTrue(!PROGRESS.matcher(result.stderr()).find(), result::transcript);
  }
}
