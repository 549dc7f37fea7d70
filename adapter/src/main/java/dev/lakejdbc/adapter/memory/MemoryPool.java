package dev.lakejdbc.adapter.memory;

/**
 * What all statement executions of the driver in this JVM may hold together: a share of the maximum
 * heap, so that many connections each within their own limit still leave the host application room.
 * A query refused by the pool spills (or fails) as if it had reached its own limit.
 */
final class MemoryPool {
  /** The share of the maximum heap all executions together may hold. */
  static final double SHARE_OF_HEAP = 0.6;
  static final MemoryPool JVM = new MemoryPool((long) (Runtime.getRuntime().maxMemory() * SHARE_OF_HEAP));

  private final long capacity;
  private long reserved;

  MemoryPool(long capacity) {
    this.capacity = capacity;
  }

  long capacity() {
    return capacity;
  }

  synchronized boolean tryReserve(long bytes) {
    if (reserved + bytes > capacity) {
      return false;
    }
    reserved += bytes;
    return true;
  }

  /** Reserves even past the capacity: for what must be held to make progress at all. */
  synchronized void forceReserve(long bytes) {
    reserved += bytes;
  }

  synchronized void release(long bytes) {
    reserved = Math.max(0, reserved - bytes);
  }

  synchronized long reserved() {
    return reserved;
  }
}
