package dev.lakejdbc.adapter.read;

import dev.lakejdbc.adapter.dpp.DimensionMatches;
import dev.lakejdbc.adapter.dpp.DynamicPruning;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.DataContext;

/**
 * The dimension columns a scan joins itself (a partition-wise join): all rows of a fact partition have
 * the same join keys, so the dimension rows they join are looked up once per partition and written
 * into the partition's template, instead of probing a hash table with every fact row. A partition that
 * joins no row of some dimension gets no template, so none of its files is opened.
 */
final class PartitionWiseJoinTemplates {
  private record Joined(DynamicPruning pruning, DimensionMatches matches) {}

  private final List<Joined> joined;
  private final int[] fields;
  private final int tableWidth;

  private PartitionWiseJoinTemplates(List<Joined> joined, int[] fields, int tableWidth) {
    this.joined = joined;
    this.fields = fields;
    this.tableWidth = tableWidth;
  }

  /** The joined dimensions among a scan's dynamic filters, with this execution's dimension rows. */
  static PartitionWiseJoinTemplates of(List<DynamicPruning> dynamic, DataContext root, int[] fields,
      int tableWidth) {
    List<Joined> joined = new ArrayList<>();
    for (DynamicPruning d : dynamic) {
      if (d.joined()) {
        joined.add(new Joined(d, d.channel().matches(root)));
      }
    }
    return new PartitionWiseJoinTemplates(joined, fields, tableWidth);
  }

  /**
   * The templates of one partition: {@code template} (its partition values in place) completed with
   * each combination of dimension rows the partition joins; empty when a dimension has none for it.
   *
   * @param tableRow a table-width row holding the partition's values, as the key functions expect
   */
  List<Object[]> templates(Object[] template, Object[] tableRow) {
    List<Object[]> templates = Collections.singletonList(template);
    for (Joined j : joined) {
      List<Object[]> rows = j.matches().rowsFor(j.pruning().factKey().apply(tableRow));
      List<Object[]> next = new ArrayList<>(templates.size() * rows.size());
      for (Object[] t : templates) {
        for (Object[] dimensionRow : rows) {
          Object[] copy = t.clone();
          for (int i = 0; i < fields.length; i++) {
            int column = fields[i] - j.pruning().joinedAt();
            if (column >= 0 && column < dimensionRow.length) {
              copy[i] = dimensionRow[column];
            }
          }
          next.add(copy);
        }
      }
      templates = next;
    }
    return templates;
  }

  boolean isEmpty() {
    return joined.isEmpty();
  }

  /** Whether a scan field is a joined dimension column rather than a column of the table. */
  boolean isJoinedField(int field) {
    return field >= tableWidth;
  }
}
