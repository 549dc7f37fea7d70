package dev.lakejdbc.adapter.hive;

import java.util.List;
import org.apache.hadoop.fs.Path;

/** Decides, while listing, whether a partition directory can hold matching rows and must be walked. */
public interface PartitionPrefixFilter {
  PartitionPrefixFilter ALL = (directory, values) -> true;

  /**
   * @param directory the directory, for messages
   * @param values the directory's partition values so far, in path order (unescaped; null for Hive's
   *     default partition); empty for the table's own directory
   */
  boolean mayMatch(Path directory, List<String> values);
}
