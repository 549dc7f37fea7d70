package dev.lakejdbc.rules.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lakejdbc.rules.PlanTester;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;

/**
 * The metadata dispatchers compiled with the project ({@link CompiledMetadataHandlers}): used for every
 * kind of metadata, and answering what Calcite's Janino-compiled ones answer.
 */
class CompiledMetadataHandlersTest {
  @Test void everyKindOfMetadataUsesTheDispatcherCompiledWithTheProject() {
    List<Class<? extends MetadataHandler<?>>> kinds = CompiledMetadataHandlers.builtInHandlerClasses();
    assertTrue(kinds.size() >= 27, "kinds of metadata found: " + kinds);
    List<String> notCompiled = new ArrayList<>();
    for (Class<? extends MetadataHandler<?>> kind : kinds) {
      if (!CompiledMetadataHandlers.LAKE.isCompiled(kind)) {
        notCompiled.add(kind.getName());
      }
    }
    assertEquals(List.of(), notCompiled, "made by Janino at run time");
  }

  @Test void compiledDispatchersAnswerAsJaninosDo() {
    RelNode physical = new PlanTester().physical("SELECT d.date_type, b.region, count(*), sum(f.amount) "
        + "FROM fact_orders f JOIN dim_date d ON f.dt = d.date_id JOIN branches b ON f.branch_id = b.branch_id "
        + "WHERE d.date_type = 'holiday' AND f.amount > 10 GROUP BY d.date_type, b.region");
    RelMetadataQuery compiled = LakeMetadata.query();
    RelMetadataQuery janino = new RelMetadataQuery(JaninoRelMetadataProvider.of(LakeMetadata.PROVIDER));
    List<RelNode> rels = new ArrayList<>();
    collect(physical, rels);
    assertTrue(rels.size() >= 6, physical.explain());
    for (RelNode rel : rels) {
      assertEquals(answers(janino, rel), answers(compiled, rel), rel.explain());
    }
  }

  /** What a plan's estimates and properties rest on, as text. */
  private static List<String> answers(RelMetadataQuery mq, RelNode rel) {
    ImmutableBitSet first = ImmutableBitSet.of(0);
    return List.of(
        Objects.toString(mq.getRowCount(rel)),
        Objects.toString(mq.getNonCumulativeCost(rel)),
        Objects.toString(mq.getCumulativeCost(rel)),
        Objects.toString(mq.getDistinctRowCount(rel, first, null)),
        Objects.toString(mq.getPulledUpPredicates(rel).pulledUpPredicates),
        Objects.toString(mq.areColumnsUnique(rel, first)),
        Objects.toString(mq.getColumnOrigins(rel, 0)),
        Objects.toString(mq.collations(rel)),
        Objects.toString(mq.getMaxRowCount(rel)),
        Objects.toString(mq.getAverageRowSize(rel)));
  }

  private static void collect(RelNode rel, List<RelNode> into) {
    into.add(rel);
    rel.getInputs().forEach(input -> collect(input, into));
  }
}
