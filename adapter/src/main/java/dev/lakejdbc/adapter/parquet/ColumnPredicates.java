package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.filter.Comparison;
import dev.lakejdbc.adapter.types.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The parquet-java predicates on one column of one file, from comparisons in SQL values: how a value
 * of the table's column type is stored in this file's physical type (INT32 or INT64 integers, dates
 * and decimals of the file's own scale, decimals on FIXED_LEN_BYTE_ARRAY or BINARY, timestamps in the
 * file's unit, floating point, UTF-8 strings, booleans), with the rounding that keeps every match: a
 * bound between two storable values moves to the one that keeps more ({@code x < 2.5} on an integer
 * column is {@code x < 3}), an equality no stored value can meet matches nothing, a bound past the
 * physical type's range keeps everything or nothing.
 *
 * <p>A comparison this class cannot express exactly keeps every row ({@link Translation#ALL}) and says
 * why through the note consumer.
 */
abstract class ColumnPredicates {
  /**
   * IN lists up to this long become an OR of equalities: parquet-java judges an IN predicate by the
   * smallest and largest value of its list alone in statistics and column indexes, so that
   * {@code IN (5, 7999)} keeps every row group in between; one equality per value is judged exactly.
   * Longer lists stay one IN (still exact against dictionaries and bloom filters), or, where values
   * have no canonical bytes, the list's range.
   */
  static final int IN_AS_EQUALITIES_MAX = 1_000;

  final String name;

  private ColumnPredicates(String name) {
    this.name = name;
  }

  /**
   * The predicates on {@code field} (a top-level primitive column of the file) read as the table's
   * {@code tableType}, or null when its values cannot be compared in this file; then {@code notes} is
   * told why.
   */
  static ColumnPredicates of(PrimitiveType field, ColumnType tableType, Consumer<String> notes) {
    String name = field.getName();
    LogicalTypeAnnotation a = field.getLogicalTypeAnnotation();
    switch (field.getPrimitiveTypeName()) {
      case BOOLEAN:
        return new Booleans(name);
      case INT32:
      case INT64:
        boolean int32 = field.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32;
        if (a instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
          notes.accept(name + ": unsigned integers are not filtered");
          return null;
        }
        if (a instanceof TimestampLogicalTypeAnnotation t && !int32) {
          return new Timestamps(name, t.getUnit() == LogicalTypeAnnotation.TimeUnit.NANOS ? 1_000L : 1L,
              t.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS);
        }
        if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
          notes.accept(name + ": TIME is not filtered");
          return null;
        }
        int scale = a instanceof DecimalLogicalTypeAnnotation d ? d.getScale() : 0;
        return int32 ? new Exact(name, scale, Storage.INT32, 4) : new Exact(name, scale, Storage.INT64, 8);
      case FLOAT:
        if (tableType.name() != org.apache.calcite.sql.type.SqlTypeName.REAL) {
          notes.accept(name + ": FLOAT in this file, " + tableType + " in the table");
          return null;
        }
        return new Floating(name, true);
      case DOUBLE:
        return new Floating(name, false);
      case INT96:
        notes.accept(name + ": INT96 timestamps have no defined order");
        return null;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        boolean fixed = field.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return fixed ? new Exact(name, d.getScale(), Storage.FIXED, field.getTypeLength())
              : new Exact(name, d.getScale(), Storage.BINARY, 0);
        }
        if (ParquetColumnTypes.isUtf8Text(a)) {
          return new Strings(name);
        }
        notes.accept(name + ": " + (a == null ? field.getPrimitiveTypeName() : a) + " is not filtered");
        return null;
      default:
        notes.accept(name + ": " + field.getPrimitiveTypeName() + " is not filtered");
        return null;
    }
  }

  /** {@code column op value}; {@code value} is not NULL and not NaN. */
  abstract Translation compare(Comparison op, Object value, Consumer<String> notes);

  /** {@code column IN (values)}, none NULL or NaN, at least one. */
  abstract Translation in(List<Object> values, Consumer<String> notes);

  /** {@code column NOT IN (values)}, none NULL or NaN, at least one. */
  abstract Translation notIn(List<Object> values, Consumer<String> notes);

  /** IS NULL, or IS NOT NULL. */
  abstract Translation isNull(boolean isNull);

  // --- Integers, dates and decimals: an unscaled integer in some storage ----------------------

  private enum Storage { INT32, INT64, FIXED, BINARY }

  /**
   * Exact numbers stored as unscaled integers of the file's scale: INT32 and INT64 (integers, dates,
   * decimals), two's complement bytes of a fixed length, or of any length (BINARY, whose encoding of a
   * value is not unique: it is compared by range only, never by equality of bytes).
   */
  private static final class Exact extends ColumnPredicates {
    private final int scale;
    private final Storage storage;
    private final int length;
    private final BigInteger min;
    private final BigInteger max;

    Exact(String name, int scale, Storage storage, int length) {
      super(name);
      this.scale = scale;
      this.storage = storage;
      this.length = length;
      if (storage == Storage.BINARY) {
        min = null;
        max = null;
      } else {
        int bits = 8 * length;
        min = BigInteger.ONE.shiftLeft(bits - 1).negate();
        max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
      }
    }

    /** The value times 10^scale, or null when it is not a number. */
    private BigDecimal scaled(Object value) {
      BigDecimal d;
      if (value instanceof BigDecimal b) {
        d = b;
      } else if (value instanceof Long || value instanceof Integer || value instanceof Short
          || value instanceof Byte) {
        d = BigDecimal.valueOf(((Number) value).longValue());
      } else {
        return null;
      }
      return d.movePointRight(scale);
    }

    @Override Translation compare(Comparison op, Object value, Consumer<String> notes) {
      BigDecimal scaled = scaled(value);
      if (scaled == null) {
        notes.accept(name + ": cannot compare with a " + value.getClass().getSimpleName());
        return Translation.ALL;
      }
      BigInteger floor = scaled.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
      BigInteger ceil = scaled.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
      boolean exact = floor.equals(ceil);
      switch (op) {
        case EQ:
        case NOT_DISTINCT:
          return exact ? eq(floor) : Translation.NONE;
        case NE:
          return exact && inRange(floor) && storage != Storage.BINARY
              ? Translation.of(predicate(Operator.NE, floor)) : isNull(false);
        case LT:
          return below(ceil, false);
        case LE:
          return below(floor, true);
        case GT:
          return above(floor, false);
        case GE:
          return above(ceil, true);
        default:
          throw new IllegalArgumentException(op.toString());
      }
    }

    private boolean inRange(BigInteger u) {
      return min == null || u.compareTo(min) >= 0 && u.compareTo(max) <= 0;
    }

    private Translation eq(BigInteger u) {
      if (!inRange(u)) {
        return Translation.NONE;
      }
      if (storage == Storage.BINARY) {
        return Translation.of(FilterApi.and(predicate(Operator.GE, u), predicate(Operator.LE, u)));
      }
      return Translation.of(predicate(Operator.EQ, u));
    }

    /** {@code x < u}, or {@code x <= u}. */
    private Translation below(BigInteger u, boolean inclusive) {
      if (max != null && (inclusive ? u.compareTo(max) >= 0 : u.compareTo(max) > 0)) {
        return isNull(false);
      }
      if (min != null && (inclusive ? u.compareTo(min) < 0 : u.compareTo(min) <= 0)) {
        return Translation.NONE;
      }
      return Translation.of(predicate(inclusive ? Operator.LE : Operator.LT, u));
    }

    /** {@code x > u}, or {@code x >= u}. */
    private Translation above(BigInteger u, boolean inclusive) {
      if (max != null && (inclusive ? u.compareTo(max) > 0 : u.compareTo(max) >= 0)) {
        return Translation.NONE;
      }
      if (min != null && (inclusive ? u.compareTo(min) <= 0 : u.compareTo(min) < 0)) {
        return isNull(false);
      }
      return Translation.of(predicate(inclusive ? Operator.GE : Operator.GT, u));
    }

    /** The storable unscaled values among {@code values}; those no stored value can equal drop out. */
    private List<BigInteger> storable(List<Object> values, Consumer<String> notes) {
      List<BigInteger> out = new ArrayList<>();
      for (Object v : values) {
        BigDecimal scaled = scaled(v);
        if (scaled == null) {
          notes.accept(name + ": cannot compare with a " + v.getClass().getSimpleName());
          return null;
        }
        if (scaled.stripTrailingZeros().scale() <= 0) {
          BigInteger u = scaled.toBigIntegerExact();
          if (inRange(u)) {
            out.add(u);
          }
        }
      }
      return out;
    }

    @Override Translation in(List<Object> values, Consumer<String> notes) {
      List<BigInteger> us = storable(values, notes);
      if (us == null) {
        return Translation.ALL;
      }
      if (us.isEmpty()) {
        return Translation.NONE;
      }
      if (us.size() == 1) {
        return eq(us.get(0));
      }
      if (us.size() <= IN_AS_EQUALITIES_MAX) {
        return Translation.of(balancedOr(us.stream().sorted().map(u -> eq(u).predicate()).toList()));
      }
      if (storage == Storage.BINARY) {
        // No canonical bytes: not a set of byte strings, but the list's range.
        BigInteger lo = us.stream().min(BigInteger::compareTo).get();
        BigInteger hi = us.stream().max(BigInteger::compareTo).get();
        return Translation.of(FilterApi.and(predicate(Operator.GE, lo), predicate(Operator.LE, hi)));
      }
      return Translation.of(setPredicate(true, us));
    }

    @Override Translation notIn(List<Object> values, Consumer<String> notes) {
      List<BigInteger> us = storable(values, notes);
      if (us == null || storage == Storage.BINARY) {
        return us == null ? Translation.ALL : isNull(false);
      }
      return us.isEmpty() ? isNull(false) : Translation.of(setPredicate(false, us));
    }

    @Override Translation isNull(boolean isNull) {
      return Translation.of(switch (storage) {
        case INT32 -> nullTest(FilterApi.intColumn(name), isNull);
        case INT64 -> nullTest(FilterApi.longColumn(name), isNull);
        default -> nullTest(FilterApi.binaryColumn(name), isNull);
      });
    }

    private FilterPredicate predicate(Operator op, BigInteger u) {
      return switch (storage) {
        case INT32 -> op.apply(FilterApi.intColumn(name), u.intValueExact());
        case INT64 -> op.apply(FilterApi.longColumn(name), u.longValueExact());
        default -> op.apply(FilterApi.binaryColumn(name), bytes(u));
      };
    }

    private FilterPredicate setPredicate(boolean in, List<BigInteger> us) {
      switch (storage) {
        case INT32: {
          Set<Integer> set = new LinkedHashSet<>();
          us.forEach(u -> set.add(u.intValueExact()));
          return in ? FilterApi.in(FilterApi.intColumn(name), set)
              : FilterApi.notIn(FilterApi.intColumn(name), set);
        }
        case INT64: {
          Set<Long> set = new LinkedHashSet<>();
          us.forEach(u -> set.add(u.longValueExact()));
          return in ? FilterApi.in(FilterApi.longColumn(name), set)
              : FilterApi.notIn(FilterApi.longColumn(name), set);
        }
        default: {
          Set<Binary> set = new LinkedHashSet<>();
          us.forEach(u -> set.add(bytes(u)));
          return in ? FilterApi.in(FilterApi.binaryColumn(name), set)
              : FilterApi.notIn(FilterApi.binaryColumn(name), set);
        }
      }
    }

    /** Big-endian two's complement: sign-extended to the fixed length, or as few bytes as BigInteger gives. */
    private Binary bytes(BigInteger u) {
      byte[] minimal = u.toByteArray();
      if (storage != Storage.FIXED || minimal.length == length) {
        return Binary.fromConstantByteArray(minimal);
      }
      byte[] fixed = new byte[length];
      byte sign = (byte) (u.signum() < 0 ? 0xFF : 0);
      int pad = length - minimal.length;
      for (int i = 0; i < length; i++) {
        fixed[i] = i < pad ? sign : minimal[i - pad];
      }
      return Binary.fromConstantByteArray(fixed);
    }
  }

  // --- Timestamps: INT64 in the file's unit, read as microseconds (nanoseconds: floor) -------------

  private static final class Timestamps extends ColumnPredicates {
    /** Stored units per microsecond read: 1 (MICROS, and MILLIS after {@link #inMillis}), 1000 (NANOS). */
    private final long perMilli;
    /** A MILLIS file: a stored u reads as u * 1000 microseconds; values are moved to milliseconds first. */
    private final boolean millisFile;

    Timestamps(String name, long perMicro, boolean millisFile) {
      super(name);
      this.perMilli = perMicro;
      this.millisFile = millisFile;
    }

    /**
     * For a MILLIS file, the bound in stored milliseconds that selects the same stored values as
     * {@code op micros}; null where no stored value equals it (an equality never true, which is left
     * to the rows).
     */
    private static Long inMillis(Comparison op, long micros) {
      long floor = Math.floorDiv(micros, 1_000L);
      boolean exact = Math.floorMod(micros, 1_000L) == 0;
      switch (op) {
        case EQ: case NOT_DISTINCT: case NE: return exact ? floor : null;
        case LT: case GE: return exact ? floor : floor + 1;
        case LE: case GT: return floor;
        default: throw new IllegalArgumentException(op.toString());
      }
    }

    private static Long millis(Object v) {
      if (v instanceof Long || v instanceof Integer) {
        return ((Number) v).longValue();
      }
      if (v instanceof BigDecimal d) {
        try {
          return d.longValueExact();
        } catch (ArithmeticException e) {
          return null;
        }
      }
      return null;
    }

    private Operators.LongColumn column() {
      return FilterApi.longColumn(name);
    }

    @Override Translation compare(Comparison op, Object value, Consumer<String> notes) {
      Long m = millis(value);
      if (m == null) {
        notes.accept(name + ": cannot compare a timestamp with a " + value.getClass().getSimpleName());
        return Translation.ALL;
      }
      if (millisFile) {
        m = inMillis(op, m);
        if (m == null) {
          return Translation.ALL;
        }
      }
      long k = perMilli;
      try {
        // A stored value u reads as floor(u / k) milliseconds.
        switch (op) {
          case EQ:
          case NOT_DISTINCT:
            return Translation.of(equalsMillis(m));
          case NE:
            return k == 1 ? Translation.of(FilterApi.notEq(column(), m)) : isNull(false);
          case LT:
            return Translation.of(FilterApi.lt(column(), Math.multiplyExact(m, k)));
          case LE:
            return Translation.of(FilterApi.lt(column(), Math.multiplyExact(Math.addExact(m, 1), k)));
          case GT:
            return Translation.of(FilterApi.gtEq(column(), Math.multiplyExact(Math.addExact(m, 1), k)));
          case GE:
            return Translation.of(FilterApi.gtEq(column(), Math.multiplyExact(m, k)));
          default:
            throw new IllegalArgumentException(op.toString());
        }
      } catch (ArithmeticException overflow) {
        return Translation.ALL;
      }
    }

    private FilterPredicate equalsMillis(long m) {
      if (perMilli == 1) {
        return FilterApi.eq(column(), m);
      }
      long from = Math.multiplyExact(m, perMilli);
      return FilterApi.and(FilterApi.gtEq(column(), from),
          FilterApi.ltEq(column(), Math.addExact(from, perMilli - 1)));
    }

    @Override Translation in(List<Object> values, Consumer<String> notes) {
      Set<Long> millis = new LinkedHashSet<>();
      for (Object v : values) {
        Long m = millis(v);
        if (m == null) {
          notes.accept(name + ": cannot compare a timestamp with a " + v.getClass().getSimpleName());
          return Translation.ALL;
        }
        if (millisFile) {
          m = inMillis(Comparison.EQ, m);
          if (m == null) {
            continue;
          }
        }
        millis.add(m);
      }
      if (millis.isEmpty()) {
        return Translation.ALL;
      }
      try {
        if (millis.size() <= IN_AS_EQUALITIES_MAX) {
          List<FilterPredicate> each = new ArrayList<>();
          for (long m : millis.stream().sorted().toList()) {
            each.add(equalsMillis(m));
          }
          return Translation.of(balancedOr(each));
        }
        if (perMilli == 1) {
          return Translation.of(FilterApi.in(column(), millis));
        }
        long lo = millis.stream().min(Long::compare).get();
        long hi = millis.stream().max(Long::compare).get();
        return Translation.of(FilterApi.and(FilterApi.gtEq(column(), Math.multiplyExact(lo, perMilli)),
            FilterApi.lt(column(), Math.multiplyExact(Math.addExact(hi, 1), perMilli))));
      } catch (ArithmeticException overflow) {
        return Translation.ALL;
      }
    }

    @Override Translation notIn(List<Object> values, Consumer<String> notes) {
      if (perMilli != 1) {
        return isNull(false);
      }
      Set<Long> millis = new LinkedHashSet<>();
      for (Object v : values) {
        Long m = millis(v);
        if (m == null) {
          return Translation.ALL;
        }
        if (millisFile) {
          m = inMillis(Comparison.EQ, m);
          if (m == null) {
            continue;
          }
        }
        millis.add(m);
      }
      if (millis.isEmpty()) {
        return Translation.ALL;
      }
      return Translation.of(FilterApi.notIn(column(), millis));
    }

    @Override Translation isNull(boolean isNull) {
      return Translation.of(nullTest(column(), isNull));
    }
  }

  // --- FLOAT and DOUBLE ------------------------------------------------------------------------

  /**
   * Floating point, compared as Java (and Calcite's generated code) compares it: {@code -0.0 = 0.0}.
   * Statistics order zeros ({@code -0.0} first), so a bound at zero takes the zero that keeps both.
   * (NaN values never reach here; parquet-java's filters keep row groups and pages that may hold NaN
   * wherever NaN could match.)
   */
  private static final class Floating extends ColumnPredicates {
    private final boolean isFloat;

    Floating(String name, boolean isFloat) {
      super(name);
      this.isFloat = isFloat;
    }

    /** The value as this column stores it, or null when it has no exact such value. */
    private Comparable<?> value(Object v) {
      if (isFloat) {
        if (v instanceof Float f) {
          return f;
        }
        if (v instanceof Double d && (double) d.floatValue() == d) {
          return d.floatValue();
        }
        return null;
      }
      if (v instanceof Double d) {
        return d;
      }
      return v instanceof Float f ? (double) f : null;
    }

    private Comparable<?> zero(boolean negative) {
      return isFloat ? (negative ? -0.0f : 0.0f) : (Comparable<?>) (negative ? -0.0d : 0.0d);
    }

    private static boolean isZero(Comparable<?> v) {
      return ((Number) v).doubleValue() == 0.0;
    }

    @Override Translation compare(Comparison op, Object value, Consumer<String> notes) {
      Comparable<?> v = value(value);
      if (v == null) {
        notes.accept(name + ": cannot compare with a " + value.getClass().getSimpleName());
        return Translation.ALL;
      }
      boolean zero = isZero(v);
      switch (op) {
        case EQ:
        case NOT_DISTINCT:
          return zero ? set(true, List.of(zero(true), zero(false)))
              : Translation.of(predicate(Operator.EQ, v));
        case NE:
          return Translation.of(predicate(Operator.NE, v));
        case LT:
          return Translation.of(predicate(Operator.LT, zero ? zero(true) : v));
        case LE:
          return Translation.of(predicate(Operator.LE, zero ? zero(false) : v));
        case GT:
          return Translation.of(predicate(Operator.GT, zero ? zero(false) : v));
        case GE:
          return Translation.of(predicate(Operator.GE, zero ? zero(true) : v));
        default:
          throw new IllegalArgumentException(op.toString());
      }
    }

    @Override Translation in(List<Object> values, Consumer<String> notes) {
      List<Comparable<?>> set = new ArrayList<>();
      for (Object o : values) {
        Comparable<?> v = value(o);
        if (v == null) {
          notes.accept(name + ": cannot compare with a " + o.getClass().getSimpleName());
          return Translation.ALL;
        }
        if (isZero(v)) {
          set.add(zero(true));
          set.add(zero(false));
        } else {
          set.add(v);
        }
      }
      return set(true, set);
    }

    @Override Translation notIn(List<Object> values, Consumer<String> notes) {
      List<Comparable<?>> set = new ArrayList<>();
      for (Object o : values) {
        Comparable<?> v = value(o);
        if (v == null) {
          return Translation.ALL;
        }
        set.add(v);
      }
      return set(false, set);
    }

    @SuppressWarnings("unchecked")
    private Translation set(boolean in, List<Comparable<?>> values) {
      if (in && values.size() <= IN_AS_EQUALITIES_MAX) {
        return Translation.of(balancedOr(values.stream().distinct()
            .map(v -> predicate(Operator.EQ, v)).toList()));
      }
      if (isFloat) {
        Set<Float> s = new LinkedHashSet<>();
        values.forEach(v -> s.add((Float) v));
        return Translation.of(in ? FilterApi.in(FilterApi.floatColumn(name), s)
            : FilterApi.notIn(FilterApi.floatColumn(name), s));
      }
      Set<Double> s = new LinkedHashSet<>();
      values.forEach(v -> s.add((Double) v));
      return Translation.of(in ? FilterApi.in(FilterApi.doubleColumn(name), s)
          : FilterApi.notIn(FilterApi.doubleColumn(name), s));
    }

    private FilterPredicate predicate(Operator op, Comparable<?> v) {
      return isFloat ? op.apply(FilterApi.floatColumn(name), (Float) v)
          : op.apply(FilterApi.doubleColumn(name), (Double) v);
    }

    @Override Translation isNull(boolean isNull) {
      return Translation.of(isFloat ? nullTest(FilterApi.floatColumn(name), isNull)
          : nullTest(FilterApi.doubleColumn(name), isNull));
    }
  }

  // --- Strings ----------------------------------------------------------------------------------

  /**
   * UTF-8 strings. Statistics order strings by their bytes, which is code point order; Calcite
   * compares Java strings by UTF-16 units. The two orders agree unless a string holds a character from
   * U+D800 up (a surrogate, or U+E000..U+FFFF): a range whose bound holds one is not used. (The data's
   * own characters do not matter: at the first difference, a bound character below U+D800 orders the
   * same way against any character in both orders.)
   */
  private static final class Strings extends ColumnPredicates {
    Strings(String name) {
      super(name);
    }

    private Operators.BinaryColumn column() {
      return FilterApi.binaryColumn(name);
    }

    @Override Translation compare(Comparison op, Object value, Consumer<String> notes) {
      if (!(value instanceof String s)) {
        notes.accept(name + ": cannot compare a string with a " + value.getClass().getSimpleName());
        return Translation.ALL;
      }
      Binary b = Binary.fromString(s);
      switch (op) {
        case EQ:
        case NOT_DISTINCT:
          return Translation.of(FilterApi.eq(column(), b));
        case NE:
          return Translation.of(FilterApi.notEq(column(), b));
        default:
          if (s.chars().anyMatch(c -> c >= 0xD800)) {
            notes.accept(name + ": a range bound with characters from U+D800 up (UTF-16 and UTF-8 "
                + "orders differ)");
            return Translation.ALL;
          }
          Operator o = switch (op) {
            case LT -> Operator.LT;
            case LE -> Operator.LE;
            case GT -> Operator.GT;
            default -> Operator.GE;
          };
          return Translation.of(o.apply(column(), b));
      }
    }

    private Set<Binary> binaries(List<Object> values, Consumer<String> notes) {
      Set<Binary> set = new LinkedHashSet<>();
      for (Object v : values) {
        if (!(v instanceof String s)) {
          notes.accept(name + ": cannot compare a string with a " + v.getClass().getSimpleName());
          return null;
        }
        set.add(Binary.fromString(s));
      }
      return set;
    }

    @Override Translation in(List<Object> values, Consumer<String> notes) {
      Set<Binary> set = binaries(values, notes);
      if (set == null) {
        return Translation.ALL;
      }
      if (set.size() <= IN_AS_EQUALITIES_MAX) {
        return Translation.of(balancedOr(set.stream().sorted()
            .map(b -> (FilterPredicate) FilterApi.eq(column(), b)).toList()));
      }
      return Translation.of(FilterApi.in(column(), set));
    }

    @Override Translation notIn(List<Object> values, Consumer<String> notes) {
      Set<Binary> set = binaries(values, notes);
      return set == null ? Translation.ALL : Translation.of(FilterApi.notIn(column(), set));
    }

    @Override Translation isNull(boolean isNull) {
      return Translation.of(nullTest(column(), isNull));
    }
  }

  // --- Booleans --------------------------------------------------------------------------------

  private static final class Booleans extends ColumnPredicates {
    Booleans(String name) {
      super(name);
    }

    private Operators.BooleanColumn column() {
      return FilterApi.booleanColumn(name);
    }

    @Override Translation compare(Comparison op, Object value, Consumer<String> notes) {
      if (!(value instanceof Boolean b)) {
        return Translation.ALL;
      }
      return switch (op) {
        case EQ, NOT_DISTINCT -> Translation.of(FilterApi.eq(column(), b));
        case NE -> Translation.of(FilterApi.notEq(column(), b));
        default -> Translation.ALL;
      };
    }

    @Override Translation in(List<Object> values, Consumer<String> notes) {
      return Translation.or(values.stream().map(v -> compare(Comparison.EQ, v, notes)).toList());
    }

    @Override Translation notIn(List<Object> values, Consumer<String> notes) {
      return Translation.and(values.stream().map(v -> compare(Comparison.NE, v, notes)).toList());
    }

    @Override Translation isNull(boolean isNull) {
      return Translation.of(isNull ? FilterApi.eq(column(), null) : FilterApi.notEq(column(), null));
    }
  }

  // --- helpers ---------------------------------------------------------------------------------

  /** The OR of {@code operands} (at least one) as a balanced tree: filters visit it recursively. */
  static FilterPredicate balancedOr(List<FilterPredicate> operands) {
    if (operands.size() == 1) {
      return operands.get(0);
    }
    int half = operands.size() / 2;
    return FilterApi.or(balancedOr(operands.subList(0, half)),
        balancedOr(operands.subList(half, operands.size())));
  }

  private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt>
      FilterPredicate nullTest(C column, boolean isNull) {
    return isNull ? FilterApi.eq(column, null) : FilterApi.notEq(column, null);
  }

  /** The comparisons of ordered columns, applied to a typed column and value. */
  private enum Operator {
    EQ, NE, LT, LE, GT, GE;

    <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt>
        FilterPredicate apply(C column, T value) {
      return switch (this) {
        case EQ -> FilterApi.eq(column, value);
        case NE -> FilterApi.notEq(column, value);
        case LT -> FilterApi.lt(column, value);
        case LE -> FilterApi.ltEq(column, value);
        case GT -> FilterApi.gt(column, value);
        case GE -> FilterApi.gtEq(column, value);
      };
    }
  }
}
