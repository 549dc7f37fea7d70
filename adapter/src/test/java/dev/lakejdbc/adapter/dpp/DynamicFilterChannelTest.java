package dev.lakejdbc.adapter.dpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lakejdbc.adapter.memory.QueryMemory;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;
import org.junit.jupiter.api.Test;

/**
 * The channel lives as long as its plan (a PreparedStatement, the plan cache, a closed result set that
 * a client still holds); an execution's dimension rows must not: they go when the execution ends.
 */
class DynamicFilterChannelTest {
  /** An execution's DataContext, as the generated code is given one. */
  private static final class Execution implements DataContext {
    @Override public SchemaPlus getRootSchema() {
      return null;
    }

    @Override public JavaTypeFactory getTypeFactory() {
      return null;
    }

    @Override public QueryProvider getQueryProvider() {
      return null;
    }

    @Override public Object get(String name) {
      return null;
    }
  }

  @Test
  void anEndedExecutionsDimensionRowsAreLetGo() throws InterruptedException {
    DynamicFilterChannel channel = new DynamicFilterChannel("#1", new boolean[] {false}, 1_000);
    DataContext root = new Execution();
    List<Object> dimensionRows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      dimensionRows.add(new Object[] {i, "row " + i});
    }
    WeakReference<Object> aRow = new WeakReference<>(dimensionRows.get(7));
    // Like the generated code, the dimension's code reaches its execution's DataContext.
    Enumerable<Object> dimension = Linq4j.asEnumerable(dimensionRows).where(row -> root != null);
    dimensionRows = null;

    Enumerable<Object> cached = channel.source(root, dimension, row -> new Object[] {((Object[]) row)[0]},
        row -> (Object[]) row);
    int read = 0;
    try (Enumerator<Object> e = cached.enumerator()) {
      while (e.moveNext()) {
        read++;
      }
    }
    assertEquals(100, read);
    assertNotNull(channel.keys(root));
    assertEquals(1, channel.executionsHeld());

    QueryMemory.of(root).close(); // what the plan's root does once the client has read every row

    assertEquals(0, channel.executionsHeld());
    dimension = null;
    for (int i = 0; i < 20 && aRow.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(aRow.get(), "the plan (the channel, the cached dimension) no longer holds the rows");
    assertNotNull(cached, "the plan is still held");
  }
}
