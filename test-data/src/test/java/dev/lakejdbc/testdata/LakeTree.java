package dev.lakejdbc.testdata;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;

/** Test-side views of a generated directory tree. */
final class LakeTree {
  private static final Pattern DATA_FILE = Pattern.compile("part-\\d{5}\\.parquet");

  private LakeTree() {}

  /** Every regular file under root, keyed by its '/'-separated path relative to root. */
  static SortedMap<String, byte[]> files(Path root) throws IOException {
    SortedMap<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : (Iterable<Path>) paths.filter(Files::isRegularFile)::iterator) {
        files.put(relative(root, p), Files.readAllBytes(p));
      }
    }
    return files;
  }

  /** The data files ({@code part-NNNNN.parquet}) under dir, in path order. */
  static List<Path> dataFiles(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      return paths.filter(p -> DATA_FILE.matcher(p.getFileName().toString()).matches())
          .sorted((a, b) -> relative(dir, a).compareTo(relative(dir, b)))
          .toList();
    }
  }

  /** The records of every data file under dir, in path order. */
  static List<GenericRecord> records(Path dir) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    for (Path file : dataFiles(dir)) {
      records.addAll(ParquetFiles.read(file));
    }
    return records;
  }

  /** Sorted names of the entries directly in dir. */
  static List<String> children(Path dir) throws IOException {
    try (Stream<Path> paths = Files.list(dir)) {
      return paths.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The field's value as a String (Avro reads strings as Utf8), or null. */
  static String str(GenericRecord record, String field) {
    Object value = record.get(field);
    return value == null ? null : value.toString();
  }

  static String relative(Path root, Path p) {
    return root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
  }
}
