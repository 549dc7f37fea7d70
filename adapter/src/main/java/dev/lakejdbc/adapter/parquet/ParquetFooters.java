package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.DataFile;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Reads Parquet footers and keeps them, so that a file's footer is read once per table: at discovery
 * for the schema, then reused when the file is scanned. A file rewritten in place (other length or
 * modification time) is read again.
 */
public final class ParquetFooters {
  private record Key(String path, long length, long modificationTime) {}

  private final FileSystem fs;
  private final ParquetReadOptions options;
  private final Map<Key, ParquetMetadata> cache = new ConcurrentHashMap<>();

  public ParquetFooters(FileSystem fs, Configuration conf) {
    this.fs = fs;
    this.options = HadoopReadOptions.builder(conf).build();
  }

  ParquetReadOptions options() {
    return options;
  }

  /** {@code file} as Parquet's InputFile, read through the lake's file system. */
  LakeInputFile inputFile(DataFile file) {
    return new LakeInputFile(fs, file);
  }

  /** The footer of {@code file}, read now or earlier. */
  public ParquetMetadata footer(DataFile file) {
    Key key = new Key(file.path().toString(), file.length(), file.status().getModificationTime());
    ParquetMetadata footer = cache.get(key);
    if (footer == null) {
      footer = read(file);
      cache.put(key, footer);
    }
    return footer;
  }

  private ParquetMetadata read(DataFile file) {
    try (ParquetFileReader reader = ParquetFileReader.open(inputFile(file), options)) {
      return reader.getFooter();
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot read the Parquet footer of", file.path(), e);
    }
  }
}
