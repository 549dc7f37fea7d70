package dev.lakejdbc.driver.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The jar's shell on a pseudo-terminal, as a user at a keyboard has it: started through util-linux
 * {@code script}, which gives it a terminal whose line discipline turns a typed Ctrl-C into SIGINT.
 * The test types into it and waits for text to appear on the screen (stdout and stderr together).
 */
final class TerminalSession implements AutoCloseable {
  static final String CTRL_C = "\u0003";

  private final Process process;
  private final OutputStream keyboard;
  private final StringBuffer screen = new StringBuffer();

  private TerminalSession(Process process) {
    this.process = process;
    this.keyboard = process.getOutputStream();
    Thread reader = new Thread(() -> read(process.getInputStream()), "terminal-screen");
    reader.setDaemon(true);
    reader.start();
  }

  /** Whether util-linux {@code script} is there to make a terminal. */
  static boolean available() {
    return Files.isExecutable(Path.of("/usr/bin/script"));
  }

  /** {@code java -jar lake-jdbc.jar args...} on a 120-column terminal, home and working dir workDir. */
  static TerminalSession startJar(Path workDir, String... args) {
    List<String> java = new java.util.ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Duser.home=" + workDir, "-XX:TieredStopAtLevel=1", "-jar", JarProcess.jar().toString()));
    java.addAll(List.of(args));
    // env restores SIGINT's default: a shell started in the background (nohup ... &, some CI runners)
    // ignores SIGINT, its children inherit that, and the JVM then installs no handler for Ctrl-C.
    String command = "stty cols 120 rows 40; exec env --default-signal=INT "
        + java.stream().map(TerminalSession::quote).collect(Collectors.joining(" "));
    try {
      return new TerminalSession(new ProcessBuilder("/usr/bin/script", "-q", "-f", "-e", "-c", command,
          "/dev/null").directory(workDir.toFile()).redirectErrorStream(true).start());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
  }

  private static String quote(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }

  private void read(InputStream in) {
    byte[] buffer = new byte[8192];
    try (in) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      screen.append("\n[screen closed: ").append(e).append("]");
    }
  }

  void type(String keys) {
    try {
      keyboard.write(keys.getBytes(StandardCharsets.UTF_8));
      keyboard.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot type into the terminal; screen:\n" + screen, e);
    }
  }

  /** The screen from {@code from} on, once it contains {@code text}; fails after the timeout. */
  String awaitText(String text, int from, long timeoutSeconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    while (System.nanoTime() < deadline) {
      String shown = screen.substring(Math.min(from, screen.length()));
      if (shown.contains(text)) {
        return shown;
      }
      Thread.sleep(50);
    }
    fail("no [" + text + "] on the screen within " + timeoutSeconds + " s; screen:\n" + screen);
    return null;
  }

  /** How much the screen holds now: a start for the next {@link #awaitText}. */
  int mark() {
    return screen.length();
  }

  int awaitExit(long timeoutSeconds) throws InterruptedException {
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      fail("the shell did not exit within " + timeoutSeconds + " s; screen:\n" + screen);
    }
    return process.exitValue();
  }

  String screen() {
    return screen.toString();
  }

  @Override public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
