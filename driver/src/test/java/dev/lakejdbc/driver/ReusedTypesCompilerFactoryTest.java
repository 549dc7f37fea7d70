package dev.lakejdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntSupplier;
import org.apache.calcite.adapter.enumerable.EnumerableInterpretable;
import org.codehaus.commons.compiler.CompilerFactoryFactory;
import org.codehaus.commons.compiler.ISimpleCompiler;
import org.junit.jupiter.api.Test;

class ReusedTypesCompilerFactoryTest {
  private static final ClassLoader CALCITE = EnumerableInterpretable.class.getClassLoader();

  /** A class named as Calcite names every statement's class, returning {@code value} through Calcite. */
  private static int compileAndRun(int value) throws Exception {
    return compileAndRun(value, 0);
  }

  /** The same, with {@code padding} more methods to compile. */
  private static int compileAndRun(int value, int padding) throws Exception {
    return compileAndRun(value, padding, CALCITE);
  }

  /** The same, in a class loader under {@code parent}. */
  private static int compileAndRun(int value, int padding, ClassLoader parent) throws Exception {
    ISimpleCompiler compiler = CompilerFactoryFactory.getDefaultCompilerFactory(CALCITE).newSimpleCompiler();
    compiler.setParentClassLoader(parent);
    StringBuilder methods = new StringBuilder();
    for (int i = 0; i < padding; i++) {
      methods.append("  public long m").append(i).append("(long x) { return x * ").append(i)
          .append(" + org.apache.calcite.runtime.SqlFunctions.abs(x); }\n");
    }
    compiler.cook("public final class Baz implements java.util.function.IntSupplier {\n"
        + "  public int getAsInt() { return org.apache.calcite.runtime.SqlFunctions.abs(-" + value + "); }\n"
        + methods + "}");
    return ((IntSupplier) compiler.getClassLoader().loadClass("Baz").getDeclaredConstructor()
        .newInstance()).getAsInt();
  }

  @Test void calciteGetsTheFactory() throws Exception {
    assertInstanceOf(ReusedTypesCompilerFactory.class, CompilerFactoryFactory.getDefaultCompilerFactory(CALCITE));
  }

  /**
   * Compilations one after another resolve their types through one loader; each still gets its own
   * class, though all are named alike.
   */
  @Test void oneTypeLoaderServesCompilationsOneAfterAnother() throws Exception {
    compileAndRun(0);
    int before = ReusedTypesCompilerFactory.loadersMade();
    for (int i = 1; i <= 20; i++) {
      assertEquals(i, compileAndRun(i));
    }
    assertEquals(before, ReusedTypesCompilerFactory.loadersMade());
  }

  /** Compilations at the same time each use a loader of their own, and each gets its own class. */
  @Test void concurrentCompilationsGetTheirOwnClasses() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < 80; i++) {
        int value = i;
        answers.add(threads.submit(() -> compileAndRun(value)));
      }
      for (int i = 0; i < answers.size(); i++) {
        assertEquals(i, answers.get(i).get());
      }
    } finally {
      threads.shutdownNow();
    }
  }

  /** A burst of compilations at once makes a loader each, and leaves at most a few of them idle. */
  @Test void aBurstLeavesFewLoadersBehind() throws Exception {
    int burst = 2 * ReusedTypesCompilerFactory.MAX_IDLE + 2;
    CyclicBarrier together = new CyclicBarrier(burst);
    ExecutorService threads = Executors.newFixedThreadPool(burst);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < burst; i++) {
        int value = i;
        answers.add(threads.submit(() -> {
          together.await();
          // Long enough to compile that every thread takes its loader before any gives one back.
          return compileAndRun(value, 2_000);
        }));
      }
      for (int i = 0; i < burst; i++) {
        assertEquals(i, answers.get(i).get());
      }
    } finally {
      threads.shutdownNow();
    }
    assertTrue(ReusedTypesCompilerFactory.idleLoaders() <= ReusedTypesCompilerFactory.MAX_IDLE,
        ReusedTypesCompilerFactory.idleLoaders() + " idle");
  }

  /**
   * Idle loaders over other parents (the class loaders of applications since undeployed, say) give way
   * to the loader in use: they neither keep those class loaders for good nor stop its reuse.
   */
  @Test void loadersOverOtherParentsGiveWay() throws Exception {
    ReusedTypesCompilerFactory.dropIdleLoaders();
    for (int i = 0; i <= ReusedTypesCompilerFactory.MAX_IDLE; i++) {
      try (URLClassLoader gone = new URLClassLoader(new URL[0], CALCITE)) {
        assertEquals(i, compileAndRun(i, 0, gone));
      }
    }
    compileAndRun(0);
    int before = ReusedTypesCompilerFactory.loadersMade();
    for (int i = 1; i <= 5; i++) {
      assertEquals(i, compileAndRun(i));
    }
    assertEquals(before, ReusedTypesCompilerFactory.loadersMade(), "the loader in use was kept");
    assertTrue(ReusedTypesCompilerFactory.idleLoaders() <= ReusedTypesCompilerFactory.MAX_IDLE);
  }

  /** A loader is dropped after so many compilations: what it keeps of statements' types is bounded. */
  @Test void aLoaderIsReplacedAfterItsCompilations() throws Exception {
    int before = ReusedTypesCompilerFactory.loadersMade();
    // Each idle loader (other tests may have left several) serves its compilations, then a new one.
    int bound = ReusedTypesCompilerFactory.COMPILATIONS_PER_LOADER
        * (ReusedTypesCompilerFactory.idleLoaders() + 1) + 1;
    for (int i = 0; i < bound && ReusedTypesCompilerFactory.loadersMade() == before; i++) {
      compileAndRun(i);
    }
    assertTrue(ReusedTypesCompilerFactory.loadersMade() > before);
  }
}
