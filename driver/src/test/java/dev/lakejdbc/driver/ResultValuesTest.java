package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testing.DuckDb;
import dev.lakejdbc.testing.Rows;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ResultSet.getObject(column, Class)} for the conversions JDBC 4.2 lists (MyBatis, Hibernate's
 * java.time paths, JDBI and Spring's RowMappers read columns that way), and the Calendar getters: each
 * value equals DuckDB's for the same row.
 */
class ResultValuesTest {
  private static final String QUERY = "SELECT txn_id, account_id, amount, txn_ts, txn_date, channel "
      + "FROM transactions WHERE branch_id = 'MUM001' ORDER BY txn_id LIMIT 5";
  private static final ZoneId CALENDAR_ZONE = ZoneId.of("America/St_Johns");

  static DuckDb duck;
  static Connection lake;
  /** DuckDB's rows of QUERY, plus the text of each column as CAST(... AS VARCHAR). */
  static List<Object[]> expected = new ArrayList<>();

  @BeforeAll static void open() throws Exception {
    duck = new DuckDb();
    duck.viewOfTable(LakeFixture.lake(), "transactions");
    lake = LakeFixture.connect("");
    try (Statement s = duck.connection().createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
      while (rs.next()) {
        expected.add(new Object[] {rs.getLong(1), rs.getInt(2), rs.getBigDecimal(3),
            rs.getTimestamp(4).toLocalDateTime(), rs.getDate(5).toLocalDate(), rs.getString(6)});
      }
    }
    assertEquals(5, expected.size());
  }

  @AfterAll static void close() throws Exception {
    lake.close();
    duck.close();
  }

  @Test void everyColumnAsEveryClassJdbcAllows() throws Exception {
    try (Statement s = lake.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
      for (Object[] row : expected) {
        assertTrue(rs.next());
        long id = (Long) row[0];
        assertEquals(id, rs.getObject(1, Long.class));
        assertEquals(id, rs.getObject("txn_id", long.class));
        assertEquals(BigInteger.valueOf(id), rs.getObject(1, BigInteger.class));
        assertEquals(BigDecimal.valueOf(id), rs.getObject(1, BigDecimal.class));
        assertEquals(String.valueOf(id), rs.getObject(1, String.class));
        assertEquals((double) id, rs.getObject(1, Double.class));
        int account = (Integer) row[1];
        assertEquals(account, rs.getObject(2, Integer.class));
        assertEquals((long) account, rs.getObject(2, Long.class));
        assertEquals(String.valueOf(account), rs.getObject(2, String.class));
        BigDecimal amount = (BigDecimal) row[2];
        assertEquals(amount, rs.getObject(3, BigDecimal.class));
        assertEquals(amount.doubleValue(), rs.getObject(3, Double.class));
        assertEquals(amount.toPlainString(), rs.getObject(3, String.class));
        LocalDateTime ts = (LocalDateTime) row[3];
        assertEquals(ts, rs.getObject(4, LocalDateTime.class));
        assertEquals(Timestamp.valueOf(ts), rs.getObject(4, Timestamp.class));
        assertEquals(ts.toLocalDate(), rs.getObject(4, LocalDate.class));
        assertEquals(ts.toLocalTime(), rs.getObject(4, java.time.LocalTime.class));
        // The lake's timestamps are UTC wall-clock times.
        assertEquals(ts.atOffset(ZoneOffset.UTC), rs.getObject(4, OffsetDateTime.class));
        assertEquals(ts.toInstant(ZoneOffset.UTC), rs.getObject(4, Instant.class));
        assertEquals(Rows.normalize(Timestamp.valueOf(ts)),
            Rows.normalize(Timestamp.valueOf(rs.getObject(4, String.class))));
        LocalDate date = (LocalDate) row[4];
        assertEquals(date, rs.getObject(5, LocalDate.class));
        assertEquals(Date.valueOf(date), rs.getObject(5, Date.class));
        assertEquals(date.atStartOfDay(), rs.getObject(5, LocalDateTime.class));
        assertEquals(date.toString(), rs.getObject(5, String.class));
        assertEquals(row[5], rs.getObject(6, String.class));
        assertEquals(row[5], rs.getObject("CHANNEL", String.class));

        Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(CALENDAR_ZONE));
        assertEquals(ts.atZone(CALENDAR_ZONE).toInstant(), rs.getTimestamp(4, calendar).toInstant());
        assertEquals(date.atStartOfDay(CALENDAR_ZONE).toInstant().toEpochMilli(),
            rs.getDate(5, calendar).getTime());
        assertEquals(ts.atZone(CALENDAR_ZONE).toInstant(), rs.getTimestamp("txn_ts", calendar).toInstant());
      }
    }
  }

  @Test void nullsAndImpossibleConversions() throws Exception {
    try (Statement s = lake.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT CAST(NULL AS DATE), channel, txn_date FROM transactions LIMIT 1")) {
      assertTrue(rs.next());
      assertNull(rs.getObject(1, LocalDate.class));
      assertNull(rs.getObject(1, String.class));
      assertNull(rs.getTimestamp(1, Calendar.getInstance()));
      SQLException text = assertThrows(SQLException.class, () -> rs.getObject(2, Integer.class));
      assertEquals("22018", text.getSQLState(), text::toString);
      SQLException date = assertThrows(SQLException.class, () -> rs.getObject(3, Integer.class));
      assertEquals("07006", date.getSQLState(), date::toString);
    }
  }
}
