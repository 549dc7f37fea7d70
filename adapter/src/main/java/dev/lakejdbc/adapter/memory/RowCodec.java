package dev.lakejdbc.adapter.memory;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Writes rows of Calcite's internal representation to a spill file and reads them back as equal
 * values of the same classes, so that the key selectors, comparators and accumulators of the
 * generated code treat a row read back exactly as the row written: a type tag per value, integers as
 * zig-zag varints, strings as UTF-8, decimals as scale and unscaled bytes, rows ({@code Object[]})
 * and lists recursively. DATE, TIME and TIMESTAMP are ints and longs in that representation.
 */
public final class RowCodec {
  private static final int NULL = 0;
  private static final int FALSE = 1;
  private static final int TRUE = 2;
  private static final int INT = 3;
  private static final int LONG = 4;
  private static final int DOUBLE = 5;
  private static final int STRING = 6;
  private static final int DECIMAL = 7;
  private static final int ROW = 8;
  private static final int FLOAT = 9;
  private static final int SHORT = 10;
  private static final int BYTE = 11;
  private static final int BYTE_STRING = 12;
  private static final int BYTES = 13;
  private static final int LIST = 14;
  private static final int MAP = 15;
  private static final int CHARACTER = 16;

  private RowCodec() {}

  /**
   * Writes one row or value.
   *
   * @throws MemoryLimitExceededException for a value of a class a spill file cannot hold
   */
  public static void write(DataOutput out, Object v) throws IOException {
    if (v == null) {
      out.writeByte(NULL);
    } else if (v instanceof Object[] row) {
      out.writeByte(ROW);
      writeCount(out, row.length);
      for (Object value : row) {
        write(out, value);
      }
    } else if (v instanceof String s) {
      out.writeByte(STRING);
      byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
      writeCount(out, bytes.length);
      out.write(bytes);
    } else if (v instanceof Integer i) {
      out.writeByte(INT);
      writeVarLong(out, i);
    } else if (v instanceof Long l) {
      out.writeByte(LONG);
      writeVarLong(out, l);
    } else if (v instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeDouble(d);
    } else if (v instanceof Boolean b) {
      out.writeByte(b ? TRUE : FALSE);
    } else if (v instanceof BigDecimal d) {
      out.writeByte(DECIMAL);
      writeVarLong(out, d.scale());
      byte[] unscaled = d.unscaledValue().toByteArray();
      writeCount(out, unscaled.length);
      out.write(unscaled);
    } else if (v instanceof Float f) {
      out.writeByte(FLOAT);
      out.writeFloat(f);
    } else if (v instanceof Short s) {
      out.writeByte(SHORT);
      out.writeShort(s);
    } else if (v instanceof Byte b) {
      out.writeByte(BYTE);
      out.writeByte(b);
    } else if (v instanceof Character c) {
      out.writeByte(CHARACTER);
      out.writeChar(c);
    } else if (v instanceof ByteString b) {
      out.writeByte(BYTE_STRING);
      writeCount(out, b.length());
      out.write(b.getBytes());
    } else if (v instanceof byte[] b) {
      out.writeByte(BYTES);
      writeCount(out, b.length);
      out.write(b);
    } else if (v instanceof List<?> list) {
      out.writeByte(LIST);
      writeCount(out, list.size());
      for (Object e : list) {
        write(out, e);
      }
    } else if (v instanceof Map<?, ?> map) {
      out.writeByte(MAP);
      writeCount(out, map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        write(out, e.getKey());
        write(out, e.getValue());
      }
    } else {
      throw new MemoryLimitExceededException("Cannot spill a value of class " + v.getClass().getName()
          + " to disk; raise queryMemoryLimit so that the query holds it in memory");
    }
  }

  /** Reads one row or value written by {@link #write}. */
  public static Object read(DataInput in) throws IOException {
    int tag = in.readUnsignedByte();
    switch (tag) {
      case NULL: return null;
      case FALSE: return Boolean.FALSE;
      case TRUE: return Boolean.TRUE;
      case INT: return (int) readVarLong(in);
      case LONG: return readVarLong(in);
      case DOUBLE: return in.readDouble();
      case STRING: {
        byte[] bytes = new byte[readCount(in)];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
      }
      case DECIMAL: {
        int scale = (int) readVarLong(in);
        byte[] unscaled = new byte[readCount(in)];
        in.readFully(unscaled);
        return new BigDecimal(new BigInteger(unscaled), scale);
      }
      case ROW: {
        Object[] row = new Object[readCount(in)];
        for (int i = 0; i < row.length; i++) {
          row[i] = read(in);
        }
        return row;
      }
      case FLOAT: return in.readFloat();
      case SHORT: return in.readShort();
      case BYTE: return in.readByte();
      case CHARACTER: return in.readChar();
      case BYTE_STRING: {
        byte[] bytes = new byte[readCount(in)];
        in.readFully(bytes);
        return new ByteString(bytes);
      }
      case BYTES: {
        byte[] bytes = new byte[readCount(in)];
        in.readFully(bytes);
        return bytes;
      }
      case LIST: {
        int n = readCount(in);
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          list.add(read(in));
        }
        return list;
      }
      case MAP: {
        int n = readCount(in);
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          map.put(read(in), read(in));
        }
        return map;
      }
      default:
        throw new IOException("corrupt spill file: unknown value tag " + tag);
    }
  }

  private static void writeCount(DataOutput out, int n) throws IOException {
    writeVarLong(out, n);
  }

  private static int readCount(DataInput in) throws IOException {
    long n = readVarLong(in);
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw new IOException("corrupt spill file: a count of " + n);
    }
    return (int) n;
  }

  /** Zig-zag, then 7 bits a byte: small magnitudes of either sign take one or two bytes. */
  private static void writeVarLong(DataOutput out, long v) throws IOException {
    long z = (v << 1) ^ (v >> 63);
    while ((z & ~0x7FL) != 0) {
      out.writeByte((int) ((z & 0x7F) | 0x80));
      z >>>= 7;
    }
    out.writeByte((int) z);
  }

  private static long readVarLong(DataInput in) throws IOException {
    long z = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = in.readUnsignedByte();
      z |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return (z >>> 1) ^ -(z & 1);
      }
    }
    throw new IOException("corrupt spill file: a varint of more than 10 bytes");
  }
}
