package dev.lakejdbc.rules.cost;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.janino.RelMetadataHandlerGeneratorUtil;

/**
 * The planner's metadata dispatchers compiled when the project is built, not by Janino in each new
 * JVM: Calcite generates the Java source of one dispatcher per kind of metadata (row count, distinct
 * values, predicates, ...) from a provider's handlers, and compiles it on first use. In a new JVM that
 * took a sixth of the first query (some 300 ms for the dispatchers of Calcite's default provider and
 * of {@link LakeMetadata#PROVIDER}). The build runs {@link #main} after compiling this module: it
 * writes Calcite's generated source for {@link LakeMetadata#PROVIDER} into this package's
 * {@code compiled} sub-package, and the build compiles it ({@code planner-rules/pom.xml}).
 *
 * <p>A dispatcher is used only if its constructor takes the provider's handlers, one each, in order;
 * otherwise (a class missing, handlers changed since the build) Calcite's Janino provider makes it,
 * as before, so a stale build is slower, never wrong.
 */
public final class CompiledMetadataHandlers implements MetadataHandlerProvider {
  /** The dispatchers of {@link LakeMetadata#PROVIDER}. */
  public static final CompiledMetadataHandlers LAKE = new CompiledMetadataHandlers(LakeMetadata.PROVIDER);

  static final String PACKAGE = CompiledMetadataHandlers.class.getPackageName() + ".compiled";

  private final RelMetadataProvider provider;
  private final Map<Class<?>, MetadataHandler<?>> handlers = new ConcurrentHashMap<>();

  private CompiledMetadataHandlers(RelMetadataProvider provider) {
    this.provider = provider;
  }

  @Override public <MH extends MetadataHandler<?>> MH handler(Class<MH> handlerClass) {
    return handlerClass.cast(handlers.computeIfAbsent(handlerClass, c -> make(handlerClass)));
  }

  @Override public <MH extends MetadataHandler<?>> MH revise(Class<MH> handlerClass) {
    // Only Janino's lazily made dispatchers ask for this; a compiled one handles every class.
    return JaninoRelMetadataProvider.of(provider).revise(handlerClass);
  }

  /** Whether the dispatcher of this kind is the one compiled with the project. */
  boolean isCompiled(Class<? extends MetadataHandler<?>> handlerClass) {
    return handler(handlerClass).getClass().getName().startsWith(PACKAGE + ".");
  }

  private <MH extends MetadataHandler<?>> MH make(Class<MH> handlerClass) {
    List<MetadataHandler<?>> own = uniqueHandlers(provider, handlerClass);
    Constructor<?> constructor = compiledConstructor(handlerClass, own);
    if (constructor == null) {
      return JaninoRelMetadataProvider.of(provider).handler(handlerClass);
    }
    try {
      return handlerClass.cast(constructor.newInstance(own.toArray()));
    } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("Cannot make the compiled metadata dispatcher "
          + constructor.getDeclaringClass().getName(), e);
    }
  }

  /** The compiled dispatcher's constructor, if it takes these handlers. */
  private static Constructor<?> compiledConstructor(Class<?> handlerClass,
      List<MetadataHandler<?>> own) {
    Class<?> compiled;
    try {
      compiled = Class.forName(PACKAGE + "." + compiledName(handlerClass), true,
          CompiledMetadataHandlers.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
    for (Constructor<?> c : compiled.getConstructors()) {
      if (accepts(c.getParameterTypes(), own)) {
        return c;
      }
    }
    return null;
  }

  /** Whether the parameters take these handlers, one each, in order. */
  private static boolean accepts(Class<?>[] parameters, List<MetadataHandler<?>> own) {
    if (parameters.length != own.size()) {
      return false;
    }
    for (int i = 0; i < parameters.length; i++) {
      if (!parameters[i].isInstance(own.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** The provider's handlers of one kind, each once, in order: what Calcite generates from. */
  private static List<MetadataHandler<?>> uniqueHandlers(RelMetadataProvider provider,
      Class<? extends MetadataHandler<?>> handlerClass) {
    return provider.handlers(handlerClass).stream().distinct().toList();
  }

  /**
   * The compiled dispatcher's class name, without its package, for a kind of metadata: the handler
   * interface's binary name in its package, {@code BuiltInMetadata_RowCount_Handler}. Derived here
   * rather than asked of Calcite's generator, which would write a whole source to name it.
   */
  private static String compiledName(Class<?> handlerClass) {
    return handlerClass.getName().substring(handlerClass.getPackageName().length() + 1)
        .replace('$', '_');
  }

  @SuppressWarnings("unchecked")
  private static Class<? extends MetadataHandler<?>> handlerClassOf(Class<?> c) {
    return (Class<? extends MetadataHandler<?>>) c;
  }

  /** Every kind of metadata Calcite's {@code RelMetadataQuery} asks a provider for. */
  static List<Class<? extends MetadataHandler<?>>> builtInHandlerClasses() {
    List<Class<? extends MetadataHandler<?>>> classes = new ArrayList<>();
    for (Class<?> metadata : BuiltInMetadata.class.getClasses()) {
      for (Class<?> nested : metadata.getClasses()) {
        if (nested.isInterface() && MetadataHandler.class.isAssignableFrom(nested)) {
          classes.add(handlerClassOf(nested));
        }
      }
    }
    return classes;
  }

  /**
   * Writes the dispatchers' sources of {@link LakeMetadata#PROVIDER} under {@code args[0]} and compiles
   * them into {@code args[1]}: Calcite's generated code in this project's package under the name
   * {@link #compiledName} gives, with nested classes named as Java source names them, and a handler
   * class this package cannot name (Calcite has private ones) typed as its nearest public superclass. A source that does not compile so (that class lacks
   * a method the dispatcher calls) is left out, and Janino makes that dispatcher at run time.
   */
  public static void main(String[] args) throws IOException {
    Path sources = Path.of(args[0]).resolve(PACKAGE.replace('.', '/'));
    Files.createDirectories(sources);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> options = List.of("-d", args[1], "-cp", args[1] + File.pathSeparator
        + System.getProperty("java.class.path"), "-nowarn", "-proc:none");
    int compiled = 0;
    for (Class<? extends MetadataHandler<?>> handlerClass : builtInHandlerClasses()) {
      List<MetadataHandler<?>> own = uniqueHandlers(LakeMetadata.PROVIDER, handlerClass);
      RelMetadataHandlerGeneratorUtil.HandlerNameAndGeneratedCode generated =
          RelMetadataHandlerGeneratorUtil.generateHandler(handlerClass, own);
      String generatedName = generated.getHandlerName();
      String name = compiledName(handlerClass);
      String source = generated.getGeneratedCode()
          .replaceFirst("package [\\w.]+;", "package " + PACKAGE + ";")
          .replace(generatedName.substring(generatedName.lastIndexOf('.') + 1), name);
      for (MetadataHandler<?> handler : own) {
        source = source.replace(handler.getClass().getName() + " ",
            publicType(handler.getClass()).getName() + " ");
      }
      // getDef() belongs to MetadataHandler, which a public superclass may not implement.
      source = sourceNames(source.replaceAll("return (provider\\d+)\\.getDef\\(\\);",
          "return ((" + MetadataHandler.class.getName() + "<?>) (Object) $1).getDef();"));
      Path file = sources.resolve(name + ".java");
      Files.writeString(file, source);
      StringWriter errors = new StringWriter();
      try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
        boolean ok = javac.getTask(errors, files, null, options, null,
            files.getJavaFileObjects(file)).call();
        if (ok) {
          compiled++;
        } else {
          System.out.println("Left to Janino: " + file.getFileName() + "\n" + errors);
          Files.delete(file);
        }
      }
    }
    System.out.println("Compiled " + compiled + " metadata dispatchers into " + args[1]);
  }

  /** The class, or its nearest public superclass: Calcite has private handler classes. */
  private static Class<?> publicType(Class<?> c) {
    while (!Modifier.isPublic(c.getModifiers())) {
      c = c.getSuperclass();
    }
    return c;
  }

  private static final Pattern NESTED_NAME =
      Pattern.compile("\\b((?:[a-z_]\\w*\\.)+[A-Z]\\w*(?:\\.[A-Z]\\w*)*)\\$([A-Z]\\w*)");

  /** {@code a.B$C} as Java source names it, {@code a.B.C}. */
  private static String sourceNames(String source) {
    String before;
    do {
      before = source;
      source = NESTED_NAME.matcher(source).replaceAll("$1.$2");
    } while (!source.equals(before));
    return source;
  }
}
