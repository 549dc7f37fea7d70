package dev.lakejdbc.adapter.memory;

import dev.lakejdbc.adapter.LakeException;

/**
 * A statement execution needed more memory than it may hold: SQLState {@code 53200}
 * (out of memory, as PostgreSQL reports it). The message names the operator, the limit, and what to do.
 * The execution ends; what it held is released; the connection goes on working.
 */
public final class MemoryLimitExceededException extends LakeException {
  public static final String OUT_OF_MEMORY = "53200";

  public MemoryLimitExceededException(String message) {
    super(OUT_OF_MEMORY, message);
  }

  public MemoryLimitExceededException(String message, Throwable cause) {
    super(OUT_OF_MEMORY, message, cause);
  }
}
