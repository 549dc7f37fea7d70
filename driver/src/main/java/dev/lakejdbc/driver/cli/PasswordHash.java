package dev.lakejdbc.driver.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.util.security.Credential;

/**
 * {@code java -jar lake-jdbc.jar --hash-password}: reads a password (without echo at a terminal, else
 * the first line of stdin) and prints the {@code MD5:...} form a Jetty password file holds, so that
 * the server's {@code --users} file needs no password in clear text: {@code alice: MD5:5ebe22...}.
 */
final class PasswordHash {
  private PasswordHash() {}

  static int run(InputStream in, PrintStream out) throws IOException {
    Console console = System.console();
    String password;
    if (console != null) {
      char[] typed = console.readPassword("Password: ");
      password = typed == null ? null : new String(typed);
    } else {
      password = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
    }
    if (password == null || password.isEmpty()) {
      System.err.println("No password given");
      return 1;
    }
    out.println(Credential.MD5.digest(password));
    return 0;
  }
}
