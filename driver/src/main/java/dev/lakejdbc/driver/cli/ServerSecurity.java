package dev.lakejdbc.driver.cli;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.calcite.avatica.server.HttpServer;
import org.eclipse.jetty.server.Server;

/**
 * The server's door: password authentication (Avatica's HTTP Basic or Digest, against a Jetty password
 * file: {@code user: MD5:<hash>} lines, hashes made with {@code --hash-password}) and TLS (a Java
 * keystore with the server's key and certificate, its password read from a file, never from the
 * command line, which other users of the machine can see).
 */
record ServerSecurity(String auth, Path users, Path keystore, String keystorePassword) {
  /** Any authenticated user of the password file, whatever roles its line names. */
  private static final String[] ANY_USER = {"**"};

  static ServerSecurity of(String auth, String users, String keystore, String keystorePasswordFile) {
    if (auth != null && !auth.equals("basic") && !auth.equals("digest")) {
      throw new IllegalArgumentException("--auth is basic or digest, not '" + auth + "'");
    }
    if ((auth == null) != (users == null)) {
      throw new IllegalArgumentException("--auth and --users go together: the kind of authentication "
          + "and the password file it checks");
    }
    if ((keystore == null) != (keystorePasswordFile == null)) {
      throw new IllegalArgumentException("--keystore and --keystore-password-file go together");
    }
    Path usersFile = users == null ? null : readable(users, "--users");
    Path keystoreFile = keystore == null ? null : readable(keystore, "--keystore");
    String password = null;
    if (keystorePasswordFile != null) {
      try {
        password = Files.readString(readable(keystorePasswordFile, "--keystore-password-file"),
            StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new ServerSecurity(auth, usersFile, keystoreFile, password);
  }

  private static Path readable(String file, String option) {
    Path path = Path.of(file).toAbsolutePath();
    if (!Files.isReadable(path) || Files.isDirectory(path)) {
      throw new IllegalArgumentException(option + " " + file + ": no readable file there");
    }
    return path;
  }

  boolean tls() {
    return keystore != null;
  }

  boolean authenticates() {
    return auth != null;
  }

  boolean complete() {
    return tls() && authenticates();
  }

  /** What is missing, for the warning of a server that other machines can reach. */
  String missing() {
    return !authenticates() && !tls() ? "no authentication and no TLS"
        : !authenticates() ? "no authentication" : "no TLS";
  }

  /** The client URL's part that says how to authenticate, with placeholders for the secrets. */
  String clientUrlSuffix() {
    return (authenticates() ? ";authentication=" + auth.toUpperCase(java.util.Locale.ROOT)
        + ";avatica_user=<user>;avatica_password=<password>" : "")
        + (tls() ? ";truststore=<truststore>;truststore_password=<password>" : "");
  }

  HttpServer.Builder<Server> configure(HttpServer.Builder<Server> builder) {
    if (authenticates()) {
      builder = auth.equals("basic")
          ? builder.withBasicAuthentication(users.toString(), ANY_USER)
          : builder.withDigestAuthentication(users.toString(), ANY_USER);
    }
    if (tls()) {
      // The keystore is also the trust store Avatica insists on; clients are not asked for certificates.
      File store = keystore.toFile();
      builder = builder.withTLS(store, keystorePassword, store, keystorePassword);
    }
    return builder;
  }
}
