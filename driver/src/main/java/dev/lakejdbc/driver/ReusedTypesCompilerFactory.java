package dev.lakejdbc.driver;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.commons.compiler.ISimpleCompiler;
import org.codehaus.commons.compiler.util.reflect.ByteArrayClassLoader;
import org.codehaus.janino.ClassLoaderIClassLoader;
import org.codehaus.janino.CompilerFactory;
import org.codehaus.janino.IClassLoader;
import org.codehaus.janino.Java;
import org.codehaus.janino.SimpleCompiler;
import org.codehaus.janino.UnitCompiler;

/**
 * Janino as Calcite uses it to compile each statement's generated code, except that the types that code
 * names (Calcite's runtime, the JDK's, the driver's) are resolved through an {@link IClassLoader} kept
 * between compilations instead of a new one each time. A new one looks every name up again, failing
 * ones through the class path's jars, and reflects again on every method of the classes it finds
 * ({@code SqlFunctions} has thousands): about a third of Janino's time, and Janino about a third of
 * preparing a TPC-DS statement.
 *
 * <p>Registered as the {@link org.codehaus.commons.compiler.ICompilerFactory} service, which Calcite's
 * {@code EnumerableInterpretable} asks for; the statement's own classes are still compiled from its
 * own compilation unit and defined in a class loader of their own. A type loader serves one compilation
 * at a time (Janino's are not made to be shared by threads) and is dropped after
 * {@value #COMPILATIONS_PER_LOADER} of them, which bounds what it may keep of the statements' own
 * types (the array types it makes of them); at most {@value #MAX_IDLE} are kept between compilations,
 * the most recently used, so a burst of concurrent ones does not leave its loaders behind.
 */
public final class ReusedTypesCompilerFactory extends CompilerFactory {
  static final int COMPILATIONS_PER_LOADER = 500;
  static final int MAX_IDLE = 4;
  /** Type loaders not in use now, with the class loader they resolve names in. */
  private static final ConcurrentLinkedQueue<TypeLoader> IDLE = new ConcurrentLinkedQueue<>();
  private static final AtomicInteger LOADERS_MADE = new AtomicInteger();

  @Override public ISimpleCompiler newSimpleCompiler() {
    return new Compiler();
  }

  /** A type loader over {@code classes}, and how many compilations it has served. */
  private static final class TypeLoader {
    final ClassLoader classes;
    final IClassLoader types;
    int compilations;

    TypeLoader(ClassLoader classes) {
      this.classes = classes;
      this.types = new ClassLoaderIClassLoader(classes);
      LOADERS_MADE.incrementAndGet();
    }
  }

  /** How many type loaders were made so far (each compilation without an idle one makes one). */
  static int loadersMade() {
    return LOADERS_MADE.get();
  }

  static int idleLoaders() {
    return IDLE.size();
  }

  /** Drops every idle loader (tests start from none). */
  static void dropIdleLoaders() {
    IDLE.clear();
  }

  private static TypeLoader take(ClassLoader classes) {
    for (TypeLoader loader : IDLE) {
      if (loader.classes == classes && IDLE.remove(loader)) {
        return loader;
      }
    }
    return new TypeLoader(classes);
  }

  /**
   * Keeps the loader idle, dropping the longest idle ones past {@link #MAX_IDLE}: loaders over a parent
   * no longer used (an application's class loader since undeployed) give way to the ones in use,
   * instead of pinning that class loader and leaving no room to keep the others.
   */
  private static void giveBack(TypeLoader loader) {
    if (++loader.compilations < COMPILATIONS_PER_LOADER) {
      IDLE.add(loader);
      while (IDLE.size() > MAX_IDLE) {
        IDLE.poll();
      }
    }
  }

  /** Janino's simple compiler with the type resolution above; the rest as Janino's. */
  static final class Compiler extends SimpleCompiler {
    private ClassLoader parent = Thread.currentThread().getContextClassLoader();
    private boolean debugSource;
    private boolean debugLines;
    private boolean debugVars;
    private Map<String, byte[]> bytecodes;
    private ClassLoader classLoader;

    @Override public void setParentClassLoader(ClassLoader parentClassLoader) {
      super.setParentClassLoader(parentClassLoader);
      if (parentClassLoader != null) {
        parent = parentClassLoader;
      }
    }

    @Override public void setDebuggingInformation(boolean source, boolean lines, boolean vars) {
      super.setDebuggingInformation(source, lines, vars);
      debugSource = source;
      debugLines = lines;
      debugVars = vars;
    }

    @Override public void cook(Java.AbstractCompilationUnit unit) throws CompileException {
      if (bytecodes != null) {
        throw new IllegalStateException("Must only be called before \"cook()\"");
      }
      Map<String, byte[]> classes = new HashMap<>();
      TypeLoader loader = take(parent);
      try {
        new UnitCompiler(unit, loader.types).options(options())
            .compileUnit(debugSource, debugLines, debugVars,
                classFile -> classes.put(classFile.getThisClassName(), classFile.toByteArray()));
      } finally {
        giveBack(loader);
      }
      bytecodes = classes;
    }

    @Override public Map<String, byte[]> getBytecodes() {
      if (bytecodes == null) {
        throw new IllegalStateException("Must only be called after \"cook()\"");
      }
      return bytecodes;
    }

    @Override public ClassLoader getClassLoader() {
      if (classLoader == null) {
        classLoader = new ByteArrayClassLoader(getBytecodes(), parent);
      }
      return classLoader;
    }
  }
}
