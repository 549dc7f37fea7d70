package dev.lakejdbc.adapter.catalog;

import static dev.lakejdbc.adapter.LakeTestFiles.assertLakeException;
import static dev.lakejdbc.adapter.LakeTestFiles.hadoopPath;
import static dev.lakejdbc.adapter.LakeTestFiles.mkdirs;
import static dev.lakejdbc.adapter.LakeTestFiles.touch;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.LakeOptions;
import dev.lakejdbc.adapter.LakeTestFiles;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LakeSchemaTest {
  @TempDir Path lake;

  private LakeSchema schema(Path root) {
    return new LakeSchema(LakeTestFiles.storage(LakeOptions.DEFAULTS), hadoopPath(root));
  }

  @Test
  void tablesAreDirectoriesAndParquetFilesWithADirectoryWinningOverAFile() {
    touch(lake.resolve("orders/dt=1/part-0.parquet"));
    touch(lake.resolve("orders.parquet"));
    touch(lake.resolve("branches.parquet"));
    touch(lake.resolve("notes.txt"));
    touch(lake.resolve("_SUCCESS"));
    touch(lake.resolve("_scratch.parquet"));
    touch(lake.resolve(".branches.parquet.crc"));
    mkdirs(lake.resolve(".staging"));
    mkdirs(lake.resolve("_temporary"));

    LakeSchema schema = schema(lake);

    assertEquals(Set.of("orders", "branches"), schema.getTableNames());
    assertEquals(hadoopPath(lake.resolve("orders")),
        ((LakeTable) schema.getTable("orders")).source().location());
    assertEquals(hadoopPath(lake.resolve("branches.parquet")),
        ((LakeTable) schema.getTable("branches")).source().location());
  }

  @Test
  void missingRootIsAnIoError() {
    Path missing = lake.resolve("nowhere");

    assertLakeException(LakeException.IO_ERROR, () -> schema(missing).getTableNames(),
        missing.toString());
  }
}
