package dev.restcompress.it;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.it.app.ContractApplication;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import org.jboss.shrinkwrap.api.Filters;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR every deployment test deploys: the rest-compress library classes, compress-lzf as a
 * library jar, the library's native libdeflate shim and coding-provider list (as the library jar
 * carries them), the shared contract's application ({@code dev.restcompress.contract.app}) and the
 * {@link ContractApplication} that configures it. Test code stays out, the contract's own
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
                .addAsLibraries(lzfJar());
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

    /** The compress-lzf jar the library was built against, from the test class path. */
    private static File lzfJar() {
        try {
            File f = new File(LZFEncoder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!f.isFile()) {
                throw new IllegalStateException("compress-lzf is not a jar on the class path: " + f);
            }
            return f;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
