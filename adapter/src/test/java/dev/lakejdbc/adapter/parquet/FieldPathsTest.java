package dev.lakejdbc.adapter.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/** Which leaves of a nested column a selection of paths requests from a file. */
class FieldPathsTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
      message m {
        optional group s {
          optional int32 a;
          optional binary b (STRING);
          optional group c { optional int32 x; optional binary y (STRING); }
        }
        optional group ls (LIST) {
          repeated group list { optional group element { optional int32 x; optional double y; } }
        }
        optional group pts (LIST) {
          repeated group array { optional int32 x; optional binary label (STRING); }
        }
        optional group m (MAP) {
          repeated group key_value { required binary key (STRING); optional group value { optional int32 v; optional int32 w; } }
        }
      }""");

  private static FieldPaths paths(String... dotted) {
    FieldPaths p = FieldPaths.NONE;
    for (String d : dotted) {
      p = p.with(List.of(d.split("\\.")));
    }
    return p;
  }

  @Test void aStructKeepsTheNamedLeavesOnly() {
    Type pruned = paths("a", "C.x").prune(SCHEMA.getType("s"));
    assertEquals(MessageTypeParser.parseMessageType("""
        message m { optional group s { optional int32 a; optional group c { optional int32 x; } } }
        """).getType("s"), pruned);
    assertArrayEquals(new int[] {0, 2}, paths("a", "c.x").kept(SCHEMA.getType("s").asGroupType()));
  }

  @Test void aListIsLookedThroughInBothLayouts() {
    GroupType threeLevel = paths("y").prune(SCHEMA.getType("ls")).asGroupType();
    assertEquals(List.of("y"), threeLevel.getType(0).asGroupType().getType(0).asGroupType()
        .getFields().stream().map(Type::getName).toList());
    GroupType twoLevel = paths("label").prune(SCHEMA.getType("pts")).asGroupType();
    assertEquals(List.of("label"), twoLevel.getType(0).asGroupType().getFields().stream()
        .map(Type::getName).toList());
  }

  @Test void aMapOrAWholeUseKeepsEverything() {
    assertSame(SCHEMA.getType("m"), paths("v").prune(SCHEMA.getType("m")));
    assertSame(SCHEMA.getType("s"), paths("a").with(List.of()).prune(SCHEMA.getType("s")));
    assertTrue(paths("a").union(FieldPaths.ALL).all());
    assertTrue(paths("c").with(List.of("c", "x")).child("c").all(), "c whole stays whole");
  }

  @Test void namesNoFieldOfTheStructKeepsAll() {
    assertArrayEquals(new int[] {0, 1, 2}, paths("zz").kept(SCHEMA.getType("s").asGroupType()));
    assertSame(SCHEMA.getType("s").asGroupType().getType(0),
        paths("zz").prune(SCHEMA.getType("s")).asGroupType().getType(0));
  }

  @Test void unionAndTextShowEveryPath() {
    FieldPaths p = paths("a").union(paths("c.y", "c.x"));
    assertEquals("s.a, s.c.x, s.c.y", p.text("s"));
    assertEquals(paths("a", "c.x", "c.y"), p);
  }
}
