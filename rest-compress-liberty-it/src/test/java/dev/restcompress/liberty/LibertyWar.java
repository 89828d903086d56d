package dev.restcompress.liberty;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.liberty.app.ContractApplication;
import dev.restcompress.server.RestCompressFeature;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.importer.ExplodedImporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR deployed to Open Liberty, as a user builds it: the rest-compress library jar whole (its
 * services files included, which Liberty's RESTEasy reads) and compress-lzf, zstd-jni, brotli4j and
 * Caffeine in {@code WEB-INF/lib}; the shared contract's application, its dictionary and the
 * {@link ContractApplication} that configures it as classes. Neither Jakarta REST nor RESTEasy is
 * inside: Liberty's restfulWS feature provides them.
 */
final class LibertyWar {
    /** Each library the WAR carries, named by one class it holds. */
    private static final List<String> LIBRARY_CLASSES = List.of(LZFEncoder.class.getName(),
            "com.github.luben.zstd.Zstd", "com.github.benmanes.caffeine.cache.Caffeine",
            "com.aayushatharva.brotli4j.Brotli4jLoader", "com.aayushatharva.brotli4j.service.BrotliNativeProvider",
            "com.aayushatharva.brotli4j.linux.x86_64.NativeLoader");
    private static final String DICTIONARY = ContractResource.DICTIONARY_RESOURCE.substring(1);

    private LibertyWar() {
    }

    /** Writes the WAR to {@code target} (replacing it). */
    static void writeTo(Path target) {
        WebArchive war = ShrinkWrap.create(WebArchive.class, target.getFileName().toString())
                .addPackage(ContractResource.class.getPackage())
                .addPackage(ContractApplication.class.getPackage())
                .addAsResource(DICTIONARY, DICTIONARY)
                .addAsLibrary(library());
        for (String name : LIBRARY_CLASSES) {
            war.addAsLibraries(locationOf(name));
        }
        war.as(ZipExporter.class).exportTo(target.toFile(), true);
    }

    /**
     * The rest-compress library as its jar: the packaged jar, or, when the reactor hands over its
     * classes directory, a jar of that directory (the same entries).
     */
    private static JavaArchive library() {
        File location = locationOf(RestCompressFeature.class.getName());
        if (location.isFile()) {
            return ShrinkWrap.createFromZipFile(JavaArchive.class, location);
        }
        return ShrinkWrap.create(ExplodedImporter.class, "rest-compress-lib.jar").importDirectory(location)
                .as(JavaArchive.class);
    }

    /** The jar (or classes directory) on the test class path that holds {@code className}. */
    private static File locationOf(String className) {
        try {
            Class<?> type = Class.forName(className, false, LibertyWar.class.getClassLoader());
            return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IllegalStateException(className + " is not on the test class path", e);
        }
    }
}
