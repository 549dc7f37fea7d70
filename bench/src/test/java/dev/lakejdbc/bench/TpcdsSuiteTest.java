package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.bench.TpcdsQueries.Part;
import dev.lakejdbc.bench.TpcdsSuite.EngineSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JVM warm-up of {@code --jvm-warmup}: every part once, on the other lake, on an engine of its own. */
class TpcdsSuiteTest {
  @Test void aJvmWarmupRunsEveryPartOnceOnTheOtherLakeAndClosesItsEngine() throws Exception {
    List<String> calls = new ArrayList<>();
    Path warm = Path.of("/nowhere/tpcds-sf0.1");
    List<Part> parts = List.of(new Part("q1", 1, "SELECT 1"), new Part("q2", 2, "SELECT 2"),
        new Part("q3", 3, "SELECT 3"));
    EngineSpec spec = new EngineSpec("fake", () -> new RecordingEngine(calls), null,
        p -> !p.name().equals("q3"));
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    TpcdsSuite suite = new TpcdsSuite(List.of(spec), new TpcdsSuite.Settings(0, 1, 10, 0,
        new TpcdsSuite.JvmWarmup(0.1, warm)), new PrintStream(log, true, StandardCharsets.UTF_8));

    int failed = suite.warmUp(spec, warm, parts);

    // q2 fails on the fake engine and is counted; q3 is not one of the engine's parts.
    assertEquals(1, failed);
    assertEquals(List.of("open " + warm, "query SELECT 1", "query SELECT 2", "close"), calls);
  }

  /** Records what the suite asks of it; fails the second statement. */
  private record RecordingEngine(List<String> calls) implements Engine {
    @Override public String name() {
      return "fake";
    }

    @Override public void open(Path lake, List<String> tables) {
      calls.add("open " + lake);
    }

    @Override public String describe() {
      return "fake";
    }

    @Override public String version() {
      return "0";
    }

    @Override public Result run(String sql) {
      throw new UnsupportedOperationException();
    }

    @Override public Rows query(String sql, int timeoutSeconds) throws Exception {
      calls.add("query " + sql);
      if (sql.equals("SELECT 2")) {
        throw new java.sql.SQLException("no such table");
      }
      return new Rows(List.of("x"), List.of());
    }

    @Override public void close() {
      calls.add("close");
    }
  }
}
