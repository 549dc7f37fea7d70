package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PreparedStatement parameters of every class JDBC 4.2 allows for a column's type, bound the ways
 * Spring, jOOQ and Hibernate bind them, in partition filters (pruned in compiled code) and elsewhere:
 * each answer equals DuckDB's for the same value written as a literal, and pruned filters still prune.
 */
class ParametersTest {
  /** Far from UTC and from the JVM's zone, to catch a value shifted by a time zone. */
  private static final ZoneId CALENDAR_ZONE = ZoneId.of("Pacific/Kiritimati");

  static DuckDb duck;
  static Connection lake;

  @BeforeAll static void open() throws Exception {
    Path root = LakeFixture.lake();
    duck = new DuckDb();
    duck.viewOfTable(root, "fact_orders");
    duck.viewOfTable(root, "transactions");
    lake = LakeFixture.connect("");
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  /** Binds {@code value} (a setter applied to ? number 1) and returns the normalized rows. */
  private interface Binder {
    void bind(PreparedStatement ps) throws SQLException;
  }

  private static List<List<String>> run(String sql, Binder... binders) throws SQLException {
    try (PreparedStatement ps = lake.prepareStatement(sql)) {
      for (Binder b : binders) {
        b.bind(ps);
      }
      return Rows.read(ps.executeQuery());
    }
  }

  private static void assertEveryBinding(String sql, String duckSql, List<Binder> bindings)
      throws Exception {
    List<List<String>> expected = duck.query(duckSql);
    assertTrue(!expected.isEmpty() && !expected.get(0).contains("NULL"), duckSql);
    for (int i = 0; i < bindings.size(); i++) {
      assertEquals(expected, run(sql, bindings.get(i)), "binding #" + i + " of " + sql);
    }
  }

  @Test void dateParameterInAPartitionFilterTakesEveryDateClass() throws Exception {
    LocalDate day = LocalDate.of(2026, 3, 1);
    java.util.Date utilDate = java.util.Date.from(day.atStartOfDay(ZoneId.systemDefault()).toInstant());
    Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(CALENDAR_ZONE));
    Date inCalendarZone = new Date(day.atStartOfDay(CALENDAR_ZONE).toInstant().toEpochMilli());
    String sql = "SELECT count(*), sum(amount) FROM fact_orders WHERE dt >= ?";
    assertEveryBinding(sql, "SELECT count(*), sum(amount) FROM fact_orders WHERE dt >= DATE '2026-03-01'",
        List.of(
            ps -> ps.setObject(1, utilDate),                      // Spring's java.util.Date
            ps -> ps.setTimestamp(1, new Timestamp(utilDate.getTime())), // Spring with an unknown type
            ps -> ps.setDate(1, Date.valueOf(day)),
            ps -> ps.setDate(1, inCalendarZone, calendar),
            ps -> ps.setObject(1, day),
            ps -> ps.setObject(1, day.atStartOfDay()),
            ps -> ps.setObject(1, day.atStartOfDay().atOffset(ZoneOffset.UTC)),
            ps -> ps.setObject(1, day.atStartOfDay().toInstant(ZoneOffset.UTC)),
            ps -> ps.setString(1, "2026-03-01"),
            ps -> ps.setObject(1, " 2026-03-01 ", Types.DATE),
            ps -> ps.setObject(1, "2026-03-01", JDBCType.DATE)));
    // Still pruned: only the partitions from March on were read.
    run(sql, ps -> ps.setObject(1, utilDate));
    List<List<String>> scan = Rows.query(lake, "SELECT partitions_read, partitions_total FROM sys.scans "
        + "WHERE statement_id = (SELECT max(statement_id) FROM sys.scans)");
    assertEquals(duck.query("SELECT count(DISTINCT dt) FROM fact_orders WHERE dt >= DATE '2026-03-01'")
        .get(0).get(0), scan.get(0).get(0), scan::toString);
  }

  @Test void integerParameterTakesEveryNumberClassAndText() throws Exception {
    String sql = "SELECT count(*), sum(qty) FROM fact_orders WHERE customer_id < ?";
    assertEveryBinding(sql, "SELECT count(*), sum(qty) FROM fact_orders WHERE customer_id < 300",
        List.of(ps -> ps.setInt(1, 300), ps -> ps.setLong(1, 300L), ps -> ps.setShort(1, (short) 300),
            ps -> ps.setObject(1, 300L), ps -> ps.setObject(1, BigInteger.valueOf(300)),
            ps -> ps.setBigDecimal(1, new BigDecimal("300.00")), ps -> ps.setDouble(1, 300.0),
            ps -> ps.setString(1, "300"), ps -> ps.setObject(1, "300", Types.INTEGER)));
  }

  @Test void decimalAndDoubleParametersTakeEveryNumberClassAndText() throws Exception {
    String sql = "SELECT count(*) FROM fact_orders WHERE amount > ? AND price < ?";
    List<List<String>> expected = duck.query(
        "SELECT count(*) FROM fact_orders WHERE amount > 250.5 AND price < 80");
    for (Binder amount : List.<Binder>of(ps -> ps.setBigDecimal(1, new BigDecimal("250.5")),
        ps -> ps.setDouble(1, 250.5), ps -> ps.setString(1, "250.50"), ps -> ps.setFloat(1, 250.5f))) {
      for (Binder price : List.<Binder>of(ps -> ps.setInt(2, 80), ps -> ps.setLong(2, 80),
          ps -> ps.setObject(2, new BigDecimal("80")), ps -> ps.setString(2, "80"),
          ps -> ps.setObject(2, (byte) 80))) {
        assertEquals(expected, run(sql, amount, price), sql);
      }
    }
  }

  @Test void limitAndOffsetTakeAnyIntegerClass() throws Exception {
    String sql = "SELECT order_id FROM fact_orders WHERE dt = DATE '2026-01-02' ORDER BY order_id "
        + "LIMIT ? OFFSET ?";
    List<List<String>> expected = duck.query("SELECT order_id FROM fact_orders WHERE dt = DATE "
        + "'2026-01-02' ORDER BY order_id LIMIT 4 OFFSET 3");
    assertEquals(4, expected.size());
    // jOOQ binds both as Long.
    assertEquals(expected, run(sql, ps -> ps.setLong(1, 4L), ps -> ps.setLong(2, 3L)));
    assertEquals(expected, run(sql, ps -> ps.setObject(1, 4L), ps -> ps.setObject(2, BigInteger.valueOf(3))));
    assertEquals(expected, run(sql, ps -> ps.setInt(1, 4), ps -> ps.setShort(2, (short) 3)));
    assertEquals(expected, run(sql, ps -> ps.setString(1, "4"), ps -> ps.setObject(2, 3)));
  }

  @Test void timestampParameterTakesEveryDateTimeClass() throws Exception {
    LocalDateTime at = LocalDateTime.of(2026, 6, 1, 12, 30);
    Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(CALENDAR_ZONE));
    Timestamp inCalendarZone = Timestamp.from(at.atZone(CALENDAR_ZONE).toInstant());
    String sql = "SELECT count(*), min(txn_ts) FROM transactions WHERE txn_ts >= ?";
    assertEveryBinding(sql,
        "SELECT count(*), min(txn_ts) FROM transactions WHERE txn_ts >= TIMESTAMP '2026-06-01 12:30:00'",
        List.of(ps -> ps.setTimestamp(1, Timestamp.valueOf(at)),
            ps -> ps.setTimestamp(1, inCalendarZone, calendar),
            ps -> ps.setObject(1, java.util.Date.from(at.atZone(ZoneId.systemDefault()).toInstant())),
            ps -> ps.setObject(1, at),
            // An instant stands for its UTC wall-clock time.
            ps -> ps.setObject(1, OffsetDateTime.of(at.plusHours(2), ZoneOffset.ofHours(2))),
            ps -> ps.setObject(1, at.toInstant(ZoneOffset.UTC)),
            ps -> ps.setString(1, "2026-06-01 12:30:00"),
            ps -> ps.setString(1, "2026-06-01T12:30"),
            ps -> ps.setObject(1, "2026-06-01 12:30:00.000", Types.TIMESTAMP)));
  }

  @Test void castOfAStringParameter() throws Exception {
    assertEquals(duck.query("SELECT count(*) FROM transactions WHERE txn_date = DATE '2026-02-03'"),
        run("SELECT count(*) FROM transactions WHERE txn_date = CAST(? AS DATE)",
            ps -> ps.setString(1, "2026-02-03")));
  }

  @Test void aParameterThatCannotBeConvertedIsAClearError() throws Exception {
    String date = "SELECT count(*) FROM fact_orders WHERE dt >= ?";
    assertState("22018", "'March'", date, ps -> ps.setString(1, "March"));
    assertState("07006", "LocalTime", date, ps -> ps.setObject(1, LocalTime.NOON));
    assertState("07006", "Boolean", date, ps -> ps.setBoolean(1, true));
    String integer = "SELECT count(*) FROM fact_orders WHERE customer_id < ?";
    assertState("22003", "out of its range", integer, ps -> ps.setLong(1, 1L << 40));
    assertState("22018", "not a whole number", integer, ps -> ps.setBigDecimal(1, new BigDecimal("2.5")));
    assertState("22018", "'lots'", integer, ps -> ps.setString(1, "lots"));
    assertState("07006", "Instant", integer, ps -> ps.setObject(1, Instant.EPOCH));
  }

  private static void assertState(String state, String inMessage, String sql, Binder binder) {
    SQLException e = assertThrows(SQLException.class, () -> run(sql, binder), sql);
    assertEquals(state, e.getSQLState(), e::toString);
    assertTrue(e.getMessage().contains(inMessage), e::toString);
  }
}
