package dev.lakejdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * HikariCP 7 with Spring's JdbcTemplate and NamedParameterJdbcTemplate, unchanged, on the shaded jar:
 * the pool finds the driver from the URL alone; parameters bound the way Spring binds them (a
 * java.util.Date as a Timestamp, Strings, Longs for LIMIT, expanded IN lists) and rows mapped through
 * getObject(i, Class) (DataClassRowMapper into a record). Embedded, and through {@code --serve} with
 * Avatica's client and with lake-jdbc's ({@code jdbc:lake:remote:}), both from the same jar. Every
 * answer equals DuckDB's.
 */
class SpringJdbcIT {
  record Order(long orderId, LocalDate dt, BigDecimal amount, Integer qty) {}

  @TempDir static Path work;
  static DuckDb duck;
  static LakeServer server;
  static HikariDataSource embedded;
  static HikariDataSource remote;
  static HikariDataSource lakeRemote;

  @BeforeAll static void open() throws Exception {
    duck = Lake.duck("fact_orders", "dim_date", "transactions");
    embedded = pool(Lake.url());
    server = new LakeServer(work);
    remote = pool(server.url);
    lakeRemote = pool(server.lakeUrl());
  }

  private static HikariDataSource pool(String url) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setMaximumPoolSize(2);
    return new HikariDataSource(config);
  }

  @AfterAll static void close() throws Exception {
    for (AutoCloseable c : new AutoCloseable[] {embedded, remote, lakeRemote, server, duck}) {
      if (c != null) {
        c.close();
      }
    }
  }

  private static final ResultSetExtractor<List<List<String>>> ROWS = Rows::read;

  private static void assertSameAnswers(HikariDataSource ds, boolean javaTime) throws Exception {
    JdbcTemplate jdbc = new JdbcTemplate(ds);
    NamedParameterJdbcTemplate named = new NamedParameterJdbcTemplate(ds);
    java.util.Date march = java.util.Date.from(LocalDate.of(2026, 3, 1)
        .atStartOfDay(java.time.ZoneId.systemDefault()).toInstant());
    String since = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt >= ";
    List<List<String>> expected = duck.query(since + "DATE '2026-03-01'");
    assertEquals(expected, jdbc.query(since + "?", ROWS, march), "java.util.Date");
    assertEquals(expected, jdbc.query(since + "?", ROWS, "2026-03-01"), "String");
    assertEquals(expected, jdbc.query(since + "?", ROWS, new Timestamp(march.getTime())), "Timestamp");
    if (javaTime) {
      assertEquals(expected, jdbc.query(since + "?", ROWS, LocalDate.of(2026, 3, 1)), "LocalDate");
    }

    String page = "SELECT order_id, dt, amount, qty FROM fact_orders WHERE dt BETWEEN ? AND ? "
        + "ORDER BY order_id LIMIT ? OFFSET ?";
    List<List<String>> expectedPage = duck.query("SELECT order_id, dt, amount, qty FROM fact_orders "
        + "WHERE dt BETWEEN DATE '2026-02-01' AND DATE '2026-02-03' ORDER BY order_id LIMIT 7 OFFSET 5");
    assertEquals(expectedPage, jdbc.query(page, ROWS, java.sql.Date.valueOf("2026-02-01"), "2026-02-03", 7L, 5L));
    List<Order> orders = jdbc.query(page, new DataClassRowMapper<>(Order.class),
        java.sql.Date.valueOf("2026-02-01"), "2026-02-03", 7L, 5L);
    assertEquals(expectedPage, orders.stream().map(o -> List.of(String.valueOf(o.orderId()),
        o.dt().toString(), Rows.normalize(o.amount()), String.valueOf(o.qty()))).toList());

    String holidays = "SELECT d.date_id, count(*) AS orders FROM fact_orders f JOIN dim_date d "
        + "ON f.dt = d.date_id WHERE d.date_type = :type AND f.qty IN (:quantities) "
        + "GROUP BY d.date_id ORDER BY d.date_id LIMIT :n";
    List<List<String>> expectedHolidays = duck.query(holidays.replace(":type", "'holiday'")
        .replace(":quantities", "1, 3, 5").replace(":n", "5"));
    assertTrue(!expectedHolidays.isEmpty());
    assertEquals(expectedHolidays, named.query(holidays, Map.of("type", "holiday",
        "quantities", List.of(1L, 3L, 5L), "n", 5), ROWS));

    String after = "SELECT count(*) FROM transactions WHERE txn_ts >= :at AND channel = :channel";
    LocalDateTime at = LocalDateTime.of(2026, 6, 1, 8, 0);
    List<List<String>> expectedAfter = duck.query(after.replace(":at", "TIMESTAMP '2026-06-01 08:00:00'")
        .replace(":channel", "'ATM'"));
    assertEquals(expectedAfter, named.query(after, Map.of("at", Timestamp.valueOf(at), "channel", "ATM"), ROWS));
    if (javaTime) {
      assertEquals(expectedAfter, named.query(after, Map.of("at", at, "channel", "ATM"), ROWS));
    }
  }

  @Test void embedded() throws Exception {
    assertSameAnswers(embedded, true);
  }

  /** Avatica's client cannot send java.time values (README), so those are left out with it. */
  @Test void throughTheServer() throws Exception {
    assertSameAnswers(remote, false);
  }

  /** lake-jdbc's remote client (jdbc:lake:remote:) converts them before Avatica sends them. */
  @Test void throughTheServerWithLakeJdbcsClient() throws Exception {
    assertSameAnswers(lakeRemote, true);
    try (java.sql.Connection c = lakeRemote.getConnection()) {
      // What the server serves, and the embedded driver's connection defaults.
      assertEquals("lake-jdbc", c.getMetaData().getDatabaseProductName());
      try (java.sql.Connection local = embedded.getConnection()) {
        assertEquals(local.getMetaData().getDatabaseProductVersion(),
            c.getMetaData().getDatabaseProductVersion());
      }
      assertTrue(c.getAutoCommit() && c.isReadOnly());
      assertEquals(java.sql.Connection.TRANSACTION_NONE, c.getTransactionIsolation());
    }
  }
}
