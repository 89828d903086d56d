package dev.restcompress.server;

import dev.restcompress.server.internal.MethodPolicyResolver;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.annotation.Brotli;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.Zstd;
import dev.restcompress.codec.Availability;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestServer;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs only in the surefire executions that remove an optional library from the class path (see
 * rest-compress-lib/pom.xml); {@code rest-compress.test.missing} names the coding that must be gone and
 * {@code rest-compress.test.missing-artifact} the Maven coordinates (with the pom's version) a message
 * must name. A method that names the missing coding fails at start-up, naming the method, the coding and
 * the artifact; {@code @Compress} without names offers the rest, with one INFO line saying what is
 * missing. Never touches the missing library's classes.
 */
@Timeout(60)
class MissingLibraryTest {
    static final String MISSING = System.getProperty("rest-compress.test.missing");
    static final String ARTIFACT = System.getProperty("rest-compress.test.missing-artifact");
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    /** What the codec package logged, recorded from before the providers are first loaded. */
    static final List<LogRecord> CODEC_LOG = new ArrayList<>();
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(MISSING != null, "run by the without-* surefire executions only");
        Logger codecLogger = Logger.getLogger(CodingProviders.class.getName());
        codecLogger.setLevel(Level.ALL);
        codecLogger.addHandler(new Handler() {
            @Override public void publish(LogRecord r) {
                synchronized (CODEC_LOG) {
                    CODEC_LOG.add(r);
                }
            }

            @Override public void flush() { }

            @Override public void close() { }
        });
        // TestResource names only lzf and gzip, or nothing (@Compress): it deploys without the library.
        server = TestServer.start(new TestApplication(Map.of()));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    static String other() {
        return MISSING.equals("zstd") ? "br" : "zstd";
    }

    static Availability status(String coding) {
        return CodingProviders.get(coding).availability();
    }

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).GET().build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    static String encoding(HttpResponse<?> r) {
        return r.headers().firstValue("Content-Encoding").orElse("identity");
    }

    /** Every way of naming each optional coding, for the resolver. */
    static class NamingResource {
        @Compress({"zstd"})
        public void compressZstd() { }

        @Compress({"br", "gzip"})
        public void compressBr() { }

        @Zstd
        public void zstdAnnotation() { }

        @Brotli(level = 9)
        public void brotliAnnotation() { }

        @Compress
        public void anything() { }
    }

    @Test
    void theStatusNamesTheArtifactAndTheTestedVersion() {
        Availability missing = status(MISSING);
        assertFalse(missing.available());
        assertNotNull(ARTIFACT, "the pom passes rest-compress.test.missing-artifact");
        assertTrue(ARTIFACT.matches("[\\w.-]+:[\\w.-]+:\\d[\\w.-]*"), "coordinates with a version: " + ARTIFACT);
        assertTrue(missing.reason().contains(ARTIFACT), missing.reason());
        assertTrue(status(other()).available(), status(other()).reason());
    }

    @Test
    void oneInfoLineSaysWhatIsMissing() {
        CompressionSettings.fromSystemProperties().createRegistry();
        List<String> aboutMissing = new ArrayList<>();
        synchronized (CODEC_LOG) {
            for (LogRecord r : CODEC_LOG) {
                String text = java.text.MessageFormat.format(r.getMessage(), r.getParameters());
                if (text.contains("'" + MISSING + "'")) {
                    assertEquals(Level.INFO, r.getLevel(), text);
                    aboutMissing.add(text);
                }
            }
        }
        assertEquals(1, aboutMissing.size(), aboutMissing.toString());
        assertTrue(aboutMissing.get(0).contains(ARTIFACT), aboutMissing.get(0));
    }

    @Test
    void theRegistryHasEverythingElse() {
        CodecRegistry registry = CompressionSettings.fromSystemProperties().createRegistry();
        List<String> codings = registry.codings();
        assertFalse(codings.contains(MISSING), codings.toString());
        assertTrue(codings.containsAll(List.of("lzf", "gzip", other())), codings.toString());
    }

    @Test
    void everyWayOfNamingTheMissingCodingFailsNamingMethodCodingAndArtifact() throws Exception {
        CompressionSettings settings = CompressionSettings.fromSystemProperties();
        MethodPolicyResolver resolver = new MethodPolicyResolver(settings, settings.createRegistry(), Integer.MAX_VALUE);
        boolean zstdMissing = MISSING.equals("zstd");
        for (String name : zstdMissing ? List.of("compressZstd", "zstdAnnotation") : List.of("compressBr", "brotliAnnotation")) {
            Method m = NamingResource.class.getMethod(name);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> resolver.resolve(NamingResource.class, m));
            String msg = e.getMessage();
            assertTrue(msg.contains(name) && msg.contains("'" + MISSING + "'") && msg.contains(ARTIFACT), msg);
        }
        // The other coding's methods and a nameless @Compress still resolve.
        for (String name : zstdMissing ? List.of("compressBr", "brotliAnnotation") : List.of("compressZstd", "zstdAnnotation")) {
            assertTrue(resolver.resolve(NamingResource.class, NamingResource.class.getMethod(name)).codings().contains(other()));
        }
        List<String> anything = resolver.resolve(NamingResource.class, NamingResource.class.getMethod("anything")).codings();
        assertFalse(anything.contains(MISSING), anything.toString());
        assertTrue(anything.containsAll(List.of("lzf", "gzip", other())), anything.toString());
    }

    @Test
    void anApplicationNamingTheMissingCodingDoesNotStart() {
        // CodingsResource has @Zstd @Brotli methods: deploying it must fail, not serve uncompressed.
        Throwable failure = assertThrows(Throwable.class, () -> {
            TestServer unexpected = TestServer.start(new CodingsTestApplication(Map.of()));
            unexpected.close();
        });
        StringBuilder chain = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            chain.append(t).append('\n');
        }
        String text = chain.toString();
        assertTrue(text.contains("'" + MISSING + "'") && text.contains(ARTIFACT) && text.contains("CodingsResource."), text);
    }

    @Test
    void aNamelessCompressOffersTheOthers() throws Exception {
        HttpResponse<byte[]> onlyMissing = get("all/50000", MISSING);
        assertEquals(200, onlyMissing.statusCode());
        assertEquals("identity", encoding(onlyMissing));
        assertArrayEquals(TestResource.payload(50_000), onlyMissing.body());

        HttpResponse<byte[]> withGzip = get("all/50000", MISSING + ", gzip");
        assertEquals("gzip", encoding(withGzip));
        try (InputStream in = Codecs.of("gzip", 6, 1).decompressingStream(new ByteArrayInputStream(withGzip.body()),
                1 << 20)) {
            assertArrayEquals(TestResource.payload(50_000), in.readAllBytes());
        }
        assertEquals(other(), encoding(get("all/50000", MISSING + ", " + other())));
    }

    @Test
    void requestBodiesInTheMissingCodingAre415() throws Exception {
        HttpRequest req = HttpRequest.newBuilder(server.uri("echo")).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", MISSING).POST(HttpRequest.BodyPublishers.ofByteArray(new byte[100])).build();
        HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
        assertEquals(415, r.statusCode(), r.body());
        String accept = r.headers().firstValue("Accept-Encoding").orElse("");
        assertFalse(accept.contains(MISSING), accept);
        assertTrue(accept.contains("gzip") && accept.contains(other()), accept);
    }
}
