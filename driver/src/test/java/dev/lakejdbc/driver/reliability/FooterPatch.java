package dev.lakejdbc.driver.reliability;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;

/**
 * Rewrites the footer of a Parquet file written here so that it looks as an older writer left it: its
 * created_by, no column orders and no column or offset indexes (which old writers did not write), and
 * string statistics only in the deprecated signed-order fields. Data pages stay where they are: their
 * offsets in the footer are absolute, and only the footer at the end changes.
 */
final class FooterPatch {
  private FooterPatch() {}

  static void patch(Path file, Consumer<FileMetaData> change) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int length = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int start = bytes.length - 8 - length;
    FileMetaData footer = Util.readFileMetaData(new ByteArrayInputStream(bytes, start, length));
    change.accept(footer);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, start);
    ByteArrayOutputStream meta = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, meta);
    out.write(meta.toByteArray());
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(meta.size()).array());
    out.write("PAR1".getBytes(StandardCharsets.US_ASCII));
    Files.write(file, out.toByteArray());
  }

  /**
   * As written by {@code createdBy}: no column orders, no column or offset indexes, and statistics in
   * the deprecated min/max fields (the min_value/max_value fields came with parquet-format 2.4).
   */
  static Consumer<FileMetaData> oldWriter(String createdBy) {
    return footer -> {
      footer.setCreated_by(createdBy);
      footer.unsetColumn_orders();
      for (RowGroup rg : footer.getRow_groups()) {
        for (ColumnChunk c : rg.getColumns()) {
          Statistics s = c.getMeta_data().getStatistics();
          if (s != null && s.isSetMin_value()) {
            s.setMin(s.getMin_value());
            s.setMax(s.getMax_value());
            s.unsetMin_value();
            s.unsetMax_value();
          }
          c.unsetColumn_index_offset();
          c.unsetColumn_index_length();
          c.unsetOffset_index_offset();
          c.unsetOffset_index_length();
        }
      }
    };
  }

  /**
   * The statistics of the string column {@code column}, one row group per entry of {@code values},
   * only in the deprecated min/max fields, ordered as old writers ordered them: by signed bytes, so
   * that "é" (0xC3 0xA9) sorts before "a" (0x61).
   */
  static Consumer<FileMetaData> signedStringStatistics(String column, List<List<String>> values) {
    return footer -> {
      for (int g = 0; g < footer.getRow_groups().size(); g++) {
        for (ColumnChunk c : footer.getRow_groups().get(g).getColumns()) {
          if (!c.getMeta_data().getPath_in_schema().equals(List.of(column))) {
            continue;
          }
          Statistics s = c.getMeta_data().getStatistics();
          s.unsetMin_value();
          s.unsetMax_value();
          byte[] min = null;
          byte[] max = null;
          for (String v : values.get(g)) {
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            min = min == null || compareSigned(b, min) < 0 ? b : min;
            max = max == null || compareSigned(b, max) > 0 ? b : max;
          }
          s.setMin(min);
          s.setMax(max);
        }
      }
    };
  }

  private static int compareSigned(byte[] a, byte[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] != b[i]) {
        return Byte.compare(a[i], b[i]);
      }
    }
    return Integer.compare(a.length, b.length);
  }
}
