package dev.restcompress.server.internal.runtime;

import java.util.function.Function;

/**
 * Says at start-up, in one line, when Helidon's web server will refuse or decode coded request bodies
 * before JAX-RS runs. Helidon 4 answers any request carrying {@code Content-Encoding} with 400 when no Helidon
 * content-encoding module is on the class path and it validates request headers (its default); the
 * setting {@value #SETTING}{@code =false} lets such requests reach rest-compress, which decodes them.
 * Helidon is recognised by a class name only (its classes need Java 21; this library builds for 17), the
 * setting is read through MicroProfile Config, which Helidon MP configures itself with. With a Helidon
 * content-encoding module on the class path (not served where this is built, so read from Helidon's
 * source only) Helidon inflates gzip or deflate bodies itself, unbounded, and keeps
 * {@code Content-Encoding}; that gets a line of its own. Stateless.
 */
final class HelidonCodedBodies {
    /** The Helidon setting that lets requests with {@code Content-Encoding} through when nothing decodes them. */
    static final String SETTING = "server.protocols.http_1_1.validate-request-headers";
    /** Helidon 4's HTTP/1.1 connection, where the check is made. */
    static final String HELIDON_HTTP1 = "io.helidon.webserver.http1.Http1Connection";
    /** Helidon's content-encoding SPI: with a provider on the class path, Helidon decodes bodies itself. */
    static final String HELIDON_ENCODING_PROVIDER = "io.helidon.http.encoding.spi.ContentEncodingProvider";
    private static final System.Logger LOG = System.getLogger(ServerSetup.FEATURE);

    private HelidonCodedBodies() {
    }

    /** Logs the warning when this is Helidon without the setting; {@code lookup} reads the configuration. */
    static void check(Function<String, Object> lookup) {
        String warning = warning(present(HELIDON_HTTP1), contentEncodingModule(), lookup.apply(SETTING));
        if (warning != null) {
            LOG.log(System.Logger.Level.WARNING, warning);
        }
    }

    /**
     * The one line to log, or {@code null}: on Helidon with a content-encoding module (which decodes its
     * codings before JAX-RS, without the library's limit, and refuses the others), or with none unless
     * the setting is {@code false}.
     */
    static String warning(boolean helidon, boolean encodingModule, Object setting) {
        if (!helidon) {
            return null;
        }
        if (encodingModule) {
            return "rest-compress: a Helidon content-encoding module (helidon-http-encoding-*) is on the class path: "
                    + "Helidon decodes request bodies in its codings before JAX-RS, without rest-compress's size "
                    + "limit, and answers other codings 400; leave it out where rest-compress compresses";
        }
        if (setting != null && "false".equalsIgnoreCase(setting.toString().trim())) {
            return null;
        }
        return "rest-compress: Helidon answers every request with Content-Encoding 400 before JAX-RS (no Helidon "
                + "content-encoding module, request headers validated): set " + SETTING
                + "=false so that coded request bodies reach rest-compress";
    }

    /** Whether a Helidon content-encoding module (gzip, deflate) is on the class path. */
    private static boolean contentEncodingModule() {
        if (!present(HELIDON_ENCODING_PROVIDER)) {
            return false;
        }
        String resource = "META-INF/services/" + HELIDON_ENCODING_PROVIDER;
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            return (loader != null ? loader : HelidonCodedBodies.class.getClassLoader()).getResources(resource)
                    .hasMoreElements();
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static boolean present(String className) {
        ClassLoader loader = HelidonCodedBodies.class.getClassLoader();
        return loader != null && loader.getResource(className.replace('.', '/') + ".class") != null;
    }
}
