package dev.lakejdbc.adapter;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The adapter's packages depend on each other one way, as package-info.java of the root package lists
 * them from the bottom up: each may use only the packages before it in {@link #BOTTOM_UP}.
 */
class PackageDependenciesTest {
  private static final String ROOT = "dev.lakejdbc.adapter";
  /** Packages from the bottom up; "" is the root package itself. */
  private static final List<String> BOTTOM_UP = List.of("types", "", "time", "memory", "dpp", "stats", "filter", "hive",
      "parquet", "table", "prune", "read", "scan", "catalog", "sys");

  private static final JavaClasses ADAPTER = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(ROOT);

  private static String layer(String pkg) {
    return pkg.isEmpty() ? "root" : pkg;
  }

  @Test void eachPackageUsesOnlyThePackagesBelowIt() {
    LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (String pkg : BOTTOM_UP) {
      // The root layer is the root package alone, not its sub-packages.
      layers = layers.layer(layer(pkg)).definedBy(pkg.isEmpty() ? ROOT : ROOT + "." + pkg + "..");
    }
    for (int i = 0; i < BOTTOM_UP.size(); i++) {
      String[] below = BOTTOM_UP.subList(0, i).stream().map(PackageDependenciesTest::layer)
          .toArray(String[]::new);
      layers = below.length == 0
          ? layers.whereLayer(layer(BOTTOM_UP.get(i))).mayNotAccessAnyLayer()
          : layers.whereLayer(layer(BOTTOM_UP.get(i))).mayOnlyAccessLayers(below);
    }
    layers.check(ADAPTER);
  }

  @Test void subPackagesAreFreeOfCycles() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(ADAPTER);
  }

  @Test void everyPackageIsInTheList() {
    List<String> found = ADAPTER.stream().map(c -> c.getPackageName())
        .map(p -> p.equals(ROOT) ? "" : p.substring(ROOT.length() + 1).split("\\.")[0])
        .distinct().sorted().toList();
    List<String> listed = BOTTOM_UP.stream().sorted().toList();
    org.junit.jupiter.api.Assertions.assertEquals(listed, found,
        "a new package must take its place in BOTTOM_UP " + Arrays.toString(BOTTOM_UP.toArray()));
  }
}
