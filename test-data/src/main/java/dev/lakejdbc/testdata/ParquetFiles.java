package dev.lakejdbc.testdata;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;

/**
 * Writes and reads single Parquet files through parquet-avro on java.nio paths, so that no Hadoop
 * FileSystem is involved and no {@code .crc} side files appear.
 */
public final class ParquetFiles {
  /**
   * Records may hold logical-type values as Java objects ({@code BigDecimal}, {@code LocalDate},
   * {@code Instant}) or in their raw Avro form; reading gives the Java objects back.
   */
  private static final GenericData MODEL = dataModel();

  private ParquetFiles() {}

  /**
   * How a file is laid out inside: rows per row group and per page (0 for parquet-java's defaults,
   * which go by bytes), dictionary encoding, statistics (row-group statistics and the column index),
   * their truncation of long binary values, and the columns that get a bloom filter.
   */
  public record Layout(int rowGroupRows, int pageRows, boolean dictionary, boolean statistics,
      int truncateLength, List<String> bloomFilterColumns) {
    public static final Layout DEFAULT = new Layout(0, 0, true, true, 0, List.of());

    public Layout {
      bloomFilterColumns = List.copyOf(bloomFilterColumns);
    }

    /** Small row groups and pages: {@code rowGroupRows} and {@code pageRows} rows each. */
    public static Layout rows(int rowGroupRows, int pageRows) {
      return new Layout(rowGroupRows, pageRows, true, true, 0, List.of());
    }

    public Layout withDictionary(boolean value) {
      return new Layout(rowGroupRows, pageRows, value, statistics, truncateLength, bloomFilterColumns);
    }

    public Layout withStatistics(boolean value) {
      return new Layout(rowGroupRows, pageRows, dictionary, value, truncateLength, bloomFilterColumns);
    }

    public Layout withTruncateLength(int value) {
      return new Layout(rowGroupRows, pageRows, dictionary, statistics, value, bloomFilterColumns);
    }

    public Layout withBloomFilters(List<String> columns) {
      return new Layout(rowGroupRows, pageRows, dictionary, statistics, truncateLength, columns);
    }
  }

  /**
   * Writes one SNAPPY-compressed file, creating missing parent directories.
   *
   * @throws java.nio.file.FileAlreadyExistsException if the file exists
   */
  public static void write(Path file, Schema schema, Iterable<GenericRecord> records)
      throws IOException {
    write(file, schema, records, Layout.DEFAULT);
  }

  /** Writes one SNAPPY-compressed file laid out as {@code layout} says. */
  public static void write(Path file, Schema schema, Iterable<GenericRecord> records, Layout layout)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    AvroParquetWriter.Builder<GenericRecord> builder = AvroParquetWriter
        .<GenericRecord>builder(new LocalOutputFile(file))
        .withSchema(schema)
        .withDataModel(MODEL)
        // Plain configuration: no Hadoop Configuration (and no *-site.xml on the class path) can
        // change the bytes written.
        .withConf(new PlainParquetConfiguration())
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withWriteMode(ParquetFileWriter.Mode.CREATE)
        .withDictionaryEncoding(layout.dictionary())
        .withStatisticsEnabled(layout.statistics());
    if (layout.rowGroupRows() > 0) {
      builder.withRowGroupRowCountLimit(layout.rowGroupRows());
    }
    if (layout.pageRows() > 0) {
      builder.withPageRowCountLimit(layout.pageRows()).withMinRowCountForPageSizeCheck(1);
    }
    if (layout.truncateLength() > 0) {
      builder.withStatisticsTruncateLength(layout.truncateLength())
          .withColumnIndexTruncateLength(layout.truncateLength());
    }
    for (String column : layout.bloomFilterColumns()) {
      builder.withBloomFilterEnabled(column, true);
    }
    try (ParquetWriter<GenericRecord> writer = builder.build()) {
      for (GenericRecord record : records) {
        writer.write(record);
      }
    }
  }

  /** All records of one file, logical types as Java objects and strings as {@code Utf8}. */
  public static List<GenericRecord> read(Path file) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader = AvroParquetReader
        .<GenericRecord>builder(new LocalInputFile(file), new PlainParquetConfiguration())
        .withDataModel(MODEL)
        .build()) {
      for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
        records.add(r);
      }
    }
    return records;
  }

  private static GenericData dataModel() {
    GenericData model = new GenericData();
    model.addLogicalTypeConversion(new Conversions.DecimalConversion());
    model.addLogicalTypeConversion(new TimeConversions.DateConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
    return model;
  }
}
