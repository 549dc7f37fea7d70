package dev.lakejdbc.adapter.parquet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Parquet's RLE / bit-packing hybrid encoding, which holds definition levels and dictionary ids, decoded
 * straight from a page's bytes. parquet-java's own decoder reads each bit-packed group through a
 * {@code DataInputStream}; on flat columns that was the largest single cost of a scan. Runs are:
 * a ULEB128 header whose low bit says which kind; an RLE run repeats one value (stored in the fewest
 * whole bytes that hold the bit width, little-endian); a bit-packed run holds groups of eight values
 * packed least significant bit first.
 */
final class RleBitPackedDecoder {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final ByteBuffer bytes;
  /** The heap buffer's array (null for a direct buffer), where {@code bytes}' index 0 is. */
  private final byte[] array;
  private final int arrayOffset;
  private final int end;
  private final int bitWidth;
  private final int valueBytes;
  private int position;
  private int runLeft;
  private boolean repeated;
  private int repeatedValue;
  /** The current group of a bit-packed run, unpacked when its first value is asked for. */
  private final int[] unpacked = new int[8];
  private int unpackedIndex;

  /**
   * @param bytes the page's bytes; only {@code [start, end)} is read, by absolute index
   * @param bitWidth the bits of each value, 0 to 32 (0: every value is 0, and no byte is read)
   */
  RleBitPackedDecoder(ByteBuffer bytes, int start, int end, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new ParquetDecodingException("RLE bit width " + bitWidth + " is not between 0 and 32");
    }
    this.bytes = bytes;
    this.array = bytes.hasArray() ? bytes.array() : null;
    this.arrayOffset = bytes.hasArray() ? bytes.arrayOffset() : 0;
    this.position = start;
    this.end = end;
    this.bitWidth = bitWidth;
    this.valueBytes = (bitWidth + 7) / 8;
  }

  /** The next value. */
  int next() {
    if (bitWidth == 0) {
      return 0;
    }
    if (runLeft == 0) {
      readRun();
    }
    runLeft--;
    if (repeated) {
      return repeatedValue;
    }
    if (unpackedIndex == 8) {
      unpackGroup();
      unpackedIndex = 0;
    }
    return unpacked[unpackedIndex++];
  }

  /**
   * If the next values are a repeated run of {@code value}, consumes up to {@code max} of them and
   * returns how many; else returns 0 and consumes nothing. A caller that reads at least one more value
   * must know there is one (as {@link #next} assumes too): it may read the next run's header.
   * Definition levels of a column without NULLs are one such run per page, taken a batch at a time
   * instead of a call per value.
   */
  int takeRepeated(int value, int max) {
    if (bitWidth == 0) {
      return value == 0 ? max : 0;
    }
    if (runLeft == 0) {
      readRun();
    }
    if (!repeated || repeatedValue != value) {
      return 0;
    }
    int n = Math.min(runLeft, max);
    runLeft -= n;
    return n;
  }

  private void readRun() {
    int header = readUnsignedVarInt();
    if ((header & 1) == 0) {
      repeated = true;
      runLeft = header >>> 1;
      int value = 0;
      for (int i = 0; i < valueBytes; i++) {
        value |= (nextByte() & 0xFF) << (8 * i);
      }
      repeatedValue = value;
    } else {
      repeated = false;
      // Groups are unpacked one at a time, as their values are asked for: a run's length (a corrupt
      // header may claim billions of values) never sizes an allocation.
      runLeft = (int) Math.min(Integer.MAX_VALUE, (long) (header >>> 1) * 8);
      unpackedIndex = 8;
    }
    if (runLeft <= 0) {
      throw new ParquetDecodingException("RLE run of " + runLeft + " values");
    }
  }

  /**
   * The next eight values, packed LSB first, {@code bitWidth} bits each ({@code bitWidth} bytes). From
   * a heap buffer, each value is one unaligned 8-byte load, a shift and a mask.
   */
  private void unpackGroup() {
    if (position >= end) {
      throw new ParquetDecodingException("RLE data ends before the values it should hold");
    }
    long mask = (1L << bitWidth) - 1;
    int at = array == null ? -1 : arrayOffset + position;
    // The last load of the group starts at byte (7 * bitWidth) / 8 and reads 8 bytes.
    if (at >= 0 && position + bitWidth <= end && at + (7 * bitWidth >>> 3) + 8 <= array.length) {
      for (int j = 0; j < 8; j++) {
        int bit = j * bitWidth;
        long word = (long) LONG_LE.get(array, at + (bit >>> 3));
        unpacked[j] = (int) ((word >>> (bit & 7)) & mask);
      }
      position += bitWidth;
    } else {
      unpackGroupByBytes(mask);
    }
  }

  /**
   * One group, a byte at a time. A writer may end its last group early (its padding values are never
   * asked for): missing bytes read as zero.
   */
  private void unpackGroupByBytes(long mask) {
    long buffer = 0;
    int bits = 0;
    for (int j = 0; j < 8; j++) {
      while (bits < bitWidth) {
        int b = position < end ? bytes.get(position++) & 0xFF : 0;
        buffer |= (long) b << bits;
        bits += 8;
      }
      unpacked[j] = (int) (buffer & mask);
      buffer >>>= bitWidth;
      bits -= bitWidth;
    }
  }

  private int readUnsignedVarInt() {
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = nextByte();
      value |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new ParquetDecodingException("RLE run header is not a valid varint");
  }

  private int nextByte() {
    if (position >= end) {
      throw new ParquetDecodingException("RLE data ends before the values it should hold");
    }
    return bytes.get(position++);
  }
}
