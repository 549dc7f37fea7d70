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
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
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
    if (isLocal(given)) {
      // Listed and read through java.nio: no Hadoop file system nor Configuration is made, whose
      // classes' initialisation (Hadoop's default settings parsed among it) cost a new JVM's first
      // connection 0.1-0.2 s. Hadoop settings have nothing to configure there.
      checkLocalDirectory(given);
      return attach(connection, settings, given,
          new LakeStorage(null, LOCAL, StorageCalls.DIRECT, null, settings.lakeOptions()), () -> {});
    }
    Map<String, String> hadoop = S3Settings.withLogin(given, settings.hadoop(),
        settings.url().properties());
    Configuration conf = new Configuration();
    hadoop.forEach(conf::set);
    Path root = qualified(given, conf);
    S3Settings.applyDefaults(root, conf, hadoop);
    LakeFileSystems.Scope scope = LakeFileSystems.scope(root, hadoop);
    StorageCalls calls = StorageCalls.remote();
    long loginMillis = DriverManager.getLoginTimeout() * 1000L;
    FileSystem fs = null;
    boolean opened = false;
    try (StorageCalls.Scope limit = StorageCalls.enter(loginMillis > 0
        ? StorageCalls.Limit.login(loginMillis, root.toString()) : null)) {
      fs = LakeFileSystems.acquire(scope, root, conf);
      FileSystem lakeFs = fs;
      FileStatus status = calls.call(() -> lakeFs.getFileStatus(root));
      if (!status.isDirectory()) {
        throw notADirectory(root);
      }
      opened = true;
    } catch (FileNotFoundException e) {
      throw doesNotExist(root, e);
    } catch (IOException e) {
      LakeException explained = S3Settings.isS3(root)
          ? S3Settings.explain(root, conf, e, e instanceof AccessDeniedException ? probe(fs, root, calls)
              : null)
          : null;
      throw explained != null ? explained : cannotOpen(root, e);
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
        if (fs != null) {
          LakeFileSystems.release(scope, fs);
        }
      }
    }
    FileSystem lakeFs = fs;
    return attach(connection, settings, root, new LakeStorage(fs, scope, calls, conf,
        settings.lakeOptions()), () -> LakeFileSystems.release(scope, lakeFs));
  }

  /** Refuses a local lake location that is not a readable directory, as the remote check does. */
  private static void checkLocalDirectory(Path root) {
    java.nio.file.Path dir = java.nio.file.Path.of(root.toUri());
    try {
      if (!java.nio.file.Files.readAttributes(dir, BasicFileAttributes.class).isDirectory()) {
        throw notADirectory(root);
      }
    } catch (NoSuchFileException e) {
      throw doesNotExist(root, e);
    } catch (IOException | IllegalArgumentException e) {
      // IllegalArgumentException: a file: URI java.nio does not take (one with a host, say).
      throw cannotOpen(root, e);
    }
  }

  private static LakeException notADirectory(Path root) {
    return new LakeException(LakeException.CONNECTION_REJECTED,
        "The lake location is not a directory: " + root);
  }

  private static LakeException doesNotExist(Path root, IOException e) {
    return new LakeException(LakeException.CONNECTION_REJECTED,
        "The lake location does not exist: " + root, e);
  }

  private static LakeException cannotOpen(Path root, Exception e) {
    return new LakeException(LakeException.CONNECTION_REJECTED,
        "Cannot open the lake location " + root + ": " + e.getMessage(), e);
  }

  /**
   * Adds the schemas of the lake at {@code root}, read through {@code storage}, to {@code connection};
   * returns what closing the connection must do: close the storage, then {@code releaseFileSystem}.
   */
  private static Runnable attach(CalciteConnection connection, LakeConnectionSettings settings,
      Path root, LakeStorage storage, Runnable releaseFileSystem) throws SQLException {
    Runnable close = () -> {
      storage.close();
      releaseFileSystem.run();
    };
    try {
      // The connection is the query provider of its executions' DataContext: how they find their
      // budget.
      QueryMemoryLog.register(connection, new QueryMemoryLog(
          spillOutsideTheLake(settings, root), storage.scanLog()::statementId));
      LakeSchema lake = new LakeSchema(storage, root);
      // The lake schema caches its own table list, which REFRESH can forget; Calcite's could not be.
      connection.getRootSchema().add(SCHEMA, lake).setCacheEnabled(false);
      connection.getRootSchema().add(SYS_SCHEMA, new SysSchema(lake));
      connection.getRootSchema().add(InformationSchema.NAME, new InformationSchema(connection));
      connection.setSchema(SCHEMA);
      return close;
    } catch (RuntimeException | SQLException e) {
      // A spill directory inside the lake, say: nothing else would close the storage.
      close.run();
      throw e;
    }
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
