package dev.lakejdbc.adapter;

/**
 * A failure the user can act on: carries the SQLState the driver reports and, where there is one, the
 * path or name that caused it. Unchecked because it travels through Calcite's enumerators, which
 * cannot throw {@link java.sql.SQLException}; the driver turns it into one.
 */
public class LakeException extends RuntimeException {
  /** I/O on a file or directory: unreadable, corrupt, not Parquet, vanished. */
  public static final String IO_ERROR = "58030";
  /** The lake's layout or a file's content contradicts the table (mixed depths, no files, bad value). */
  public static final String DATA_EXCEPTION = "22000";
  /** A partition value does not fit its declared type. */
  public static final String INVALID_VALUE_FOR_TYPE = "22018";
  /** The same column has incompatible types in two files. */
  public static final String DATATYPE_MISMATCH = "42804";
  /** The connection cannot be set up: bad URL, unknown property, missing root. */
  public static final String CONNECTION_REJECTED = "08001";

  private final String sqlState;

  public LakeException(String sqlState, String message) {
    super(message);
    this.sqlState = sqlState;
  }

  public LakeException(String sqlState, String message, Throwable cause) {
    super(message, cause);
    this.sqlState = sqlState;
  }

  public String sqlState() {
    return sqlState;
  }

  /** An I/O failure on {@code path}, with the underlying reason in the message. */
  public static LakeException io(String what, Object path, Throwable cause) {
    String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    return new LakeException(IO_ERROR, what + " " + path + ": " + reason, cause);
  }
}
