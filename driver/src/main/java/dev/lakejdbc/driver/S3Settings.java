package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What the driver does for lakes on S3 ({@code s3a://}, and {@code s3://} read through S3A): the
 * connection's {@code user}/{@code password} as access and secret key, retry and timeout defaults that
 * fail an unreachable endpoint within seconds rather than minutes, and messages that say what to fix.
 */
final class S3Settings {
  static final String S3A_CLASS = "org.apache.hadoop.fs.s3a.S3AFileSystem";
  static final String ACCESS_KEY = "fs.s3a.access.key";
  static final String SECRET_KEY = "fs.s3a.secret.key";
  /** What S3 needs next to lake-jdbc.jar, which carries S3A (hadoop-aws 3.5.0) but not the AWS SDK. */
  static final String JARS = "the AWS SDK v2 bundle (software.amazon.awssdk:bundle:2.35.4), "
      + "software.amazon.s3.analyticsaccelerator:analyticsaccelerator-s3:1.3.1 and slf4j-api, the "
      + "versions hadoop-aws 3.5.0 (inside lake-jdbc.jar) was built with; see README, Where the lake lives";

  /**
   * S3A's defaults retry a refused connection for minutes (7 S3A retries over 5 SDK attempts each) and
   * wait 200 s for an answer. These fail an endpoint that refuses within a few seconds and one that
   * never answers within about 40 s, while riding out a short outage; a user's own
   * value (a property or a core-site.xml) always wins.
   */
  static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    // Retries are S3A's (below), with its backoff; the SDK's own would multiply them.
    DEFAULTS.put("fs.s3a.attempts.maximum", "0");
    DEFAULTS.put("fs.s3a.retry.limit", "3");
    DEFAULTS.put("fs.s3a.retry.interval", "300ms");
    DEFAULTS.put("fs.s3a.retry.throttle.limit", "6");
    DEFAULTS.put("fs.s3a.retry.throttle.interval", "250ms");
    // (fs.s3a.connection.establish.timeout: S3A raises anything below 15 s to 15 s, with a warning.)
    DEFAULTS.put("fs.s3a.connection.timeout", "10s");
    DEFAULTS.put("fs.s3a.connection.request.timeout", "30s");
  }

  private S3Settings() {}

  static boolean isS3(Path root) {
    String scheme = root.toUri().getScheme();
    return scheme != null && (scheme.equalsIgnoreCase("s3a") || scheme.equalsIgnoreCase("s3"));
  }

  /**
   * The connection's Hadoop settings with its {@code user} and {@code password} as S3 access and
   * secret key (what DBeaver's login fields send), unless keys are given as {@code fs.s3a.*} properties.
   */
  static Map<String, String> withLogin(Path root, Map<String, String> hadoop, Map<String, String> all) {
    if (!isS3(root)) {
      return hadoop;
    }
    Map<String, String> result = new LinkedHashMap<>(hadoop);
    String user = valueOf(all, "user");
    String password = valueOf(all, "password");
    if (user != null && !user.isEmpty() && !result.containsKey(ACCESS_KEY)) {
      result.put(ACCESS_KEY, user);
      if (password != null && !result.containsKey(SECRET_KEY)) {
        result.put(SECRET_KEY, password);
      }
    }
    return result;
  }

  private static String valueOf(Map<String, String> properties, String key) {
    return properties.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(key))
        .map(Map.Entry::getValue).findFirst().orElse(null);
  }

  /** Sets the S3 defaults on {@code conf} where neither the connection nor a site file set a value. */
  static void applyDefaults(Path root, Configuration conf, Map<String, String> given) {
    if (!isS3(root)) {
      return;
    }
    for (Map.Entry<String, String> d : DEFAULTS.entrySet()) {
      if (!given.containsKey(d.getKey()) && onlyHadoopDefault(conf, d.getKey())) {
        conf.set(d.getKey(), d.getValue(), "lake-jdbc default");
      }
    }
    // s3:// is Amazon's own name for a bucket (EMR, Athena, Glue): read it through S3A.
    if ("s3".equalsIgnoreCase(root.toUri().getScheme()) && conf.get("fs.s3.impl") == null) {
      conf.set("fs.s3.impl", S3A_CLASS, "lake-jdbc default");
    }
  }

  private static boolean onlyHadoopDefault(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources == null || Arrays.stream(sources).allMatch(s -> s.equals("core-default.xml"));
  }

  private static final Pattern S3_ERROR_CODE = Pattern.compile(
      "(InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|NoSuchBucket|InvalidBucketName"
          + "|PermanentRedirect|AuthorizationHeaderMalformed|ExpiredToken|InvalidToken)");

  /**
   * A one-line reason for a failure to open an S3 location, naming the location; null where the failure
   * is none the driver can explain better than Hadoop's message.
   */
  static LakeException explain(Path root, Configuration conf, Throwable failure, String probeMessage) {
    String all = messages(failure) + " " + (probeMessage == null ? "" : probeMessage);
    Matcher code = S3_ERROR_CODE.matcher(all);
    String accessKey = conf.get(ACCESS_KEY);
    String keyText = accessKey == null ? "the default credential chain's access key"
        : "the access key '" + accessKey + "'";
    if (code.find()) {
      switch (code.group(1)) {
        case "InvalidAccessKeyId":
          return new LakeException("28000", "S3 does not know " + keyText + " (InvalidAccessKeyId) at "
              + endpoint(conf) + ", so it refused to open " + root);
        case "SignatureDoesNotMatch":
          return new LakeException("28000", "S3 refused the secret key given for " + keyText
              + " (SignatureDoesNotMatch: the secret does not match the access key) at " + endpoint(conf)
              + ", so it refused to open " + root);
        case "AccessDenied":
          return new LakeException("28000", "S3 denied " + keyText + " access to " + root
              + " (AccessDenied) at " + endpoint(conf));
        case "NoSuchBucket":
          return new LakeException(LakeException.CONNECTION_REJECTED, "The bucket of " + root
              + " does not exist at " + endpoint(conf) + " (NoSuchBucket)");
        default:
          return new LakeException(LakeException.CONNECTION_REJECTED, "Cannot open the lake location "
              + root + " at " + endpoint(conf) + " (" + code.group(1) + ")");
      }
    }
    if (all.contains("403")) {
      return new LakeException("28000", "S3 refused " + keyText + " for " + root + " at "
          + endpoint(conf) + " (403 Forbidden)");
    }
    if (failure instanceof java.net.ConnectException || all.contains("Connection refused")
        || all.contains("connect timed out") || all.contains("Unable to execute HTTP request")) {
      return new LakeException(LakeException.CONNECTION_REJECTED, "Cannot reach the S3 endpoint "
          + endpoint(conf) + " to open " + root + ": " + firstLine(rootCause(failure)));
    }
    return null;
  }

  static String endpoint(Configuration conf) {
    String endpoint = conf.get("fs.s3a.endpoint");
    return endpoint == null || endpoint.isEmpty() ? "the default AWS endpoint" : endpoint;
  }

  /** A class that S3A needs is missing: the message names the jars to add. */
  static LakeException missingClasses(Path root, Throwable e) {
    return new LakeException(LakeException.CONNECTION_REJECTED, "Cannot open the lake location " + root
        + ": S3 support is not on the class path (missing: " + firstLine(rootCause(e))
        + "). Put next to lake-jdbc.jar " + JARS, e);
  }

  private static String messages(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c.getMessage()).append(' ');
    }
    return b.toString();
  }

  private static String rootCause(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) {
      c = c.getCause();
    }
    return c.getMessage() == null ? c.getClass().getName() : c.getClass().getSimpleName() + ": "
        + c.getMessage();
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
