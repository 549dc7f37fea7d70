package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.clients.boot.LakeBootApp;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Spring Boot 4 application with Logback ({@link LakeBootApp}) in a JVM of its own, the shaded jar
 * first and then last on its class path: it starts (the jar's logging does not get in Logback's way),
 * its own logging and the driver's libraries' records (java.util.logging, which Boot bridges, at the
 * levels the application sets) come out through Logback, and its answers equal DuckDB's.
 */
class SpringBootIT {
  /** Logback's pattern in Spring Boot: "2026-...  INFO 123 --- [main] logger : message". */
  private static final String LOGBACK_LINE = "^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+\\S*\\s+INFO \\d+ --- \\[.*\\] \\S+\\s+: .*";

  private static final String LOGBACK_DEBUG_LINE = LOGBACK_LINE.replace("INFO", "DEBUG");
  /** parquet-java's file reader as the jar relocates it. */
  private static final String PARQUET_FILE_READER =
      "dev.lakejdbc.shaded.org.apache.parquet.hadoop.ParquetFileReader";

  @TempDir Path work;

  @ParameterizedTest(name = "jar first: {0}")
  @ValueSource(booleans = {true, false})
  void startsAndLogsThroughLogback(boolean jarFirst) throws Exception {
    Jvm.Run app = Jvm.start(work, List.of("-cp", Jvm.classPath(jarFirst), LakeBootApp.class.getName(),
        "--spring.datasource.url=" + Lake.url(),
        "--spring.datasource.driver-class-name=dev.lakejdbc.driver.LakeDriver",
        "--spring.main.banner-mode=off",
        "--logging.level." + PARQUET_FILE_READER + "=DEBUG"));
    assertEquals(0, app.await(300), app::transcript);
    List<String> log = app.lines().toList();
    assertTrue(log.stream().anyMatch(l -> l.matches(LOGBACK_LINE)
        && l.endsWith("logger factory: ch.qos.logback.classic.LoggerContext")), app::transcript);
    // A record of parquet-java's, inside the jar, under its relocated name, logged through
    // java.util.logging and Boot's bridge at the level the application set in Logback (which Boot
    // propagates to java.util.logging). At INFO the driver's libraries say nothing on these files.
    assertTrue(log.stream().anyMatch(l -> l.matches(LOGBACK_DEBUG_LINE)
        && l.contains(".p.hadoop.ParquetFileReader") && l.contains("read footer length")), app::transcript);

    try (DuckDb duck = Lake.duck("fact_orders", "dim_date")) {
      List<String> since = duck.query("SELECT count(*), sum(amount) FROM fact_orders "
          + "WHERE dt >= DATE '2026-03-01'").get(0);
      String line = answer(log, "answer since: ");
      String[] parts = line.split("\\|");
      assertEquals(since, List.of(parts[0], Rows.normalize(new BigDecimal(parts[1]))), app::transcript);
      List<String> holidays = duck.query("SELECT date_id FROM dim_date WHERE date_type = 'holiday' "
          + "ORDER BY date_id LIMIT 3").stream().map(r -> r.get(0)).toList();
      assertEquals(holidays.toString(), answer(log, "answer holidays: "), app::transcript);
    }
  }

  private static String answer(List<String> log, String prefix) {
    return log.stream().filter(l -> l.contains(prefix)).findFirst()
        .map(l -> l.substring(l.indexOf(prefix) + prefix.length()))
        .orElseThrow(() -> new AssertionError("no [" + prefix + "] in " + String.join("\n", log)));
  }
}
