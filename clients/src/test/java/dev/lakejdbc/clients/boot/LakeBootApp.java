package dev.lakejdbc.clients.boot;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * A Spring Boot application as a user writes one: Boot's auto-configured HikariCP DataSource from
 * {@code spring.datasource.*}, Logback through spring-boot-starter-logging, JdbcTemplate and
 * NamedParameterJdbcTemplate. It logs what it finds; {@code SpringBootIT} reads the log.
 */
@SpringBootApplication
public class LakeBootApp {
  private static final Logger LOG = LoggerFactory.getLogger(LakeBootApp.class);

  public static void main(String[] args) {
    SpringApplication.run(LakeBootApp.class, args).close();
  }

  @Bean CommandLineRunner queries(JdbcTemplate jdbc, NamedParameterJdbcTemplate named) {
    return args -> {
      LOG.info("logger factory: {}", LoggerFactory.getILoggerFactory().getClass().getName());
      java.util.Date march = java.sql.Date.valueOf("2026-03-01");
      Map<String, Object> since = jdbc.queryForMap(
          "SELECT count(*) AS n, sum(amount) AS total FROM fact_orders WHERE dt >= ?",
          new java.util.Date(march.getTime()));
      LOG.info("answer since: {}|{}", since.get("n"), since.get("total"));
      List<LocalDate> holidays = named.query("SELECT date_id FROM dim_date WHERE date_type = :type "
          + "ORDER BY date_id LIMIT :n", Map.of("type", "holiday", "n", 3L),
          (rs, i) -> rs.getObject(1, LocalDate.class));
      LOG.info("answer holidays: {}", holidays);
    };
  }
}
