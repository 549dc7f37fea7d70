package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** A scope names its file system and a short digest of its settings, never the settings. */
class LakeFileSystemsTest {
  @Test
  void aScopePrintsItsFileSystemAndAShortDigest() {
    LakeFileSystems.Scope s3 = LakeFileSystems.scope(new Path("s3a://bucket/lake"),
        Map.of("fs.s3a.secret.key", "very-secret"));

    assertEquals("s3a://bucket#" + s3.settingsDigest().substring(0, 12), s3.toString());
    assertFalse(s3.toString().contains("very-secret"));
  }

  @Test
  void theLocalScopePrintsWhole() {
    // Its "digest" is a name shorter than a digest's prefix: printing it threw before.
    assertEquals("file://#local", new LakeFileSystems.Scope("file://", "local").toString());
  }
}
