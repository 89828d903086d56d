package dev.restcompress.it;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.it.app.ContractApplication;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import org.jboss.shrinkwrap.api.Filters;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR every deployment test deploys: the rest-compress library classes, compress-lzf, zstd-jni and
 * brotli4j as library jars, the library's native libdeflate shim and coding-provider list (as the
 * library jar carries them), the shared contract's application ({@code dev.restcompress.contract.app})
 * and the {@link ContractApplication} that configures it. Test code stays out, the contract's own
 * ({@code HttpContract}, its {@code Wire}) included. Neither Jakarta REST nor RESTEasy is inside: the
 * container provides them (on Jetty resteasy-servlet-initializer from the test class path, on WildFly
 * its own modules).
 */
final class Deployments {
    /**
     * The JNI shim as the library jar holds it. {@code addPackages} takes classes only; without this
     * a container that isolates the WAR (WildFly) would not find the shim and fall back to the JDK
     * gzip engine, while Jetty finds it through its parent class loader.
     */
    static final String NATIVE_SHIM = "native/linux-x86_64/librestcompress_libdeflate.so";
    /** The list of coding providers the library finds with ServiceLoader: a resource, like the shim. */
    static final String CODING_PROVIDERS = "META-INF/services/dev.restcompress.codec.CodingProvider";
    /** The versions of optional codec libraries the library names in its messages: a resource too. */
    static final String TESTED_VERSIONS = "dev/restcompress/codec/tested-versions.properties";
    /** The contract's shared dictionary (a class-path resource its {@code @Dictionary} names). */
    static final String DICTIONARY = ContractResource.DICTIONARY_RESOURCE.substring(1);
    /**
     * Optional libraries the contract needs for its dictionary codings, as an application that uses
     * them packs them: zstd-jni ({@code dcz}), brotli4j with its service and native jars ({@code dcb}),
     * and Caffeine (the cache of encoded variants, {@code CacheContract}), each named by one class it holds.
     */
    private static final List<String> CODEC_JAR_CLASSES = List.of("com.github.luben.zstd.Zstd",
            "com.github.benmanes.caffeine.cache.Caffeine",
            "com.aayushatharva.brotli4j.Brotli4jLoader", "com.aayushatharva.brotli4j.service.BrotliNativeProvider",
            "com.aayushatharva.brotli4j.linux.x86_64.NativeLoader");

    private Deployments() {
    }

    /** The WAR as a user would build it: no container-specific manifest entries. */
    static WebArchive war(String name) {
        return ShrinkWrap.create(WebArchive.class, name + ".war")
                // The library: every dev.restcompress package except test code (this module's, the contract's).
                .addPackages(true, Filters.exclude("/dev/restcompress/(it|contract)/.*"), "dev.restcompress")
                .addPackage(ContractResource.class.getPackage())
                .addPackage(ContractApplication.class.getPackage())
                .addAsResource(NATIVE_SHIM, NATIVE_SHIM)
                .addAsResource(CODING_PROVIDERS, CODING_PROVIDERS)
                .addAsResource(TESTED_VERSIONS, TESTED_VERSIONS)
                .addAsResource(DICTIONARY, DICTIONARY)
                .addAsLibraries(jarOf(LZFEncoder.class))
                .addAsLibraries(codecJars().toArray(File[]::new));
    }

    /**
     * The application's root under the deployment's URL. The containers pick the context path (Jetty
     * a generated one, WildFly the WAR name), and not every adapter ends the URL with '/', without
     * which {@code resolve} would replace the context path.
     */
    static URI applicationRoot(URL deployment) {
        String s = deployment.toString();
        return URI.create(s.endsWith("/") ? s : s + "/").resolve(ContractApplication.PATH + "/");
    }

    /** The jar of {@code type} on the test class path (the version the library was built against). */
    private static File jarOf(Class<?> type) {
        try {
            File f = new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!f.isFile()) {
                throw new IllegalStateException(type.getName() + " is not in a jar on the class path: " + f);
            }
            return f;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The jars of zstd-jni and brotli4j (with its service and native jars) on the test class path. */
    static List<File> codecJars() {
        List<File> jars = new ArrayList<>();
        for (String name : CODEC_JAR_CLASSES) {
            try {
                jars.add(jarOf(Class.forName(name, false, Deployments.class.getClassLoader())));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(name + " is not on the test class path", e);
            }
        }
        return jars;
    }
}
