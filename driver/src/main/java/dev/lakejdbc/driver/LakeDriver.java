package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.sys.SysSchema;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.types.LakeTypeFactory;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteFactory;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.Driver;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The JDBC driver for {@code jdbc:lake:<location>[;key=value]*}: a Calcite connection whose default
 * schema, {@code lake}, holds the tables found under the location.
 */
public class LakeDriver extends Driver {
  /** The schema the lake's tables live in; it is the connection's default schema. */
  public static final String SCHEMA = "lake";
  /** The schema of the driver's own tables: sys.scans, sys.partitions. */
  public static final String SYS_SCHEMA = "sys";

  static {
    new LakeDriver().register();
  }

  @Override protected String getConnectStringPrefix() {
    return LakeUrl.PREFIX;
  }

  @Override protected DriverVersion createDriverVersion() {
    return DriverVersion.load(LakeDriver.class, "dev/lakejdbc/driver/lake-jdbc.properties",
        "lake-jdbc", "0.0", "lake-jdbc", "0.0");
  }

  @Override public CalcitePrepare createPrepare() {
    return new LakePrepareImpl();
  }

  @Override public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    if (RemoteLake.accepts(url)) {
      return RemoteLake.connect(url, info);
    }
    try {
      LakeConnectionSettings settings = LakeConnectionSettings.of(LakeUrl.parse(url, info));
      // Avatica's own URL parser would read the location as a property name: parse it here and
      // hand Calcite only its properties.
      // The lake's type factory: Calcite's, but for the common type of decimals (LakeTypeFactory).
      AvaticaConnection connection = ((CalciteFactory) factory).newConnection(this, factory, url,
          settings.calcite(), null, new LakeTypeFactory());
      try {
        handler.onConnectionInit(connection);
        attachLake(connection.unwrap(CalciteConnection.class), settings);
      } catch (RuntimeException | SQLException e) {
        connection.close();
        throw e;
      }
      return JdbcProxy.connection(connection);
    } catch (RuntimeException e) {
      throw SqlStates.translate(e);
    }
  }

  private static void attachLake(CalciteConnection connection, LakeConnectionSettings settings)
      throws SQLException {
    Configuration conf = new Configuration();
    settings.hadoop().forEach(conf::set);
    Path root = qualified(settings.url().rootPath(), conf);
    FileSystem fs;
    try {
      fs = isLocal(root) ? localFileSystem(conf) : root.getFileSystem(conf);
      FileStatus status = fs.getFileStatus(root);
      if (!status.isDirectory()) {
        throw new LakeException(LakeException.CONNECTION_REJECTED,
            "The lake location is not a directory: " + root);
      }
    } catch (FileNotFoundException e) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "The lake location does not exist: " + root, e);
    } catch (IOException e) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "Cannot open the lake location " + root + ": " + e.getMessage(), e);
    } catch (LakeException e) {
      throw e;
    } catch (RuntimeException e) {
      // The Hadoop client reports some bad locations unchecked: a scheme whose FileSystem class is
      // missing (s3a:// without hadoop-aws), a port out of range, a name HDFS does not allow.
      boolean missingClass = e.getCause() instanceof ClassNotFoundException;
      throw new LakeException(LakeException.CONNECTION_REJECTED, "Cannot open the lake location "
          + root + ": " + e.getMessage()
          + (missingClass ? " (the jar of that FileSystem is not on the class path)" : ""), e);
    }
    LakeStorage storage = new LakeStorage(fs, conf, settings.lakeOptions());
    LakeSchema lake = new LakeSchema(storage, root);
    // The lake schema caches its own table list, which REFRESH can forget; Calcite's copy could not be.
    connection.getRootSchema().add(SCHEMA, lake).setCacheEnabled(false);
    connection.getRootSchema().add(SYS_SCHEMA, new SysSchema(lake));
    connection.getRootSchema().add(InformationSchema.NAME, new InformationSchema(connection));
    connection.setSchema(SCHEMA);
  }

  private static boolean isLocal(Path root) {
    return "file".equalsIgnoreCase(root.toUri().getScheme());
  }

  /**
   * The raw local file system, made directly. Local lakes are read through the raw one: Hadoop's
   * checksummed wrapper looks for a .crc side file on every open. And not through
   * {@code FileSystem.get}: its cache keys on the user's login, which on a cold JVM costs more than a
   * second (measured 1.6-1.9 s for get, 0.5 s for this); a raw local file system holds no resource
   * that sharing would save.
   */
  private static FileSystem localFileSystem(Configuration conf) throws IOException {
    RawLocalFileSystem fs = new RawLocalFileSystem();
    fs.initialize(URI.create("file:///"), conf);
    return fs;
  }

  /**
   * {@code root} with the authority of the default file system ({@code fs.defaultFS}) when it names that
   * file system's scheme without one ({@code hdfs:///lake}). Hadoop's FileSystem cache would otherwise
   * hand out the instance an earlier connection created, whose own default may be another, and reject
   * the path as belonging to a "Wrong FS".
   */
  static Path qualified(Path root, Configuration conf) {
    URI location = root.toUri();
    URI defaultFs = FileSystem.getDefaultUri(conf);
    if (location.getScheme() != null && location.getAuthority() == null
        && location.getScheme().equalsIgnoreCase(defaultFs.getScheme())
        && defaultFs.getAuthority() != null) {
      return new Path(defaultFs.getScheme(), defaultFs.getAuthority(), location.getPath());
    }
    return root;
  }

  /** The lake's own properties, with their defaults and descriptions, for tools' connection dialogs. */
  @Override public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    LakeProperty[] properties = LakeProperty.values();
    DriverPropertyInfo[] result = new DriverPropertyInfo[properties.length];
    Properties given = info == null ? new Properties() : info;
    for (int i = 0; i < properties.length; i++) {
      LakeProperty p = properties[i];
      DriverPropertyInfo d = new DriverPropertyInfo(p.key(), given.getProperty(p.key(), p.defaultValue()));
      d.description = p.description() + " (default: "
          + (p.defaultValue().isEmpty() ? "none" : p.defaultValue()) + ")";
      d.required = false;
      if (p.defaultValue().equals("true") || p.defaultValue().equals("false")) {
        d.choices = new String[] {"true", "false"};
      }
      result[i] = d;
    }
    return result;
  }
}
