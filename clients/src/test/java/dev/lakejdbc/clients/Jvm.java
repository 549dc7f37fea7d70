package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * JVMs of their own for the clients under test: the shaded jar (failsafe passes its path), this
 * module's test class path with the jar first or last, and processes whose output is collected.
 */
final class Jvm {
  private Jvm() {}

  static Path jar() {
    Path jar = Path.of(System.getProperty("lake.jar", "missing"));
    assertTrue(Files.isRegularFile(jar), () -> "no shaded jar at " + jar + ": run through mvn verify");
    return jar;
  }

  /** This module's test class path without the shaded jar, then with it first or last. */
  static String classPath(boolean jarFirst) {
    String jar = jar().toAbsolutePath().toString();
    List<String> entries = new ArrayList<>();
    // Failsafe's own record of the test class path (java.class.path may be a manifest-only jar).
    String testClassPath = System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path"));
    for (String e : testClassPath.split(File.pathSeparator)) {
      if (!e.isEmpty() && !Path.of(e).toAbsolutePath().toString().equals(jar)) {
        entries.add(e);
      }
    }
    if (jarFirst) {
      entries.add(0, jar);
    } else {
      entries.add(jar);
    }
    return String.join(File.pathSeparator, entries);
  }

  /** A running process whose stdout and stderr lines are collected as they come. */
  static final class Run {
    final Process process;
    final List<String> out = Collections.synchronizedList(new ArrayList<>());
    final List<String> err = Collections.synchronizedList(new ArrayList<>());

    Run(Process process) {
      this.process = process;
      drain(process, true);
      drain(process, false);
    }

    private void drain(Process p, boolean stdout) {
      Thread t = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            stdout ? p.getInputStream() : p.getErrorStream(), StandardCharsets.UTF_8))) {
          for (String line = r.readLine(); line != null; line = r.readLine()) {
            (stdout ? out : err).add(line);
          }
        } catch (IOException e) {
          // ended
        }
      }, "jvm-output");
      t.setDaemon(true);
      t.start();
    }

    /** Waits for the end (killing the process after {@code seconds}); its exit code. */
    int await(long seconds) throws InterruptedException {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("killed after " + seconds + " s; " + transcript());
      }
      // Let the readers take the last lines.
      Thread.sleep(200);
      return process.exitValue();
    }

    String transcript() {
      synchronized (out) {
        synchronized (err) {
          return "\n--- stdout ---\n" + String.join("\n", out) + "\n--- stderr ---\n" + String.join("\n", err);
        }
      }
    }

    Stream<String> lines() {
      synchronized (out) {
        return new ArrayList<>(out).stream();
      }
    }
  }

  /** {@code java args...} with the test JVM's own java, in {@code dir}. */
  static Run start(Path dir, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Duser.home=" + dir);
    command.addAll(args);
    try {
      Process p = new ProcessBuilder(command).directory(dir.toFile()).start();
      p.getOutputStream().close();
      return new Run(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
  }
}
