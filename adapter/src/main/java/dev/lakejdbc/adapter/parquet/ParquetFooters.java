package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.DataFile;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Reads Parquet footers and keeps them, so that a file's footer is read once per table: at discovery
 * for the schema, then reused when the file is scanned. A file rewritten in place (other length or
 * modification time) is read again.
 */
public final class ParquetFooters {
  private record Key(String path, long length, long modificationTime) {}

  private final Configuration conf;
  private final ParquetReadOptions options;
  private final Map<Key, ParquetMetadata> cache = new ConcurrentHashMap<>();

  public ParquetFooters(Configuration conf) {
    this.conf = conf;
    this.options = HadoopReadOptions.builder(conf).build();
  }

  ParquetReadOptions options() {
    return options;
  }

  Configuration conf() {
    return conf;
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
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromStatus(file.status(), conf), options)) {
      return reader.getFooter();
    } catch (IOException | RuntimeException e) {
      throw LakeException.io("Cannot read the Parquet footer of", file.path(), e);
    }
  }
}
