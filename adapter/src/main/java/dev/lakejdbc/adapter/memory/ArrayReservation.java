package dev.lakejdbc.adapter.memory;

/**
 * What an operator's hash table has reserved for its arrays, which are counted by their length: the
 * operator reserves a growth before it allocates (old and new arrays are both live while they are
 * copied) and afterwards settles to what the arrays take now, letting go of the old ones.
 */
final class ArrayReservation {
  /** What the arrays took after their last growth, as reserved. */
  private long reserved;

  /**
   * After the arrays grew by {@code growth} reserved bytes and now take {@code now}: corrects what
   * {@code memory} holds, and returns the change.
   */
  long settle(OperatorMemory memory, long growth, long now) {
    long change = now - reserved - growth;
    memory.adjust(change);
    reserved = now;
    return change;
  }

  /** The arrays were let go with the table's bytes. */
  void reset() {
    reserved = 0;
  }
}
