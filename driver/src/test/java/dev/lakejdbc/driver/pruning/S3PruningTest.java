package dev.lakejdbc.driver.pruning;

import dev.lakejdbc.driver.LakeStore;
import dev.lakejdbc.driver.S3Server;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/**
 * The static and dynamic pruning tests again, on copies of their lakes in an S3 bucket
 * ({@link S3Server}: s3proxy with authentication) read through {@code jdbc:lake:s3a://...} as one
 * of its users: DuckDB's answers, and exactly the files of the surviving partitions opened while
 * every other file is garbage, as on the local disk and on HDFS.
 */
class S3PruningTest {
  @TempDir static Path base;
  static S3Server s3;

  @BeforeAll static void start() throws Exception {
    s3 = new S3Server(base);
  }

  @AfterAll static void stop() throws Exception {
    s3.close();
  }

  @Nested class Static extends StaticPruningTest {
    @Override LakeStore store() {
      return s3;
    }
  }

  @Nested class Dynamic extends DynamicPruningTest {
    @Override LakeStore store() {
      return s3;
    }
  }
}
