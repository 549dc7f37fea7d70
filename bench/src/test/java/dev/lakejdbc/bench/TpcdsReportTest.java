package dev.lakejdbc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The TPC-DS section and the other benchmark's document keep each other. */
class TpcdsReportTest {
  private static final String SECTION = TpcdsReport.BEGIN + "\n## TPC-DS\n\nfigures\n" + TpcdsReport.END
      + "\n";

  @Test void sectionGoesBeforeTheNotesAndIsReplacedInPlace() {
    String doc = "# Benchmarks\n\n## Reference lake\n\nrows\n\n## Notes\n\nnotes\n";
    String once = TpcdsReport.replaceSection(doc, SECTION);
    assertTrue(once.indexOf("## TPC-DS") < once.indexOf("## Notes"), once);
    assertTrue(once.startsWith("# Benchmarks\n\n## Reference lake\n\nrows\n\n"), once);
    String again = TpcdsReport.replaceSection(once, SECTION.replace("figures", "new figures"));
    assertEquals(once.replace("figures", "new figures"), again);
    assertEquals(SECTION, TpcdsReport.section(again).replace("new figures", "figures"));
    assertEquals("", TpcdsReport.section(doc));
    assertEquals(SECTION, TpcdsReport.replaceSection(null, SECTION));
  }

  @Test void theOtherBenchmarkKeepsTheSection() {
    String previous = "# x\n" + SECTION + "## Notes\n\n" + MarkdownReport.NOTES_BEGIN + "\nkept\n"
        + MarkdownReport.NOTES_END + "\n";
    assertEquals(SECTION, TpcdsReport.section(previous));
    assertTrue(MarkdownReport.keptNotes(previous).contains("kept"));
  }

  @Test void factDateJoinsAreFound() {
    assertTrue(TpcdsReport.joinsFactDateKey("where ss_sold_date_sk = d_date_sk and x"));
    assertTrue(TpcdsReport.joinsFactDateKey("on (d1.d_date_sk = cs_sold_date_sk)"));
    assertTrue(!TpcdsReport.joinsFactDateKey("where cs_ship_date_sk = d3.d_date_sk"));
  }

  @Test void filtersOnDateColumnsOtherThanTheKeyAreFound() {
    assertTrue(TpcdsReport.filtersDateColumn("and d_year = 2000"));
    assertTrue(TpcdsReport.filtersDateColumn("and d1.d_moy between 4 and 10"));
    assertTrue(TpcdsReport.filtersDateColumn("and d.d_date in (select d_date from x)"));
    assertTrue(TpcdsReport.filtersDateColumn("and D_MONTH_SEQ>=1200"));
    // q76: the dimension joined by its key and only projected.
    assertTrue(!TpcdsReport.filtersDateColumn("select d_year, d_qoy from store_sales, date_dim "
        + "where ss_sold_date_sk = d_date_sk and ss_store_sk is null group by d_year, d_qoy"));
    assertTrue(!TpcdsReport.filtersDateColumn("where d_date_sk = ss_sold_date_sk"));
  }
}
