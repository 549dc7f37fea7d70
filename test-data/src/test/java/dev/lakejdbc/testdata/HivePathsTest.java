package dev.lakejdbc.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class HivePathsTest {
  @Test
  void escapesHiveSpecialCharactersAsUpperCaseHex() {
    assertEquals("a%2Fb", HivePaths.escape("a/b"));
    assertEquals("x y%3Az", HivePaths.escape("x y:z"));
    assertEquals("100%25", HivePaths.escape("100%"));
    assertEquals("%22%23%25%27%2A%2F%3A%3D%3F%5C%7B%5B%5D%5E", HivePaths.escape("\"#%'*/:=?\\{[]^"));
    assertEquals("%01%09%1F%7F", HivePaths.escape("\u0001\t\u001f\u007f"));
  }

  @Test
  void leavesOtherCharactersAlone() {
    assertEquals("é-ü", HivePaths.escape("é-ü"));
    assertEquals("a b}<>|!&+,;@$()~`-_.", HivePaths.escape("a b}<>|!&+,;@$()~`-_."));
    assertEquals("2026-01-01", HivePaths.escape("2026-01-01"));
  }

  @Test
  void nullAndEmptyAreTheDefaultPartition() {
    assertEquals("__HIVE_DEFAULT_PARTITION__", HivePaths.escape(null));
    assertEquals("__HIVE_DEFAULT_PARTITION__", HivePaths.escape(""));
    assertEquals("category=__HIVE_DEFAULT_PARTITION__", HivePaths.segment("category", null));
  }

  @Test
  void segmentsRenderTypedValues() {
    assertEquals("dt=2026-01-01", HivePaths.segment("dt", LocalDate.of(2026, 1, 1)));
    assertEquals("day=10", HivePaths.segment("day", 10));
    assertEquals("id=-7", HivePaths.segment("id", -7L));
    assertEquals("amt=100", HivePaths.segment("amt", new BigDecimal("1E+2")));
    assertEquals("branch=Mumbai", HivePaths.segment("branch", "Mumbai"));
    assertEquals("a%3Db=c%3Dd", HivePaths.segment("a=b", "c=d"));
    assertThrows(IllegalArgumentException.class, () -> HivePaths.segment("", "x"));
    assertThrows(NullPointerException.class, () -> HivePaths.segment(null, "x"));
  }

  @Test
  void partitionsNest() {
    Path table = Path.of("events");
    assertEquals(Path.of("events", "category=a%2Fb", "day=10"),
        HivePaths.partition(HivePaths.partition(table, "category", "a/b"), "day", 10));
  }

  @Test
  void dataFilesAreNumberedFromZero() {
    assertEquals("part-00000.parquet", HivePaths.partFile(0));
    assertEquals("part-00012.parquet", HivePaths.partFile(12));
  }
}
