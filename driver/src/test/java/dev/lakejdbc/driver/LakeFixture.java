package dev.lakejdbc.driver;

import dev.lakejdbc.testdata.GenerateLake;
import dev.lakejdbc.testing.TemporaryDirectories;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The generated lake (retail, bank and edge-case tables) shared by the tests of one JVM: generated once
 * into a temporary directory, never written to afterwards.
 */
public final class LakeFixture {
  private static Path lake;

  private LakeFixture() {}

  public static synchronized Path lake() {
    if (lake == null) {
      try {
        Path dir = TemporaryDirectories.deletedAtExit("lake-jdbc-test");
        GenerateLake.writeAll(dir.resolve("lake"), 1);
        lake = dir.resolve("lake");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return lake;
  }

  static Connection connect(String properties) throws SQLException {
    return DriverManager.getConnection("jdbc:lake:" + lake() + properties);
  }
}
