package dev.lakejdbc.driver.cli;

import java.io.PrintStream;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Prints a result set as an aligned text table, for the demo. */
final class ResultTable {
  private ResultTable() {}

  static void print(ResultSet rs, PrintStream out) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    List<String[]> rows = new ArrayList<>();
    String[] header = new String[n];
    int[] width = new int[n];
    for (int i = 0; i < n; i++) {
      header[i] = md.getColumnLabel(i + 1);
      width[i] = header[i].length();
    }
    while (rs.next()) {
      String[] row = new String[n];
      for (int i = 0; i < n; i++) {
        Object v = rs.getObject(i + 1);
        row[i] = v == null ? "NULL" : v.toString();
        width[i] = Math.max(width[i], row[i].length());
      }
      rows.add(row);
    }
    printRow(header, width, out);
    StringBuilder rule = new StringBuilder();
    for (int w : width) {
      rule.append(rule.length() == 0 ? "" : "-+-").append("-".repeat(w));
    }
    out.println(rule);
    for (String[] row : rows) {
      printRow(row, width, out);
    }
    out.println("(" + rows.size() + " row" + (rows.size() == 1 ? "" : "s") + ")");
  }

  private static void printRow(String[] cells, int[] width, PrintStream out) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      line.append(i == 0 ? "" : " | ").append(String.format("%-" + width[i] + "s", cells[i]));
    }
    out.println(line.toString().stripTrailing());
  }
}
