package dev.restcompress.it;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.it.app.CompressApplication;
import java.io.File;
import java.net.URISyntaxException;
import org.jboss.shrinkwrap.api.Filters;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR every deployment test deploys: the rest-compress library classes, compress-lzf as a
 * library jar, and the application in {@code dev.restcompress.it.app}. The tests themselves stay out.
 * RESTEasy comes from the container's class path (resteasy-servlet-initializer).
 */
final class Deployments {
    private Deployments() {
    }

    static WebArchive war(String name) {
        return ShrinkWrap.create(WebArchive.class, name + ".war")
                // The library: every dev.restcompress package except this module's test code.
                .addPackages(true, Filters.exclude("/dev/restcompress/it/.*"), "dev.restcompress")
                .addPackage(CompressApplication.class.getPackage())
                .addAsLibraries(lzfJar());
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
