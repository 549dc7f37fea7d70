package dev.lakejdbc.adapter.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class ChildPathsTest {
  private static final List<String> NAMES = List.of("part-0.parquet", "dt=2026-07-08",
      "branch_id=MUM001", "category=é-ü", "name=a b", "x=50%25", "x=a%3Ab", "x=%", "c=a+b",
      "c=a#b", "c=a?b", "c=[1]", "c={x}", "c=a;b", "c=a&b", "c=~u", "c=日本", "c=a\tb",
      "__HIVE_DEFAULT_PARTITION__", "_SUCCESS", ".hidden", "..dots", "c=a@b", "c=a!b",
      "part-00000-1a2b.c000.snappy.parquet", "v=a'b\"c", "c=a\\b");

  private static final List<Path> DIRS = List.of(new Path("file:/tmp/lake/t"),
      new Path("file:/tmp/lake/t/dt=2026-07-08"), new Path("file:/"), new Path("/tmp/no scheme"),
      new Path("hdfs://namenode:8020/warehouse/t"), new Path("s3a://bucket/lake/t"),
      new Path("s3a://bucket/"), new Path("file:/tmp/x=50%25"), new Path("file:/tmp/a b/c=é"));

  @Test void equalsWhatHadoopBuildsForEveryKindOfName() {
    for (Path dir : DIRS) {
      for (String name : NAMES) {
        Path expected = new Path(dir, name);
        Path actual = ChildPaths.of(dir, name);
        assertEquals(expected, actual, dir + " + " + name);
        assertEquals(expected.toString(), actual.toString(), dir + " + " + name);
        assertEquals(expected.toUri().getRawPath(), actual.toUri().getRawPath(), dir + " + " + name);
        assertEquals(expected.getName(), actual.getName());
        assertEquals(expected.getParent(), actual.getParent());
        assertEquals(expected.hashCode(), actual.hashCode());
      }
    }
  }

  /**
   * Hadoop's constructor refuses a name with a colon before any slash ("Relative path in absolute
   * URI": it reads "ts=10" as a scheme); a writer that does not escape ':' leaves such directories.
   */
  @Test void aNameWithAColonIsAChildToo() {
    Path dir = new Path("file:/tmp/lake/t");
    for (String name : List.of("ts=10:30", "a:b", "c:")) {
      Path child = ChildPaths.of(dir, name);
      assertEquals(name, child.getName());
      assertEquals(dir, child.getParent());
      assertEquals("/tmp/lake/t/" + name, child.toUri().getPath());
    }
  }
}
