package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.time.Micros;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Decodes the values of one primitive Parquet column straight into Calcite's internal representation
 * of the type {@link ParquetColumnTypes} gives it — no Avro records in between.
 */
final class PrimitiveDecoders {
  /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day part. */
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private PrimitiveDecoders() {}

  /** A converter that hands each decoded value of {@code type} to {@code sink}. */
  static PrimitiveConverter forType(PrimitiveType type, Consumer<Object> sink) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN:
        return new DecodingConverter(sink) {
          @Override public void addBoolean(boolean value) {
            sink.accept(value);
          }
        };
      case INT32:
        return new IntConverter(sink, int32(a));
      case INT64:
        return new LongConverter(sink, int64(a));
      case FLOAT:
        return new DecodingConverter(sink) {
          @Override public void addFloat(float value) {
            sink.accept(value);
          }

          @Override Object decode(Dictionary d, int id) {
            return d.decodeToFloat(id);
          }
        };
      case DOUBLE:
        return new DecodingConverter(sink) {
          @Override public void addDouble(double value) {
            sink.accept(value);
          }

          @Override Object decode(Dictionary d, int id) {
            return d.decodeToDouble(id);
          }
        };
      case INT96:
        return new BinaryConverter(sink, PrimitiveDecoders::int96Micros);
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        return new BinaryConverter(sink, binary(a));
      default:
        throw new IllegalArgumentException("unsupported Parquet type " + type);
    }
  }

  private interface IntDecoder {
    Object decode(int v);
  }

  private interface LongDecoder {
    Object decode(long v);
  }

  private interface BinaryDecoder {
    Object decode(Binary v);
  }

  private static IntDecoder int32(LogicalTypeAnnotation a) {
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      int scale = d.getScale();
      return v -> BigDecimal.valueOf(v, scale);
    }
    if (a instanceof IntLogicalTypeAnnotation i) {
      switch (i.getBitWidth()) {
        case 8: return i.isSigned() ? v -> (byte) v : v -> (short) (v & 0xFF);
        case 16: return i.isSigned() ? v -> (short) v : v -> v & 0xFFFF;
        default: return i.isSigned() ? v -> v : v -> Integer.toUnsignedLong(v);
      }
    }
    // DATE (days) and TIME(MILLIS) are already Calcite's representation; so is a plain INT32.
    return v -> v;
  }

  private static LongDecoder int64(LogicalTypeAnnotation a) {
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      int scale = d.getScale();
      return v -> BigDecimal.valueOf(v, scale);
    }
    if (a instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
      return v -> new BigDecimal(new BigInteger(Long.toUnsignedString(v)));
    }
    if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
      // The lake's TIMESTAMP is microseconds: nanoseconds are rounded down to them.
      return switch (t.getUnit()) {
        case MILLIS -> v -> Math.multiplyExact(v, 1_000L);
        case MICROS -> v -> v;
        case NANOS -> v -> Math.floorDiv(v, 1_000L);
      };
    }
    if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t) {
      long perMilli = unitsPerMilli(t.getUnit());
      return v -> timeMillis(v, perMilli, t.getUnit());
    }
    return v -> v;
  }

  /** A TIME is Calcite's milliseconds of the day: a value finer than that fails rather than change. */
  private static int timeMillis(long v, long perMilli, TimeUnit unit) {
    if (Math.floorMod(v, perMilli) != 0) {
      throw new LakeException(Micros.NOT_SUPPORTED, "TIME value " + v + " (" + unit
          + ") has a fraction finer than milliseconds, which lake-jdbc's TIME cannot hold; "
          + "a query that does not read the column is not affected");
    }
    return (int) Math.floorDiv(v, perMilli);
  }

  private static long unitsPerMilli(TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> 1L;
      case MICROS -> 1_000L;
      case NANOS -> 1_000_000L;
    };
  }

  private static BinaryDecoder binary(LogicalTypeAnnotation a) {
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      int scale = d.getScale();
      return v -> decimal(v, scale);
    }
    if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
      return v -> {
        ByteBuffer b = v.toByteBuffer();
        return new UUID(b.getLong(b.position()), b.getLong(b.position() + 8)).toString();
      };
    }
    if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      return v -> halfToFloat(v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getShort());
    }
    // Text for exactly the annotations ParquetColumnTypes types VARCHAR as UTF-8; all else is VARBINARY.
    if (ParquetColumnTypes.isUtf8Text(a)) {
      return Binary::toStringUsingUTF8;
    }
    return v -> new ByteString(v.getBytes());
  }

  /**
   * A big-endian two's-complement unscaled value: up to 8 bytes are folded into a long directly (the
   * common DECIMAL(12,2) takes 6), which avoids a byte copy and a BigInteger per value.
   */
  private static BigDecimal decimal(Binary v, int scale) {
    int length = v.length();
    if (length == 0 || length > Long.BYTES) {
      return new BigDecimal(new BigInteger(v.getBytes()), scale);
    }
    ByteBuffer bytes = v.toByteBuffer();
    int start = bytes.position();
    long unscaled = bytes.get(start); // sign-extended first byte
    for (int i = 1; i < length; i++) {
      unscaled = (unscaled << 8) | (bytes.get(start + i) & 0xFF);
    }
    return BigDecimal.valueOf(unscaled, scale);
  }

  /** IEEE 754 half precision to float (Float.float16ToFloat needs Java 20). */
  private static float halfToFloat(short half) {
    int bits = half & 0xFFFF;
    int exponent = (bits >>> 10) & 0x1F;
    int mantissa = bits & 0x3FF;
    float magnitude;
    if (exponent == 0) {
      magnitude = mantissa * 0x1p-24f;
    } else if (exponent == 31) {
      magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else {
      magnitude = (1 + mantissa / 1024f) * (float) Math.pow(2, exponent - 15);
    }
    return (bits & 0x8000) != 0 ? -magnitude : magnitude;
  }

  /** INT96: 8 bytes of nanoseconds in the day, then 4 bytes of Julian day, both little-endian. */
  private static Object int96Micros(Binary v) {
    ByteBuffer b = v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = b.getLong(b.position());
    long julianDay = b.getInt(b.position() + 8);
    return (julianDay - JULIAN_EPOCH_DAY) * Micros.PER_DAY + Math.floorDiv(nanosOfDay, 1_000L);
  }

  /**
   * Base of the converters: when a column chunk is dictionary-encoded, each dictionary entry is decoded
   * once and rows take the decoded value by id.
   */
  private abstract static class DecodingConverter extends PrimitiveConverter {
    final Consumer<Object> sink;
    private Object[] dictionary;

    DecodingConverter(Consumer<Object> sink) {
      this.sink = sink;
    }

    Object decode(Dictionary d, int id) {
      throw new UnsupportedOperationException("no dictionary for " + getClass().getSimpleName());
    }

    @Override public boolean hasDictionarySupport() {
      return true;
    }

    @Override public void setDictionary(Dictionary d) {
      dictionary = new Object[d.getMaxId() + 1];
      for (int id = 0; id < dictionary.length; id++) {
        dictionary[id] = decode(d, id);
      }
    }

    @Override public void addValueFromDictionary(int id) {
      sink.accept(dictionary[id]);
    }
  }

  private static final class IntConverter extends DecodingConverter {
    private final IntDecoder decoder;

    IntConverter(Consumer<Object> sink, IntDecoder decoder) {
      super(sink);
      this.decoder = decoder;
    }

    @Override public void addInt(int value) {
      sink.accept(decoder.decode(value));
    }

    @Override Object decode(Dictionary d, int id) {
      return decoder.decode(d.decodeToInt(id));
    }
  }

  private static final class LongConverter extends DecodingConverter {
    private final LongDecoder decoder;

    LongConverter(Consumer<Object> sink, LongDecoder decoder) {
      super(sink);
      this.decoder = decoder;
    }

    @Override public void addLong(long value) {
      sink.accept(decoder.decode(value));
    }

    @Override Object decode(Dictionary d, int id) {
      return decoder.decode(d.decodeToLong(id));
    }
  }

  private static final class BinaryConverter extends DecodingConverter {
    private final BinaryDecoder decoder;

    BinaryConverter(Consumer<Object> sink, BinaryDecoder decoder) {
      super(sink);
      this.decoder = decoder;
    }

    @Override public void addBinary(Binary value) {
      sink.accept(decoder.decode(value));
    }

    @Override Object decode(Dictionary d, int id) {
      return decoder.decode(d.decodeToBinary(id));
    }
  }
}
