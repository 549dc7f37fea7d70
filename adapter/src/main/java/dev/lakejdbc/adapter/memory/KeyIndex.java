package dev.lakejdbc.adapter.memory;

import java.util.Arrays;

/**
 * The distinct keys of an operator's hash table, numbered 0, 1, 2, ... in the order they were added:
 * the operator keeps what belongs to a key (an accumulator, a join's first row) in arrays by number.
 *
 * <p>A {@code HashMap} would hash a composite key as its list does, {@code 31 * h + e}: on TPC-DS's
 * {@code (ss_item_sk, ss_customer_sk)} that gives four keys per hash value, every lookup walking a
 * chain of equal hashes; and it holds a node per key (and the join a boxed row number). Here the hash
 * mixes every column ({@link HashKeys#hash}), slots are found by open addressing on its high bits
 * (spill partitions split by its low bits, which all keys of a spilled partition share), and a key
 * costs {@link #BYTES_PER_KEY}.
 */
final class KeyIndex {
  /** A key's reference and hash, and its share of the slots, at most half of which are used. */
  static final int BYTES_PER_KEY = RowSizes.REFERENCE + 4 + 2 * 4;
  private static final int FIBONACCI = 0x9E3779B9;

  private final HashKeys keys;
  private Object[] byNumber = new Object[16];
  private int[] hashes = new int[16];
  /** A key's number plus one by slot; 0 is a free slot. */
  private int[] slots = new int[32];
  private int shift = 32 - 5;
  private int size;

  KeyIndex(HashKeys keys) {
    this.keys = keys;
  }

  /** The number of {@code key}, or -1 if it was never added. */
  int find(Object key) {
    int hash = keys.hash(key);
    for (int s = (hash * FIBONACCI) >>> shift; ; s = (s + 1) & (slots.length - 1)) {
      int n = slots[s] - 1;
      if (n < 0) {
        return -1;
      }
      if (hashes[n] == hash && keys.equal(byNumber[n], key)) {
        return n;
      }
    }
  }

  /** Adds {@code key}, which {@link #find} does not know, and returns its number. */
  int add(Object key) {
    if (size == byNumber.length) {
      byNumber = Arrays.copyOf(byNumber, size * 2);
      hashes = Arrays.copyOf(hashes, size * 2);
    }
    if (2 * (size + 1) > slots.length) {
      slots = new int[slots.length * 2];
      shift--;
      for (int n = 0; n < size; n++) {
        place(n);
      }
    }
    byNumber[size] = key;
    hashes[size] = keys.hash(key);
    place(size);
    return size++;
  }

  private void place(int n) {
    int s = (hashes[n] * FIBONACCI) >>> shift;
    while (slots[s] != 0) {
      s = (s + 1) & (slots.length - 1);
    }
    slots[s] = n + 1;
  }

  /** The key numbered {@code n}. */
  Object key(int n) {
    return byNumber[n];
  }

  int size() {
    return size;
  }

  /** Forgets every key, and the arrays they took. */
  void clear() {
    byNumber = new Object[16];
    hashes = new int[16];
    slots = new int[32];
    shift = 32 - 5;
    size = 0;
  }
}
