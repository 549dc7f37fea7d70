package dev.lakejdbc.adapter.filter;

/** A comparison of a column with a value, as SQL writes it: {@code column op value}. */
public enum Comparison {
  EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="),
  /** {@code IS NOT DISTINCT FROM}: equality where a NULL value matches a NULL column. */
  NOT_DISTINCT("IS NOT DISTINCT FROM");

  private final String sql;

  Comparison(String sql) {
    this.sql = sql;
  }

  public String sql() {
    return sql;
  }

  /** The comparison with its operands swapped: {@code v < c} is {@code c > v}. */
  public Comparison flip() {
    return switch (this) {
      case LT -> GT;
      case LE -> GE;
      case GT -> LT;
      case GE -> LE;
      default -> this;
    };
  }
}
