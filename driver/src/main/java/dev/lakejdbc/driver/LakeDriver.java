package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.StorageCalls;
import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.memory.QueryMemoryLog;
import dev.lakejdbc.adapter.memory.QueryMemoryOptions;
import dev.lakejdbc.adapter.sys.SysSchema;
import dev.lakejdbc.adapter.table.LakeStorage;
import dev.lakejdbc.adapter.types.LakeTypeFactory;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteFactory;
import org.apache.calcite.jdbc.CalciteMetaColumnFactory;
import org.apache.calcite.jdbc.CalciteMetaColumnFactoryImpl;
import org.apache.calcite.jdbc.CalciteMetaTableFactory;
import org.apache.calcite.jdbc.CalciteMetaTableFactoryImpl;
import org.apache.calcite.jdbc.ThreadSafeCalciteMeta;
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

  /** Calcite's Meta, made safe for threads sharing one connection ({@link ThreadSafeCalciteMeta}). */
  @Override public Meta createMeta(AvaticaConnection connection) {
    CalciteConnectionConfig config = (CalciteConnectionConfig) connection.config();
    return ThreadSafeCalciteMeta.create(connection,
        config.metaTableFactory(CalciteMetaTableFactory.class, CalciteMetaTableFactoryImpl.INSTANCE),
        config.metaColumnFactory(CalciteMetaColumnFactory.class, CalciteMetaColumnFactoryImpl.INSTANCE));
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
      Runnable onClose;
      try {
        handler.onConnectionInit(connection);
        onClose = attachLake(connection.unwrap(CalciteConnection.class), settings);
      } catch (RuntimeException | SQLException e) {
        connection.close();
        throw e;
      }
      return JdbcProxy.connection(connection, onClose);
    } catch (RuntimeException e) {
      throw SqlStates.translate(e);
    }
  }

  /** The scope of every local lake: local files look the same to every connection of the JVM. */
  private static final LakeFileSystems.Scope LOCAL = new LakeFileSystems.Scope("file://", "local");

  /**
   * Opens the lake's storage and adds its schemas to {@code connection}; returns what closing the
   * connection must do (end the storage's helper threads, give its file system back).
   */
  private static Runnable attachLake(CalciteConnection connection, LakeConnectionSettings settings)
      throws SQLException {
    Path given = settings.url().rootPath();
    Map<String, String> hadoop = S3Settings.withLogin(given, settings.hadoop(),
        settings.url().properties());
    boolean local = isLocal(given);
    // A local lake takes no Hadoop setting from Hadoop's files (core-default.xml, core-site.xml),
    // only those the URL gives: parsing them took a new JVM's first connection 60 ms of its 0.4 s.
    Configuration conf = new Configuration(!local);
    hadoop.forEach(conf::set);
    Path root = local ? given : qualified(given, conf);
    S3Settings.applyDefaults(root, conf, hadoop);
    LakeFileSystems.Scope scope = local ? LOCAL : LakeFileSystems.scope(root, hadoop);
    StorageCalls calls = local ? StorageCalls.DIRECT : StorageCalls.remote();
    long loginMillis = DriverManager.getLoginTimeout() * 1000L;
    FileSystem fs = null;
    boolean opened = false;
    try (StorageCalls.Scope limit = StorageCalls.enter(loginMillis > 0
        ? StorageCalls.Limit.login(loginMillis, root.toString()) : null)) {
      fs = local ? localFileSystem(conf) : LakeFileSystems.acquire(scope, root, conf);
      FileSystem lakeFs = fs;
      FileStatus status = calls.call(() -> lakeFs.getFileStatus(root));
      if (!status.isDirectory()) {
        throw new LakeException(LakeException.CONNECTION_REJECTED,
            "The lake location is not a directory: " + root);
      }
      opened = true;
    } catch (FileNotFoundException e) {
      throw new LakeException(LakeException.CONNECTION_REJECTED,
          "The lake location does not exist: " + root, e);
    } catch (IOException e) {
      LakeException explained = S3Settings.isS3(root)
          ? S3Settings.explain(root, conf, e, e instanceof AccessDeniedException ? probe(fs, root, calls)
              : null)
          : null;
      throw explained != null ? explained : new LakeException(LakeException.CONNECTION_REJECTED,
          "Cannot open the lake location " + root + ": " + e.getMessage(), e);
    } catch (LakeException e) {
      throw e;
    } catch (LinkageError e) {
      // hadoop-aws without the AWS SDK (or another half-installed plugin): a class missing at run time.
      throw S3Settings.isS3(root) ? S3Settings.missingClasses(root, e)
          : new LakeException(LakeException.CONNECTION_REJECTED, "Cannot open the lake location " + root
              + ": a class its FileSystem needs is missing (" + e + ")", e);
    } catch (RuntimeException e) {
      // The Hadoop client reports some bad locations unchecked: a scheme whose FileSystem class is
      // missing (s3a:// without hadoop-aws), a port out of range, a name HDFS does not allow.
      boolean missingClass = e.getCause() instanceof ClassNotFoundException;
      if (missingClass && S3Settings.isS3(root)) {
        throw S3Settings.missingClasses(root, e);
      }
      throw new LakeException(LakeException.CONNECTION_REJECTED, "Cannot open the lake location "
          + root + ": " + e.getMessage()
          + (missingClass ? " (the jar of that FileSystem is not on the class path)" : ""), e);
    } finally {
      if (!opened) {
        calls.close();
        if (fs != null && !local) {
          LakeFileSystems.release(scope, fs);
        }
      }
    }
    LakeStorage storage = new LakeStorage(fs, scope, calls, conf, settings.lakeOptions());
    // The connection is the query provider of its executions' DataContext: how they find their budget.
    QueryMemoryLog.register(connection, new QueryMemoryLog(
        spillOutsideTheLake(settings, root), storage.scanLog()::statementId));
    LakeSchema lake = new LakeSchema(storage, root);
    // The lake schema caches its own table list, which REFRESH can forget; Calcite's copy could not be.
    connection.getRootSchema().add(SCHEMA, lake).setCacheEnabled(false);
    connection.getRootSchema().add(SYS_SCHEMA, new SysSchema(lake));
    connection.getRootSchema().add(InformationSchema.NAME, new InformationSchema(connection));
    connection.setSchema(SCHEMA);
    FileSystem lakeFs = fs;
    return () -> {
      storage.close();
      if (!local) {
        LakeFileSystems.release(scope, lakeFs);
      }
    };
  }

  /**
   * S3 answers a HEAD request (how S3A looks at a location first) with a bare 403 that cannot tell a
   * wrong secret from an unknown key; a LIST's error body can. The message of that LIST's failure.
   */
  private static String probe(FileSystem fs, Path root, StorageCalls calls) {
    if (fs == null) {
      return null;
    }
    try {
      calls.call(() -> fs.listStatus(root));
      return null;
    } catch (IOException | RuntimeException e) {
      StringBuilder b = new StringBuilder();
      for (Throwable c = e; c != null; c = c.getCause()) {
        b.append(c.getMessage()).append(' ');
      }
      return b.toString();
    }
  }

  /**
   * The memory settings, with spill files kept out of the lake: a {@code spillDirectory} inside a
   * local lake is refused, and where the default ({@code java.io.tmpdir}) lies inside it, spilling is
   * off. The driver never writes to the lake.
   */
  private static QueryMemoryOptions spillOutsideTheLake(LakeConnectionSettings settings, Path root) {
    QueryMemoryOptions options = settings.memoryOptions();
    if (!isLocal(root)) {
      return options;
    }
    java.nio.file.Path lake;
    java.nio.file.Path spill = options.spillDirectory();
    try {
      lake = java.nio.file.Path.of(root.toUri()).toRealPath();
      if (java.nio.file.Files.exists(spill)) {
        spill = spill.toRealPath();
      }
    } catch (IOException | RuntimeException e) {
      return options;
    }
    if (!spill.startsWith(lake)) {
      return options;
    }
    if (settings.lake().containsKey(LakeProperty.SPILL_DIRECTORY)) {
      throw new LakeException(LakeException.CONNECTION_REJECTED, "Property "
          + LakeProperty.SPILL_DIRECTORY.key() + " names " + spill + ", inside the lake " + lake
          + ": the driver never writes to the lake; choose a directory outside it");
    }
    return new QueryMemoryOptions(options.limitBytes(), options.limitSetting(), options.spill(), spill,
        "java.io.tmpdir (" + spill + ") lies inside the lake; set spillDirectory to a directory "
            + "outside it");
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
