package dev.lakejdbc.rules.cost;

import java.util.List;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;

/** The planner's metadata: lake-specific estimates first, Calcite's defaults for everything else. */
public final class LakeMetadata {
  /**
   * One instance for the JVM: Calcite compiles a dispatcher per provider instance, so a new chain per
   * query would compile again each time.
   */
  public static final RelMetadataProvider PROVIDER = ChainedRelMetadataProvider.of(List.of(
      ReflectiveRelMetadataProvider.reflectiveSource(new JoinRows(),
          BuiltInMetadata.RowCount.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new ScanDistinctValues(),
          BuiltInMetadata.DistinctRowCount.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new CalcDistinctValues(),
          BuiltInMetadata.DistinctRowCount.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new ScanColumnOrigins(),
          BuiltInMetadata.ColumnOrigin.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new PassThroughMetadata.DistinctValues(),
          BuiltInMetadata.DistinctRowCount.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new PassThroughMetadata.ColumnOrigins(),
          BuiltInMetadata.ColumnOrigin.Handler.class),
      DefaultRelMetadataProvider.INSTANCE));

  private LakeMetadata() {}
}
