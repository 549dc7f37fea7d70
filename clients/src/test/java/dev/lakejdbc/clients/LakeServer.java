package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code java -jar lake-jdbc.jar --serve 0 <lake>} for the remote half of the client tests. */
final class LakeServer implements AutoCloseable {
  private static final Pattern URL = Pattern.compile("Connect with: (jdbc:avatica:remote:\\S+)");
  private final Jvm.Run run;
  final String url;

  LakeServer(Path dir) throws Exception {
    run = Jvm.start(dir, List.of("-jar", Jvm.jar().toString(), "--serve", "0", Lake.root().toString()));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    String found = null;
    while (found == null && System.nanoTime() < deadline && run.process.isAlive()) {
      found = run.lines().map(URL::matcher).filter(Matcher::matches).map(m -> m.group(1)).findFirst()
          .orElse(null);
      Thread.sleep(100);
    }
    assertTrue(found != null, () -> "the server printed no URL; " + run.transcript());
    url = found;
  }

  /** The same server through lake-jdbc's own client: jdbc:lake:remote: and Avatica's URL part. */
  String lakeUrl() {
    return "jdbc:lake:remote:" + url.substring("jdbc:avatica:remote:".length());
  }

  @Override public void close() throws Exception {
    run.process.destroy();
    if (!run.process.waitFor(20, TimeUnit.SECONDS)) {
      run.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
