package dev.lakejdbc.driver;

import dev.lakejdbc.adapter.StorageCalls;
import dev.lakejdbc.adapter.catalog.LakeSchema;
import dev.lakejdbc.adapter.catalog.LakeTable;
import dev.lakejdbc.adapter.hive.DirectoryListings;
import dev.lakejdbc.adapter.table.TableSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Discovers the tables a statement's text names on helper threads while Calcite sets up its planner
 * and parses the statement, so that a table's first discovery (listing it and reading a sample of its
 * footers, mostly waiting for the disk and for cold code) overlaps that set-up instead of following
 * it: Calcite's rule classes alone take some 0.3 s of a new JVM's first statement, before validation
 * asks for the first table.
 *
 * <p>Only tables not discovered yet, only on a local lake, and only names that occur as words of the
 * text. A word that names a table the statement does not read (a column or alias spelled like one)
 * costs one discovery of that table, never an answer: validation asks for the tables it needs and
 * waits for a discovery under way. A helper waits for footers under the statement's cancel and
 * timeout, as the statement's own thread did: a cancel ends its discovery, and the statement's thread,
 * which waits for it, then meets the cancel itself. {@link #close} waits for the helpers, so none
 * outlives the preparation.
 */
final class DiscoveryAhead implements AutoCloseable {
  /** At most this many helpers for one statement: a text naming dozens of tables is not a first query. */
  static final int MAX_HELPERS = 8;

  private final List<Thread> helpers;

  private DiscoveryAhead(List<Thread> helpers) {
    this.helpers = helpers;
  }

  /** Starts discovering the undiscovered tables of {@code lake} that {@code sql} names. */
  static DiscoveryAhead start(LakeSchema lake, String sql) {
    if (!DirectoryListings.isLocal(lake.storage().fs())) {
      return new DiscoveryAhead(List.of());
    }
    StorageCalls.Limit limit = StorageCalls.current();
    List<Thread> helpers = new ArrayList<>();
    // The text is split into words only while some table is undiscovered: after that, a plan-cache
    // miss costs one lookup per table here.
    Set<String> words = null;
    try {
      for (String name : lake.getTableNames()) {
        if (helpers.size() == MAX_HELPERS) {
          break;
        }
        if (!(lake.getTable(name) instanceof LakeTable table)
            || table.source().discoveredSchema() != null) {
          continue;
        }
        if (words == null) {
          words = words(sql);
        }
        if (words.contains(name.toLowerCase(Locale.ROOT))) {
          TableSource source = table.source();
          Thread helper = new Thread(() -> discover(source, limit), "lake-discovery-ahead");
          helper.setDaemon(true);
          helper.start();
          helpers.add(helper);
        }
      }
    } catch (RuntimeException e) {
      // The lake's own listing failed: the statement meets the same failure where it reports it.
    }
    return new DiscoveryAhead(helpers);
  }

  private static void discover(TableSource source, StorageCalls.Limit limit) {
    try (StorageCalls.Scope scope = StorageCalls.enter(limit)) {
      source.schema();
    } catch (RuntimeException e) {
      // Nothing is kept of a failed (or canceled) discovery: the statement's own request discovers
      // the table again and reports the failure with its SQLState, or never needed the table.
    }
  }

  /** The text's identifier-like words, lower-cased; quoted names and string contents included. */
  static Set<String> words(String sql) {
    Set<String> words = new HashSet<>();
    for (String w : sql.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_$]+")) {
      if (!w.isEmpty()) {
        words.add(w);
      }
    }
    return words;
  }

  /** How many helpers were started (for tests). */
  int helpers() {
    return helpers.size();
  }

  /** Waits for every helper to finish. */
  @Override public void close() {
    boolean interrupted = false;
    for (Thread helper : helpers) {
      while (helper.isAlive()) {
        try {
          helper.join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
