package dev.lakejdbc.testdata;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The overwrite rules shared by the generators: never mix two generations in one directory. */
final class LakeOutput {
  /** A generator body that may fail with I/O. */
  @FunctionalInterface
  interface Generation {
    void run() throws IOException;
  }

  private LakeOutput() {}

  /**
   * Fails unless each table path under the root is absent or an empty directory. Checked for all
   * tables before anything is written, so a refused run leaves the directory untouched.
   */
  static void requireFresh(Path root, List<String> tables) throws IOException {
    for (String table : tables) {
      requireEmpty(root.resolve(table));
    }
  }

  /** Fails unless the path is absent or an empty directory. */
  static void requireEmpty(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    if (!Files.isDirectory(path)) {
      throw new IllegalStateException("Refusing to overwrite existing file " + path);
    }
    try (Stream<Path> entries = Files.list(path)) {
      if (entries.findAny().isPresent()) {
        throw new IllegalStateException("Refusing to generate into non-empty directory " + path
            + ": delete it first (or use an ensure method to reuse an identical earlier generation)");
      }
    }
  }

  /**
   * Runs the generation unless the root already holds the same lake. A hidden stamp file (readers skip
   * names starting with '.') records what was generated; it is written last, so an interrupted run
   * leaves no stamp and the next attempt fails on the leftover tables instead of trusting them.
   *
   * @param lake short lake name, part of the stamp file name
   * @param fingerprint everything that determines the lake's bytes (the options)
   */
  static void ensure(Path root, String lake, String fingerprint, Generation generation)
      throws IOException {
    Path stamp = root.resolve(".lake-jdbc-" + lake);
    if (Files.exists(stamp)) {
      String existing = Files.readString(stamp, StandardCharsets.UTF_8);
      if (existing.equals(fingerprint)) {
        return;
      }
      throw new IllegalStateException("Directory " + root + " holds a " + lake
          + " lake generated as [" + existing + "], not [" + fingerprint + "]: delete it first");
    }
    generation.run();
    Files.writeString(stamp, fingerprint, StandardCharsets.UTF_8);
  }
}
