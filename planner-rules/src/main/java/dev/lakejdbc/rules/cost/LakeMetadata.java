package dev.lakejdbc.rules.cost;

import java.util.List;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

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
      ReflectiveRelMetadataProvider.reflectiveSource(new OwnDistinctValues(),
          BuiltInMetadata.DistinctRowCount.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new PassThroughMetadata.DistinctValues(),
          BuiltInMetadata.DistinctRowCount.Handler.class),
      ReflectiveRelMetadataProvider.reflectiveSource(new PassThroughMetadata.ColumnOrigins(),
          BuiltInMetadata.ColumnOrigin.Handler.class),
      DefaultRelMetadataProvider.INSTANCE));

  private LakeMetadata() {}

  /**
   * A query of these estimates, through the dispatchers compiled with the project. The driver's
   * clusters make every query with it; a cluster made elsewhere (Calcite's default, as in this
   * module's tests) keeps the query it made first, which a plan without enough joins to order may have
   * made before any phase set this provider, and which would then answer Calcite's guesses: phases
   * after the cost-based planner that need these estimates ask here rather than the cluster.
   */
  public static RelMetadataQuery query() {
    return new RelMetadataQuery(CompiledMetadataHandlers.LAKE);
  }
}
