package dev.lakejdbc.adapter.table;

import dev.lakejdbc.adapter.LakeException;
import dev.lakejdbc.adapter.hive.DataFile;
import dev.lakejdbc.adapter.parquet.ParquetColumnTypes;
import dev.lakejdbc.adapter.parquet.ParquetFileRows;
import dev.lakejdbc.adapter.stats.ScanStatistics;
import dev.lakejdbc.adapter.types.ColumnType;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Reconciles one file's footer, read when a scan opens the file, with the table's schema, by column
 * name (case-insensitively). The schema may come from a sample of footers ({@code discovery=sample}),
 * so a file can hold what the sample did not show:
 * <ul>
 *   <li>a column the table lacks: not read, and the scan's notes say so (file, count, what to do);
 *   <li>a column the scan reads, stored as a type the table's type cannot hold without loss (an INT64
 *       where the sample saw INT32, a string where it saw a number): a {@code 42804} error naming the
 *       file, the column, both types and what to do — never a value read wrong;
 *   <li>a column the file lacks reads as NULL, as always.
 * </ul>
 */
public final class FileReconciliation {
  private final String table;
  private final TableSchema schema;
  private final Set<String> known = new HashSet<>();

  public FileReconciliation(String table, TableSchema schema) {
    this.table = table;
    this.schema = schema;
    for (LakeColumn c : schema.columns()) {
      known.add(c.name().toLowerCase(Locale.ROOT));
    }
  }

  /**
   * Checks {@code file}'s footer against the schema for the columns a scan reads ({@code requests}),
   * noting in {@code stats} the file's columns the table lacks.
   *
   * @throws LakeException {@code 42804} when a requested column's type in the file does not fit the
   *     table's type
   */
  public void check(DataFile file, ParquetMetadata footer, List<ParquetFileRows.Request> requests,
      ScanStatistics stats) {
    MessageType fileSchema = footer.getFileMetaData().getSchema();
    for (Type field : fileSchema.getFields()) {
      String key = field.getName().toLowerCase(Locale.ROOT);
      if (!known.contains(key)) {
        if (stats != null) {
          stats.unknownColumn(field.getName(), file.path().toString(), schema.howDiscovered());
        }
        continue;
      }
      for (ParquetFileRows.Request r : requests) {
        if (r.column().toLowerCase(Locale.ROOT).equals(key)) {
          // A table discovered with nestedColumns=json holds a nested field as VARCHAR (JSON).
          ColumnType fileType = ParquetColumnTypes.sqlTypeOf(field,
              r.tableType().equals(ColumnType.VARCHAR));
          if (!r.tableType().equals(ColumnType.widen(r.tableType(), fileType))) {
            throw conflict(file, field, fileType, r.column(), r.tableType());
          }
        }
      }
    }
  }

  private LakeException conflict(DataFile file, Type field, ColumnType fileType, String column,
      ColumnType tableType) {
    ColumnType both = ColumnType.widen(tableType, fileType);
    String advice = schema.allFooters()
        ? "The file was added or changed after the table's schema was discovered: run REFRESH (or "
            + "REFRESH TABLE "
            + table + ") to discover it again."
        : "Run REFRESH if the lake changed since the schema was discovered; otherwise connect with "
            + "discovery=all, which reads every file's footer to find the table's schema"
            + (both == null ? " (and then reports which files disagree on the column's type)."
                : " (and then types the column " + both + ", which holds both).");
    return new LakeException(LakeException.DATATYPE_MISMATCH, "Column '" + column + "' of table '"
        + table + "' is " + tableType + " in the table's schema, discovered from "
        + schema.howDiscovered() + ", but " + file.path() + " stores it as "
        + field.toString().trim().replaceAll("\\s+", " ") + " (" + fileType + "), which " + tableType
        + " cannot hold. " + advice);
  }
}
