package dev.lakejdbc.adapter.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.linq4j.function.Functions;
import org.apache.calcite.runtime.FlatLists;
import org.junit.jupiter.api.Test;

/**
 * The keys of the operators' hash tables: numbered in the order added, found again by an equal key of
 * another instance, NULL a key like any other, and composite keys hashed by every column.
 */
class KeyIndexTest {
  @Test void keysAreNumberedInOrderAndFoundByEqualKeys() {
    KeyIndex index = new KeyIndex(new HashKeys(null));
    List<Object> added = new ArrayList<>();
    // Enough keys to grow the arrays and the slots many times.
    for (int i = 0; i < 50_000; i++) {
      Object key = i % 3 == 0 ? (Object) i : FlatLists.of(i, "c" + (i % 7));
      assertEquals(-1, index.find(key));
      assertEquals(i, index.add(key));
      added.add(key);
    }
    assertEquals(50_000, index.size());
    for (int i = 0; i < added.size(); i++) {
      Object copy = i % 3 == 0 ? (Object) Integer.valueOf(i) : FlatLists.of(i, "c" + (i % 7));
      assertEquals(i, index.find(copy));
      assertEquals(added.get(i), index.key(i));
    }
    assertEquals(-1, index.find(FlatLists.of(1, "c0")));
    assertEquals(-1, index.find(-5));
  }

  /**
   * A large index probed mostly with absent keys (as a join's probe side often is) checks its Bloom
   * filter first: present keys are still all found, absent ones never.
   */
  @Test void aLargeIndexProbedMostlyWithAbsentKeysStillFindsEveryKey() {
    KeyIndex index = new KeyIndex(new HashKeys(null));
    int n = 200_000;
    for (long i = 0; i < n; i++) {
      index.add(FlatLists.of(i, i * 7));
    }
    for (int round = 0; round < 2; round++) {
      for (long i = 0; i < 10L * n; i++) {
        // Nine absent keys for each present one, interleaved.
        long k = i % 10 == 0 ? i / 10 : n + i;
        assertEquals(k < n ? (int) k : -1, index.find(FlatLists.of(k, k * 7)), "key " + k);
      }
    }
  }

  /**
   * An add right after {@code findToAdd} missed the same key takes the slot that search ended at; a
   * probe in between, an add of another key, or the slots growing must not put a key where it is
   * not found again.
   */
  @Test void keysLookedUpToAddAreFoundAgainWhateverCameBetween() {
    KeyIndex index = new KeyIndex(new HashKeys(null));
    List<Object> added = new ArrayList<>();
    Object pending = null;
    for (int i = 0; i < 30_000; i++) {
      Object key = i == 17 ? null : i % 2 == 0 ? (Object) i : FlatLists.of(i, "k" + (i % 5));
      assertEquals(-1, index.findToAdd(key));
      if (i % 5 == 1) {
        // A probe of an absent key between the lookup and the add.
        assertEquals(-1, index.find(FlatLists.of(-i, "absent")));
      }
      if (i % 7 == 3) {
        // Another key added first (found absent long before); this key waits for the next round.
        if (pending != null) {
          assertEquals(added.size(), index.add(pending));
          added.add(pending);
        }
        pending = key;
        continue;
      }
      assertEquals(added.size(), index.add(key));
      added.add(key);
      assertEquals(added.size() - 1, index.findToAdd(key), "key " + key + " found again at once");
    }
    for (int n = 0; n < added.size(); n++) {
      assertEquals(n, index.find(added.get(n)), "key " + added.get(n));
      assertEquals(n, index.findToAdd(added.get(n)), "key " + added.get(n));
    }
  }

  @Test void nullIsAKeyAndClearForgetsEverything() {
    KeyIndex index = new KeyIndex(new HashKeys(null));
    assertEquals(-1, index.find(null));
    assertEquals(0, index.add(null));
    assertEquals(1, index.add(0));
    assertEquals(0, index.find(null));
    assertEquals(1, index.find(0));
    index.clear();
    assertEquals(0, index.size());
    assertEquals(-1, index.find(null));
    assertEquals(-1, index.find(0));
    assertEquals(0, index.add(7));
  }

  /**
   * Between Integer keys, equal hashes decide (the hash is a bijection of the value); a key of another
   * class with the same hash (a Long, whose hash of a small value is that value) is still told apart,
   * whichever is added first.
   */
  @Test void integerKeysAreFoundByHashAndOtherClassesWithTheSameHashAreNotThem() {
    HashKeys keys = new HashKeys(null);
    assertEquals(keys.hash(5), keys.hash(5L), "the premise: Integer 5 and Long 5 hash alike");
    KeyIndex integersFirst = new KeyIndex(keys);
    for (int i = 0; i < 10_000; i++) {
      integersFirst.add(i);
    }
    assertEquals(-1, integersFirst.find(5L));
    assertEquals(10_000, integersFirst.add(5L));
    assertEquals(5, integersFirst.find(5));
    assertEquals(10_000, integersFirst.find(5L));
    assertEquals(-1, integersFirst.find(-1));
    KeyIndex longFirst = new KeyIndex(keys);
    assertEquals(0, longFirst.add(5L));
    assertEquals(-1, longFirst.find(5));
    assertEquals(1, longFirst.add(5));
    assertEquals(1, longFirst.find(5));
    assertEquals(0, longFirst.find(5L));
  }

  /**
   * A join key of one column is held as its value; a one-element list holding NULL (a key of IS NOT
   * DISTINCT FROM, which matches another NULL) stays a list, never the NULL that means "no key".
   */
  @Test void aOneColumnKeyIsItsValueButANullOneStaysAList() {
    HashKeys keys = new HashKeys(null);
    assertEquals(7, keys.unwrap(FlatLists.of(7)));
    assertEquals("x", keys.unwrap(FlatLists.of("x")));
    List<Object> nullKey = FlatLists.of((Object) null);
    assertEquals(nullKey, keys.unwrap(nullKey));
    assertEquals(FlatLists.of(1, 2), keys.unwrap(FlatLists.of(1, 2)));
    Object[] row = {1, "a"};
    HashKeys arrays = new HashKeys(Functions.arrayComparer());
    assertEquals(FlatLists.of(7), arrays.unwrap(FlatLists.of(7)), "a comparer's keys are left as they are");
    assertEquals(row, arrays.unwrap(row));
  }

  @Test void aComparerDecidesEquality() {
    KeyIndex index = new KeyIndex(new HashKeys(Functions.arrayComparer()));
    assertEquals(0, index.add(new Object[] {1, "a"}));
    assertEquals(0, index.find(new Object[] {1, "a"}));
    assertEquals(-1, index.find(new Object[] {1, "b"}));
  }

  /**
   * Pairs of small numbers, such as (item, customer) keys: their lists' own hash ({@code 31 * a + b})
   * gives about one value per 31 keys here; the mixed hash gives every key its own.
   */
  @Test void compositeKeysOfSmallNumbersHashApart() {
    HashKeys keys = new HashKeys(null);
    Set<Integer> listHashes = new HashSet<>();
    Set<Integer> mixed = new HashSet<>();
    int n = 0;
    for (int a = 0; a < 200; a++) {
      for (int b = 0; b < 1_000; b++) {
        List<Integer> key = FlatLists.of(a, b);
        listHashes.add(key.hashCode());
        mixed.add(keys.hash(key));
        n++;
      }
    }
    assertTrue(listHashes.size() < n / 20, "the premise: lists' hashes collide, " + listHashes.size());
    assertTrue(mixed.size() > n * 0.999, mixed.size() + " distinct hashes of " + n + " keys");
    // Equal lists of different classes still hash alike.
    assertEquals(keys.hash(FlatLists.of(3, 4)), keys.hash(List.of(3, 4)));
  }

  /**
   * What an operator reserves before adding a key is what the add allocates: the arrays double, and
   * the old ones are live until the add returns, so a table of n keys briefly takes three times its
   * slots. Measured by the thread's allocated bytes around each add (the keys are made before).
   */
  @Test void growthBytesAreWhatAnAddAllocates() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    org.junit.jupiter.api.Assumptions.assumeTrue(threads.isThreadAllocatedMemoryEnabled());
    int n = 1 << 20;
    Integer[] keys = new Integer[n];
    for (int i = 0; i < n; i++) {
      keys[i] = 1_000_000 + i;
    }
    KeyIndex index = new KeyIndex(new HashKeys(null));
    long predicted = 0;
    long allocated = 0;
    int growths = 0;
    long stray = 0;
    for (int i = 0; i < n; i++) {
      long growth = index.growthBytes(4);
      long before = threads.getCurrentThreadAllocatedBytes();
      index.add(keys[i]);
      long bytes = threads.getCurrentThreadAllocatedBytes() - before;
      // The operator grows its own arrays by number (4 bytes each here) with the index.
      long own = growth > 0 ? RowSizes.array(index.capacity(), 4) : 0;
      if (growth > 0) {
        // Slack for what the JVM itself may allocate on this thread now and then (a few hundred
        // bytes, seen once in 2^20 adds): far less than any growth of the slots.
        assertTrue(bytes + own <= growth + 1024, "add " + i + " allocated " + bytes + " + " + own
            + " bytes, reserved " + growth);
        growths++;
      } else {
        stray += bytes;
      }
      predicted += growth;
      allocated += bytes + own;
    }
    assertTrue(growths >= 16, "the arrays grew " + growths + " times");
    assertTrue(stray < 64 * 1024, "adds that grew nothing allocated " + stray + " bytes");
    // Reserved beyond what was allocated: only the Bloom filter, a sixteenth of the slots, built later.
    assertTrue(predicted < allocated * 1.1, "reserved " + predicted + ", allocated " + allocated);
    long slotsNow = RowSizes.array(4L * Integer.highestOneBit(n), 4);
    assertTrue(index.bytes(4) >= slotsNow + RowSizes.array(index.capacity(), RowSizes.REFERENCE),
        "the index's arrays now: " + index.bytes(4));
  }
}
