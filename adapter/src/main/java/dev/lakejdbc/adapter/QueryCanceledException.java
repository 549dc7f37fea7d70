package dev.lakejdbc.adapter;

/**
 * A scan stopped because its statement was canceled ({@code Statement.cancel}) or ran past its query
 * timeout ({@code Statement.setQueryTimeout}): SQLState {@code 57014}, as PostgreSQL reports both. The
 * message names the table whose scan stopped.
 */
public final class QueryCanceledException extends LakeException {
  public static final String QUERY_CANCELED = "57014";

  private final boolean timedOut;

  public QueryCanceledException(String message, boolean timedOut) {
    super(QUERY_CANCELED, message);
    this.timedOut = timedOut;
  }

  /** True for a query timeout, false for an explicit cancel. */
  public boolean timedOut() {
    return timedOut;
  }
}
