package dev.lakejdbc.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.table.TableSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.function.Executable;

/**
 * Shared setup for the adapter's unit tests: Parquet files written with the low-level example writer
 * (no Avro in between, so every physical type and annotation can be chosen), plain files and
 * directories for layout tests, and the raw local Hadoop file system the lake reads through.
 */
public final class LakeTestFiles {
  public static final Configuration CONF = new Configuration();
  private static FileSystem fs;

  private LakeTestFiles() {}

  /** Hadoop's local file system without the checksumming layer, as the driver uses it. */
  public static synchronized FileSystem fs() {
    if (fs == null) {
      try {
        fs = FileSystem.getLocal(CONF).getRawFileSystem();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return fs;
  }

  /** The Hadoop path of a local file or directory (no trailing slash, unlike {@code Path(toUri())}). */
  public static Path hadoopPath(java.nio.file.Path path) {
    return new Path("file", null, path.toAbsolutePath().toString());
  }

  /** A storage over the raw local file system: its footer cache is what the scans use. */
  public static LakeStorage storage(LakeOptions options) {
    return new LakeStorage(fs(), CONF, options);
  }

  public static FileStatus status(java.nio.file.Path path) {
    try {
      return fs().getFileStatus(hadoopPath(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static DataFile dataFile(java.nio.file.Path file) {
    return new DataFile(status(file));
  }

  /** A table of the lake over a directory or a single file, as {@link LakeSchema} makes them. */
  public static TableSource table(java.nio.file.Path location, LakeOptions options) {
    String name = location.getFileName().toString().replaceFirst("\\.parquet$", "");
    return new TableSource(name, status(location), storage(options));
  }

  /**
   * Writes one Parquet file of the given schema (Parquet's text syntax), one record per filler; creates
   * missing parent directories.
   */
  @SafeVarargs
  public static java.nio.file.Path parquet(java.nio.file.Path file, String messageType,
      Consumer<Group>... records) {
    return parquet(file, messageType, ParquetWriter.DEFAULT_BLOCK_SIZE, List.of(records));
  }

  public static java.nio.file.Path parquet(java.nio.file.Path file, String messageType,
      long rowGroupSize, List<Consumer<Group>> records) {
    MessageType schema = MessageTypeParser.parseMessageType(messageType);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
          .withType(schema)
          .withConf(CONF)
          .withRowGroupSize(rowGroupSize)
          .build()) {
        for (Consumer<Group> filler : records) {
          Group g = groups.newGroup();
          filler.accept(g);
          writer.write(g);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** A small non-Parquet file (listing tests do not read contents), creating parent directories. */
  public static java.nio.file.Path touch(java.nio.file.Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      return Files.writeString(file, "x");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static java.nio.file.Path mkdirs(java.nio.file.Path dir) {
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Asserts that {@code action} fails with a {@link LakeException} of {@code sqlState} whose message
   * contains every one of {@code fragments}; returns it for further checks.
   */
  public static LakeException assertLakeException(String sqlState, Executable action,
      String... fragments) {
    LakeException e = assertThrows(LakeException.class, action);
    assertEquals(sqlState, e.sqlState(), () -> "SQLState of: " + e.getMessage());
    for (String fragment : fragments) {
      assertTrue(e.getMessage().contains(fragment),
          () -> "message should contain '" + fragment + "': " + e.getMessage());
    }
    return e;
  }
}
