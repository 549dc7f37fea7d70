package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeException;
import java.io.File;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/**
 * A parsed {@code jdbc:lake:<location>[;key=value]*} URL merged with the caller's Properties (the URL
 * wins). The location is a local path, relative or absolute, or a Hadoop URI such as
 * {@code hdfs://namenode:8020/lake}.
 */
public record LakeUrl(String location, Map<String, String> properties) {
  public static final String PREFIX = "jdbc:lake:";
  private static final Pattern URI_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:/.*");

  public static LakeUrl parse(String url, Properties info) {
    if (url == null || !url.startsWith(PREFIX)) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "Not a lake URL: " + url + " (expected " + PREFIX + "<path or hdfs://...>[;key=value]*)");
    }
    String[] parts = url.substring(PREFIX.length()).split(";");
    String location = parts.length == 0 ? "" : parts[0].trim();
    if (location.isEmpty()) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "The lake URL names no location: " + url + " (expected " + PREFIX + "<path>)");
    }
    Map<String, String> properties = new LinkedHashMap<>();
    if (info != null) {
      for (String key : info.stringPropertyNames()) {
        properties.put(key, info.getProperty(key));
      }
    }
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i].trim();
      if (part.isEmpty()) {
        continue;
      }
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new LakeException(LakeException.CONNECTION_REJECTED,
            "Malformed URL property '" + part + "' in " + url + " (expected key=value)");
      }
      properties.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
    }
    return new LakeUrl(location, properties);
  }

  /**
   * The location as a Hadoop path: URIs as they are, except that a file system's root may be written
   * without its slash ({@code hdfs://namenode:8020}, {@code s3a://bucket}); local paths made absolute.
   */
  public Path rootPath() {
    if (URI_SCHEME.matcher(location).matches()) {
      Path path;
      try {
        path = new Path(location);
      } catch (IllegalArgumentException e) {
        throw new LakeException(LakeException.CONNECTION_REJECTED,
            "Invalid lake location " + location + ": " + e.getMessage(), e);
      }
      URI uri = path.toUri();
      return uri.getAuthority() != null && uri.getPath().isEmpty()
          ? new Path(uri.getScheme(), uri.getAuthority(), "/") : path;
    }
    return new Path(new File(location).getAbsoluteFile().toURI());
  }
}
