package dev.lakejdbc.driver.cli;

import dev.lakejdbc.driver.LakeDriver;
import dev.lakejdbc.driver.LakeUrl;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import sqlline.SqlLine;

/**
 * The jar's entry point:
 * <pre>
 *   java -jar lake-jdbc.jar --demo [dir]                 generate the demo lake and run the articles' queries
 *   java -jar lake-jdbc.jar &lt;location&gt; [-e SQL] [-f file] a SQL shell (sqlline) on a lake
 *   java -jar lake-jdbc.jar --serve &lt;port&gt; &lt;location&gt; [--bind &lt;host&gt;] [--auth ...] [--keystore ...]
 *                                                  the lake over HTTP(S) for Avatica's remote client
 *   java -jar lake-jdbc.jar --hash-password          a password's hash for the server's password file
 * </pre>
 * In {@code -e}/{@code -f} mode the exit status is non-zero when a statement fails.
 */
public final class Main {
  private static final String USAGE = String.join("\n",
      "Usage:",
      "  java -jar lake-jdbc.jar --demo [dir]       generate the demo lake (reused when present) and run",
      "                                             the example queries of the pruning articles",
      "  java -jar lake-jdbc.jar <location> [options] SQL shell (sqlline) on the lake at <location>:",
      "                                             a local path or a Hadoop URI, optionally with",
      "                                             ;key=value connection properties",
      "      -e \"SQL\"      run the statement(s) and exit",
      "      -f file.sql   run the script and exit",
      "      --no-progress no progress line on stderr for queries that run longer than a second",
      "      any other sqlline option, e.g. --outputformat=csv",
      "      Ctrl-C cancels the running query (the shell stays)",
      "  java -jar lake-jdbc.jar --serve <port> <location> [--bind <host>]",
      "        [--auth basic|digest --users <file>] [--keystore <file> --keystore-password-file <file>]",
      "                                             serve the lake over HTTP (Avatica, protobuf) until",
      "                                             stopped; clients connect with",
      "                                             jdbc:avatica:remote:url=http://127.0.0.1:<port>;serialization=protobuf",
      "                                             port 0 picks a free port (printed); listens on",
      "                                             127.0.0.1 unless --bind <host> (0.0.0.0: every",
      "                                             interface); --auth: passwords checked against a",
      "                                             Jetty password file (user: MD5:<hash>); --keystore:",
      "                                             TLS (https) with the key and certificate in it",
      "  java -jar lake-jdbc.jar --hash-password    read a password from the terminal or stdin and print",
      "                                             its hash for a --users file",
      "  java -jar lake-jdbc.jar --help");

  private static final int PIPED_WIDTH = 1000;
  private static final String NO_PROGRESS = "--no-progress";

  private Main() {}

  public static void main(String[] args) throws IOException {
    System.exit(run(args));
  }

  static int run(String[] args) throws IOException {
    CliLogging.configure();
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      System.out.println(USAGE);
      return args.length == 0 ? 1 : 0;
    }
    if (args[0].equals("--serve")) {
      return RemoteServer.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err);
    }
    if (args[0].equals("--hash-password")) {
      return PasswordHash.run(System.in, System.out);
    }
    if (args[0].equals("--demo")) {
      Path dir = args.length > 1 ? Path.of(args[1]) : Demo.defaultDirectory();
      return Demo.run(dir, System.out);
    }
    return shell(args[0], Arrays.copyOfRange(args, 1, args.length));
  }

  /**
   * sqlline prints a stack trace after each error until its start-up is complete, whatever its
   * {@code verbose} option says, and a batch's statements (-e, -f) all run during start-up: each
   * failed statement came with some 70 lines of Java frames after its message. Marked complete from
   * the start, it shows the message and state alone, and the trace with {@code --verbose=true}. A
   * sqlline without that field is left as it is.
   */
  private static void errorsAsOptionsSay() {
    try {
      Field initComplete = SqlLine.class.getDeclaredField("initComplete");
      initComplete.setAccessible(true);
      initComplete.setBoolean(null, true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Traces after errors, as before.
    }
  }

  private static int shell(String location, String[] options) throws IOException {
    String url = location.startsWith(LakeUrl.PREFIX) ? location : LakeUrl.PREFIX + location;
    List<String> args = new ArrayList<>(List.of("-u", url, "-n", "", "-p", "",
        "-d", LakeDriver.class.getName(), "--isolation=TRANSACTION_NONE",
        "--connectInteractionMode=notAskCredentials"));
    if (System.console() == null && Arrays.stream(options).noneMatch(o -> o.startsWith("--maxWidth"))) {
      // Without a terminal sqlline takes the width as 0 and prints empty tables.
      args.add("--maxWidth=" + PIPED_WIDTH);
    }
    boolean progress = true;
    for (String option : options) {
      if (option.equals(NO_PROGRESS)) {
        progress = false;
      } else {
        args.add(option);
      }
    }
    if (progress) {
      Progress.start(System.err, System.console() != null);
    }
    boolean batch = args.contains("-e") || args.contains("-f")
        || args.stream().anyMatch(a -> a.startsWith("--run="));
    // A batch run without a console has no terminal to find: handed the process's streams, sqlline's
    // JLine makes a plain one instead of probing for a system terminal through its native libraries
    // (JNA, Jansi) and logging that none was found, 0.1-0.15 s of a `-e` run.
    InputStream input = batch && System.console() == null ? System.in : null;
    if (input != null) {
      // JLine would still try a pseudo-terminal through JNA, then Jansi, before the plain terminal
      // it settles for on streams, and read $TERM's capabilities for output that goes to a pipe or
      // a file: 0.05-0.1 s of a `-e` run.
      System.getProperties().putIfAbsent("org.jline.terminal.jna", "false");
      System.getProperties().putIfAbsent("org.jline.terminal.jansi", "false");
      System.getProperties().putIfAbsent("org.jline.terminal.type", "dumb");
    }
    if (batch) {
      errorsAsOptionsSay();
    }
    SqlLine.Status status = SqlLine.start(args.toArray(new String[0]), input, !batch);
    return status == SqlLine.Status.OK ? 0 : 2;
  }
}
