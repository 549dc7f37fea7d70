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
 * (spill partitions split by its low bits, which all keys of a spilled partition share).
 *
 * <p>The arrays double as keys are added, and while they do the old and the new ones are both live:
 * three times what the slots take between growths. An operator counts them by their length, not per
 * key: before an {@link #add} it reserves {@link #growthBytes} (spilling if it cannot), and after it
 * lets go of what the old arrays took ({@link #bytes} tells what the arrays take now). Arrays the
 * operator keeps by key number (a join's first row, an aggregation's accumulator) are counted with
 * the index's own: they have {@link #capacity} elements, and grow when it does.
 *
 * <p>Once the slots outgrow the processor's caches, each lookup is a cache miss; a join whose probe
 * rows mostly find nothing (store_sales against store_returns) spent half its time there. So a
 * large index also keeps a blocked Bloom filter, two bits per key in one 64-bit word picked by the
 * hash, a sixteenth of the slots' size: while most lookups miss, a lookup checks it first, and an
 * absent key rarely reaches the slots. The filter is built from the slots when lookups first turn out
 * to miss mostly, and dropped when the slots grow: keeping it up to date on every key added (each a
 * write to a random word), and again at every growth, cost an aggregation of millions of groups,
 * which never misses, more than its lookups.
 *
 * <p>An operator that adds a key it did not find (an aggregation's new group, a join's build row)
 * looks it up with {@link #findToAdd}: no filter (that would be a second cache miss before the
 * slot's), and the slot where the search ended is kept, so that the {@link #add} that follows puts
 * the key there without hashing it or walking the slots again. A profile of TPC-DS's execution had a
 * new key's second walk ({@code place}) at a quarter of the index's time.
 */
final class KeyIndex {
  private static final int FIBONACCI = 0x9E3779B9;
  /** Slots (a power of two) from which a filter may be kept: 2^15 slots take 256 KiB. */
  private static final int FILTER_FROM_SLOTS = 1 << 15;
  /** Lookups between two decisions whether to check the filter. */
  private static final int FILTER_DECISION_LOOKUPS = 4096;

  private final HashKeys keys;
  private Object[] byNumber = new Object[16];
  /**
   * Per slot, a key's number plus one (0: a free slot) and its hash, side by side: a lookup compares
   * hashes without reaching for the keys of other hashes.
   */
  private int[] slots = new int[2 * 32];
  private int shift = 32 - 5;
  private int size;
  /** The Bloom filter's words (null until lookups mostly miss), a power of two of them. */
  private long[] filter;
  private int filterShift;
  private boolean checkFilter;
  private int lookups;
  private int misses;
  /** While every key added is one whose hash decides equality ({@link HashKeys#hashDecidesEquality}). */
  private boolean hashesDecide = true;
  /**
   * The key {@link #findToAdd} did not find last (while {@link #missed}), its hash, and the free
   * slot its search ended at (-1 once the slots have grown since).
   */
  private boolean missed;
  private Object missedKey;
  private int missedHash;
  private int missedSlot;

  KeyIndex(HashKeys keys) {
    this.keys = keys;
  }

  /** The number of {@code key}, or -1 if it was never added. */
  int find(Object key) {
    int hash = keys.hash(key);
    if (slots.length / 2 >= FILTER_FROM_SLOTS && ++lookups == FILTER_DECISION_LOOKUPS) {
      // Worth a check only while most lookups miss: otherwise it is one more access per hit.
      checkFilter = misses > lookups / 2;
      if (checkFilter && filter == null) {
        buildFilter();
      }
      lookups = 0;
      misses = 0;
    }
    if (checkFilter && !mayContain(hash)) {
      misses++;
      return -1;
    }
    int n = search(key, hash);
    if (n < 0) {
      misses++;
      return -1;
    }
    return n;
  }

  /**
   * The number of {@code key}, or -1 if it was never added, for an operator that then adds it: the
   * {@link #add} of this key that follows takes the slot this search ended at.
   */
  int findToAdd(Object key) {
    int hash = keys.hash(key);
    int n = search(key, hash);
    if (n >= 0) {
      return n;
    }
    missed = true;
    missedKey = key;
    missedHash = hash;
    missedSlot = -1 - n;
    return -1;
  }

  /** The key's number, or {@code -1 - s} where {@code s} is the free slot that ended the search. */
  private int search(Object key, int hash) {
    int mask = slots.length / 2 - 1;
    for (int s = (hash * FIBONACCI) >>> shift; ; s = (s + 1) & mask) {
      int n = slots[2 * s] - 1;
      if (n < 0) {
        return -1 - s;
      }
      if (slots[2 * s + 1] == hash
          && (hashesDecide && keys.hashDecidesEquality(key) || keys.equal(byNumber[n], key))) {
        return n;
      }
    }
  }

  /** The filter's word and two bits for a hash, from bits the slot number and spill partitions do not use alone. */
  private static long filterMix(int hash) {
    return hash * 0xC2B2AE3D27D4EB4FL;
  }

  private boolean mayContain(int hash) {
    long m = filterMix(hash);
    long bits = (1L << (m >>> 24)) | (1L << (m >>> 30));
    return (filter[(int) (m >>> filterShift)] & bits) == bits;
  }

  /** The filter of the keys in the slots: one word per 16 slots, 8 to 16 bits per key. */
  private void buildFilter() {
    filter = new long[slots.length / 2 / 16];
    filterShift = 64 - Integer.numberOfTrailingZeros(filter.length);
    for (int s = 0; s < slots.length; s += 2) {
      if (slots[s] != 0) {
        addToFilter(slots[s + 1]);
      }
    }
  }

  private void addToFilter(int hash) {
    long m = filterMix(hash);
    filter[(int) (m >>> filterShift)] |= (1L << (m >>> 24)) | (1L << (m >>> 30));
  }

  /**
   * How many keys the index holds before its arrays grow: the length of an operator's arrays by key
   * number, which it grows to this after an {@link #add}.
   */
  int capacity() {
    return byNumber.length;
  }

  /**
   * The bytes of the index's arrays, with an operator's arrays by key number of {@code bytesPerNumber}
   * per element; the Bloom filter counts from the slot count that may keep one, built or not.
   */
  long bytes(int bytesPerNumber) {
    return numberedBytes(byNumber.length, bytesPerNumber) + slotsBytes(slots.length / 2);
  }

  /**
   * The bytes of the arrays the next {@link #add} allocates (with the operator's arrays by key number
   * grown to the new {@link #capacity}), 0 if it grows none: until it returns, the old arrays are
   * live too.
   */
  long growthBytes(int bytesPerNumber) {
    long bytes = 0;
    if (size == byNumber.length) {
      bytes += numberedBytes(2 * size, bytesPerNumber);
    }
    if (2 * (size + 1) > slots.length / 2) {
      bytes += slotsBytes(slots.length);
    }
    return bytes;
  }

  private static long numberedBytes(int length, int bytesPerNumber) {
    return RowSizes.array(length, RowSizes.REFERENCE) + RowSizes.array(length, bytesPerNumber);
  }

  private static long slotsBytes(int slotCount) {
    return RowSizes.array(2L * slotCount, 4)
        + (slotCount >= FILTER_FROM_SLOTS ? RowSizes.array(slotCount / 16, 8) : 0);
  }

  /** Adds {@code key}, which the index does not hold, and returns its number. */
  int add(Object key) {
    // The key findToAdd just missed: its hash, and its slot unless the slots grow.
    boolean known = missed && missedKey == key;
    missed = false;
    missedKey = null;
    if (size == byNumber.length) {
      byNumber = Arrays.copyOf(byNumber, size * 2);
    }
    if (2 * (size + 1) > slots.length / 2) {
      int[] old = slots;
      slots = new int[old.length * 2];
      shift--;
      // Built again from the larger slots if lookups still miss mostly.
      filter = null;
      checkFilter = false;
      for (int s = 0; s < old.length; s += 2) {
        if (old[s] != 0) {
          place(old[s] - 1, old[s + 1]);
        }
      }
      // The slot found before belongs to the old slots; the hash still holds.
      missedSlot = -1;
    }
    byNumber[size] = key;
    hashesDecide &= keys.hashDecidesEquality(key);
    if (known && missedSlot >= 0) {
      fill(missedSlot, size, missedHash);
    } else {
      place(size, known ? missedHash : keys.hash(key));
    }
    return size++;
  }

  private void place(int n, int hash) {
    int mask = slots.length / 2 - 1;
    int s = (hash * FIBONACCI) >>> shift;
    while (slots[2 * s] != 0) {
      s = (s + 1) & mask;
    }
    fill(s, n, hash);
  }

  private void fill(int s, int n, int hash) {
    slots[2 * s] = n + 1;
    slots[2 * s + 1] = hash;
    if (filter != null) {
      addToFilter(hash);
    }
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
    slots = new int[2 * 32];
    shift = 32 - 5;
    size = 0;
    filter = null;
    checkFilter = false;
    lookups = 0;
    misses = 0;
    hashesDecide = true;
    missed = false;
    missedKey = null;
  }
}
