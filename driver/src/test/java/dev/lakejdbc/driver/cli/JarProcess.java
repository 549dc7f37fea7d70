package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the shaded jar in a JVM of its own, as a user would: {@code java -jar lake-jdbc.jar ...}, or a
 * program with nothing but the jar on its class path.
 */
final class JarProcess {
  private static final long TIMEOUT_SECONDS = 120;

  /** What a run left behind; {@link #transcript()} goes into every assertion message. */
  record Result(int exitCode, String stdout, String stderr) {
    String transcript() {
      return "exit code " + exitCode + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
    }

    Result assertExitCode(int expected) {
      assertEquals(expected, exitCode, this::transcript);
      return this;
    }

    Result assertStdoutContains(String... expected) {
      return assertContains(stdout, "stdout", expected);
    }

    Result assertStderrContains(String... expected) {
      return assertContains(stderr, "stderr", expected);
    }

    private Result assertContains(String text, String stream, String... expected) {
      for (String e : expected) {
        assertTrue(text.contains(e), () -> stream + " lacks [" + e + "]; " + transcript());
      }
      return this;
    }
  }

  private JarProcess() {}

  /** The jar under test; failsafe passes its path, so the ITs never pick up a stale copy elsewhere. */
  static Path jar() {
    String path = System.getProperty("lake.jar");
    assertNotNull(path, "system property lake.jar is not set: run the ITs through mvn verify");
    Path jar = Path.of(path);
    assertTrue(Files.isRegularFile(jar), () -> "no jar at " + jar + ": package the driver first");
    return jar;
  }

  /** {@code java -jar lake-jdbc.jar args...}. */
  static Result runJar(Path workDir, String... args) {
    List<String> javaArgs = new ArrayList<>(List.of("-jar", jar().toString()));
    javaArgs.addAll(List.of(args));
    return runJava(workDir, javaArgs);
  }

  /**
   * The test JVM's own {@code java} with the given arguments, started in workDir, which is also the
   * child's user.home: sqlline creates ~/.sqlline, and a test must not write into the real home.
   */
  static Result runJava(Path workDir, List<String> javaArgs) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Duser.home=" + workDir);
    // Each run lasts seconds: the C1 compiler alone gets there sooner, which keeps the ITs fast.
    command.add("-XX:TieredStopAtLevel=1");
    command.addAll(javaArgs);
    Process process;
    try {
      process = new ProcessBuilder(command).directory(workDir.toFile()).start();
      // No input: a shell that waits for stdin would otherwise hang until the timeout.
      process.getOutputStream().close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
    // Drained while the process runs, so a full pipe buffer cannot block it.
    CompletableFuture<String> stdout = drain(process.getInputStream());
    CompletableFuture<String> stderr = drain(process.getErrorStream());
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        Result killed = new Result(process.destroyForcibly().waitFor(),
            stdout.get(10, TimeUnit.SECONDS), stderr.get(10, TimeUnit.SECONDS));
        fail("killed after " + TIMEOUT_SECONDS + " s: " + command + "; " + killed.transcript());
      }
      return new Result(process.exitValue(), stdout.get(), stderr.get());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + command, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("cannot read the output of " + command, e);
    }
  }

  /** Reads the stream to its end on a thread of its own (not the common pool: the reads block). */
  private static CompletableFuture<String> drain(InputStream stream) {
    CompletableFuture<String> text = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (stream) {
        text.complete(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException | RuntimeException e) {
        text.completeExceptionally(e);
      }
    }, "jar-process-output");
    reader.setDaemon(true);
    reader.start();
    return text;
  }
}
