package dev.restcompress.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The package structure of the library, pinned (docs/architecture.md draws it): no package cycles, and
 * every layer depends only downwards. A change that adds a cycle or crosses a layer the wrong way fails
 * here, naming the classes. Reads the compiled main classes only.
 */
class ArchitectureTest {
    static final String ROOT = "dev.restcompress";
    static final String API = ROOT + ".server";
    static final String DATA_PATH = ROOT + ".server.internal";
    static final String DICTIONARY = DATA_PATH + ".dictionary..";
    static final String ADAPTIVE = DATA_PATH + ".adaptive..";
    static final String OBSERVE = DATA_PATH + ".observe..";
    static final String RUNTIME = DATA_PATH + ".runtime..";
    static final String CACHE = DATA_PATH + ".cache..";

    static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void noPackageCycles() {
        // Every package is a slice of its own: dev.restcompress.codec and dev.restcompress.codec.gzip too.
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void theDataPathKnowsWhatStandsBehindItsSeamsOnlyThroughThem() {
        noClasses().that().resideInAPackage(DATA_PATH)
                .should().dependOnClassesThat().resideInAnyPackage(DICTIONARY, ADAPTIVE, OBSERVE, RUNTIME, CACHE, API)
                .because("the data path reports to BodyObserver, asks ResponsePlans, DictionaryOffer and "
                        + "EncodedVariants, and is bound by the runtime package: it names none of them")
                .check(CLASSES);
    }

    @Test
    void theConcernsBesideTheDataPathDoNotKnowEachOther() {
        noClasses().that().resideInAPackage(DICTIONARY)
                .should().dependOnClassesThat().resideInAnyPackage(ADAPTIVE, OBSERVE, RUNTIME, CACHE, API).check(CLASSES);
        noClasses().that().resideInAPackage(ADAPTIVE)
                .should().dependOnClassesThat().resideInAnyPackage(DICTIONARY, OBSERVE, RUNTIME, CACHE, API)
                .check(CLASSES);
        noClasses().that().resideInAPackage(OBSERVE)
                .should().dependOnClassesThat().resideInAnyPackage(DICTIONARY, ADAPTIVE, RUNTIME, CACHE, API)
                .check(CLASSES);
        noClasses().that().resideInAPackage(CACHE)
                .should().dependOnClassesThat().resideInAnyPackage(DICTIONARY, ADAPTIVE, OBSERVE, RUNTIME, API)
                .because("the cache stands behind the EncodedVariants seam; the pressure reaches it as a number")
                .check(CLASSES);
        noClasses().that().resideInAPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAPackage(API)
                .because("the public API package depends on the runtime glue, never the other way").check(CLASSES);
    }

    @Test
    void onlyTheRuntimePackageCompilesAgainstARuntime() {
        noClasses().that().resideOutsideOfPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAnyPackage("org.glassfish..", "io.quarkus..",
                        "org.jboss.resteasy.reactive..", "org.eclipse.microprofile..")
                .check(CLASSES);
    }

    @Test
    void onlyTheCachePackageCompilesAgainstCaffeine() {
        // Caffeine is optional: the classes that name it load only once it is known to be there.
        noClasses().that().resideOutsideOfPackage(CACHE)
                .should().dependOnClassesThat().resideInAPackage("com.github.benmanes.caffeine..").check(CLASSES);
    }

    @Test
    void theLowerLayersKnowNoServerClientOrConfiguration() {
        noClasses().that().resideInAnyPackage(ROOT + ".io..", ROOT + ".negotiation..", ROOT + ".nativelib..",
                        ROOT + ".dictionary..")
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".codec..", ROOT + ".decoding..",
                        ROOT + ".config..", ROOT + ".server..", ROOT + ".client..", ROOT + ".adaptive..")
                .check(CLASSES);
        noClasses().that().resideInAnyPackage(ROOT + ".codec..", ROOT + ".decoding..")
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".config..", ROOT + ".server..",
                        ROOT + ".client..", ROOT + ".adaptive..")
                .check(CLASSES);
        noClasses().that().resideOutsideOfPackage(ROOT + ".server..")
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".server..").check(CLASSES);
        noClasses().that().resideOutsideOfPackage(ROOT + ".client..")
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".client..").check(CLASSES);
    }

    /** The data path stays readable in one sitting: at most 20 source files (top-level types). */
    @Test
    void theDataPathIsAtMostTwentyFiles() {
        Set<String> files = new TreeSet<>();
        for (JavaClass c : CLASSES) {
            if (c.getPackageName().equals(DATA_PATH) && c.getEnclosingClass().isEmpty()) {
                files.add(c.getSimpleName());
            }
        }
        assertTrue(files.size() <= 20, files.size() + " files: " + files);
    }

    /** The runtime package names the public features by name only; the names must stay right. */
    @Test
    void theRuntimePackageNamesThePublicFeaturesRight() {
        assertEquals(dev.restcompress.server.RestCompressFeature.class.getName(),
                dev.restcompress.server.internal.runtime.ServerSetup.FEATURE);
        assertEquals(dev.restcompress.server.RestCompressDynamicFeature.class.getName(),
                dev.restcompress.server.internal.runtime.ServerSetup.DYNAMIC_FEATURE);
    }
}
