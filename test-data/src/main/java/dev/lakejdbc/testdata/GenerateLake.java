package dev.lakejdbc.testdata;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Command line and one-call entry point: the retail, bank and edge-case lakes side by side under one
 * root. {@code GenerateLake <dir> [--scale N] [--seed S] [--benchmark]}.
 */
public final class GenerateLake {
  static final String USAGE = "usage: GenerateLake <dir> [--scale N] [--seed S] [--benchmark]\n"
      + "  --scale N     multiply the retail rows per file by N (default 1)\n"
      + "  --seed S      seed for the retail and bank lakes (defaults 42 and 7)\n"
      + "  --benchmark   retail fact of 365 days x 20 branches (7,300 files), no schema evolution";

  private GenerateLake() {}

  public static void main(String[] args) throws Exception {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** The command line without {@code System.exit}: 0 on success, 1 if refused, 2 on a usage error. */
  static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    CommandLine cmd;
    try {
      cmd = CommandLine.parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.println(USAGE);
      return 2;
    }
    try {
      writeAll(cmd.dir(), cmd.retail(), cmd.bank());
    } catch (IllegalStateException e) {
      err.println(e.getMessage());
      return 1;
    }
    out.println(summary(cmd.dir()));
    return 0;
  }

  /** Retail (defaults with rows per file times scale), bank (defaults) and edge-case lakes under root. */
  public static void writeAll(Path root, int scale) throws IOException {
    writeAll(root, scaledRetail(RetailLake.Options.defaults(), scale), BankLake.Options.defaults());
  }

  /** All three lakes under root, which must be absent or empty. */
  public static void writeAll(Path root, RetailLake.Options retail, BankLake.Options bank)
      throws IOException {
    LakeOutput.requireEmpty(root);
    RetailLake.write(root, retail);
    BankLake.write(root, bank);
    EdgeCaseLake.write(root);
  }

  /** Like {@link #writeAll(Path, int)}, but reuses lakes an earlier identical call left under root. */
  public static void ensureAll(Path root, int scale) throws IOException {
    RetailLake.ensure(root, scaledRetail(RetailLake.Options.defaults(), scale));
    BankLake.ensure(root, BankLake.Options.defaults());
    EdgeCaseLake.ensure(root);
  }

  static RetailLake.Options scaledRetail(RetailLake.Options base, int scale) {
    if (scale < 1) {
      throw new IllegalArgumentException("scale must be at least 1: " + scale);
    }
    return base.withRowsPerFile(Math.multiplyExact(base.rowsPerFile(), scale));
  }

  private static String summary(Path root) throws IOException {
    long files = 0;
    long bytes = 0;
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : (Iterable<Path>) paths.filter(Files::isRegularFile)::iterator) {
        files++;
        bytes += Files.size(p);
      }
    }
    return "Wrote " + files + " files (" + bytes + " bytes) under " + root.toAbsolutePath();
  }

  /** Parsed arguments. */
  private record CommandLine(Path dir, int scale, OptionalLong seed, boolean benchmark) {
    static CommandLine parse(String[] args) {
      Path dir = null;
      int scale = 1;
      OptionalLong seed = OptionalLong.empty();
      boolean benchmark = false;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--scale" -> scale = parseInt(valueAfter(args, i++), "--scale");
          case "--seed" -> seed = OptionalLong.of(parseLong(valueAfter(args, i++), "--seed"));
          case "--benchmark" -> benchmark = true;
          default -> {
            if (args[i].startsWith("--") || dir != null) {
              throw new IllegalArgumentException("unexpected argument: " + args[i]);
            }
            dir = Path.of(args[i]);
          }
        }
      }
      if (dir == null) {
        throw new IllegalArgumentException("missing <dir>");
      }
      if (scale < 1) {
        throw new IllegalArgumentException("--scale must be at least 1: " + scale);
      }
      return new CommandLine(dir, scale, seed, benchmark);
    }

    RetailLake.Options retail() {
      RetailLake.Options base = benchmark ? RetailLake.Options.benchmark() : RetailLake.Options.defaults();
      RetailLake.Options scaled = scaledRetail(base, scale);
      return seed.isPresent() ? scaled.withSeed(seed.getAsLong()) : scaled;
    }

    BankLake.Options bank() {
      BankLake.Options base = BankLake.Options.defaults();
      return seed.isPresent() ? base.withSeed(seed.getAsLong()) : base;
    }

    private static String valueAfter(String[] args, int i) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      return args[i + 1];
    }

    private static int parseInt(String value, String option) {
      long number = parseLong(value, option);
      if (number != (int) number) {
        throw new IllegalArgumentException(option + " is out of range: " + value);
      }
      return (int) number;
    }

    private static long parseLong(String value, String option) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(option + " needs a number: " + value);
      }
    }
  }
}
