package dev.lakejdbc.adapter.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.testdata.HivePaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HivePathNamesTest {
  @ParameterizedTest
  @ValueSource(strings = {".hidden", "_SUCCESS", "_temporary", "x._COPYING_", ".part-0.parquet.crc",
      "part-0.crc", "_metadata", ".dt=1"})
  void writerLeftoversAreIgnored(String name) {
    assertTrue(HivePathNames.isIgnored(name), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"_col=1", "dt=2026-07-08", "part-00000.parquet", "branch_id=MUM001",
      "crc", "x.crc.parquet"})
  void dataAndPartitionNamesAreKept(String name) {
    // A partition column may itself start with '_': only '_' names without '=' are writer leftovers.
    assertFalse(HivePathNames.isIgnored(name), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ext=.crc", "file=report.crc", "f=x._COPYING_"})
  void onlyFilesAreIgnoredForTheirSuffix(String name) {
    // A partition value may end like a checksum or upload leftover: those are only ever files.
    assertFalse(HivePathNames.isIgnored(name, true), name);
    assertTrue(HivePathNames.isIgnored(name, false), name);
    assertTrue(HivePathNames.isIgnored(name), "the kind-less overload keeps the file rules: " + name);
  }

  @ParameterizedTest
  @ValueSource(strings = {".hidden", "_temporary", ".dt=1"})
  void hiddenAndUnderscoreDirectoriesAreIgnored(String name) {
    assertTrue(HivePathNames.isIgnored(name, true), name);
  }

  @Test
  void partitionSegmentNeedsANonEmptyColumnBeforeTheEqualsSign() {
    assertTrue(HivePathNames.isPartitionSegment("dt=1"));
    assertTrue(HivePathNames.isPartitionSegment("dt="));
    assertFalse(HivePathNames.isPartitionSegment("=1"));
    assertFalse(HivePathNames.isPartitionSegment("misc"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "a%2Fb | a/b",
      "10%3A00 | 10:00",
      "100%25 | 100%",
      "caf%C3%A9 | café",
      "%c3%a9 | é",
      "%G1 | %G1",
      "abc% | abc%",
      "x%2 | x%2",
      "%%41 | %A",
      "plain | plain"})
  void unescapeDecodesHexEscapesAsUtf8AndKeepsMalformedOnes(String escaped, String expected) {
    assertEquals(expected, HivePathNames.unescape(escaped));
  }

  @Test
  void columnIsUnescapedAndLowerCased() {
    assertEquals("dt", HivePathNames.columnOf("DT=1"));
    assertEquals("branch_id", HivePathNames.columnOf("Branch_Id=MUM001"));
    assertEquals("a:b", HivePathNames.columnOf("a%3Ab=1"));
  }

  @Test
  void valueIsTheUnescapedTextAfterTheFirstEqualsSign() {
    assertEquals("2026-07-08", HivePathNames.valueOf("dt=2026-07-08"));
    assertEquals("a=b", HivePathNames.valueOf("k=a=b"));
    assertEquals("a=b", HivePathNames.valueOf("k=a%3Db"));
    assertEquals("", HivePathNames.valueOf("k="));
  }

  @Test
  void defaultPartitionIsNull() {
    assertNull(HivePathNames.valueOf("dt=" + HivePathNames.DEFAULT_PARTITION));
    assertEquals(HivePaths.DEFAULT_PARTITION, HivePathNames.DEFAULT_PARTITION);
  }

  @ParameterizedTest
  @ValueSource(strings = {"with space", "10:00:00", "a/b", "100%", "k=v", "#1", "café", "ctl\u0001x",
      "\"quoted\"", "a\\b?c*d", "[x]{y}^z'", "del\u007f", "%41", "日本"})
  void unescapeReversesHiveEscaping(String value) {
    String segment = HivePaths.segment("col", value);
    assertEquals(value, HivePathNames.unescape(HivePaths.escape(value)));
    assertEquals(value, HivePathNames.valueOf(segment));
    assertEquals("col", HivePathNames.columnOf(segment));
  }
}
