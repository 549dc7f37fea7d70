package dev.lakejdbc.driver;

import java.nio.file.Path;

/**
 * Where a test reads the lakes it generates on the local disk: in place, or from a copy of them on
 * another file system ({@link MiniHdfs}). Tests written against a store run unchanged on both.
 */
public interface LakeStore {
  /** The lake where it was generated. */
  LakeStore LOCAL = lake -> lake.toAbsolutePath().toString();

  /** The location to put after {@code jdbc:lake:} to read the local lake {@code lake} (or its copy). */
  String location(Path lake);

  /** {@code jdbc:lake:<location of lake><properties>} */
  default String url(Path lake, String properties) {
    return "jdbc:lake:" + location(lake) + properties;
  }
}
