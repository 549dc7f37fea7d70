package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * A failure that carries no message of its own (a bug's NullPointerException or
 * UnsupportedOperationException, wrapped by Calcite as "Error while executing SQL ...: null") is
 * reported with the exception's class and where it was thrown, not with "null".
 */
class SqlStatesTest {
  @Test void aFailureWithoutAMessageIsNamedWithWhereItWasThrown() {
    UnsupportedOperationException bug = new UnsupportedOperationException();
    SQLException e = SqlStates.translate(new SQLException("Error while executing SQL \"SELECT 1\": null",
        null, new RuntimeException(bug)));
    assertEquals(SqlStates.GENERAL_ERROR, e.getSQLState());
    assertTrue(e.getMessage().startsWith("Error while executing SQL \"SELECT 1\": internal error "
        + "java.lang.UnsupportedOperationException at dev.lakejdbc.driver.SqlStatesTest."), e.getMessage());
    assertTrue(e.getMessage().endsWith("(please report it)"), e.getMessage());
  }

  @Test void aFailureWithAMessageKeepsIt() {
    SQLException e = SqlStates.translate(new SQLException("Error while executing SQL \"SELECT 1\": boom",
        null, new IllegalStateException("boom")));
    assertEquals("Error while executing SQL \"SELECT 1\": boom", e.getMessage());
  }

  @Test void aBareFailureWithoutAMessageIsNamed() {
    SQLException e = SqlStates.translate(new NullPointerException());
    assertTrue(e.getMessage().startsWith("internal error java.lang.NullPointerException at "), e.getMessage());
  }
}
