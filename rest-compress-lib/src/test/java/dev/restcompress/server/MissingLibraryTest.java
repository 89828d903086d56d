package dev.restcompress.server;

import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.testing.TestServer;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs only in the surefire executions that remove an optional library from the class path (see
 * rest-compress-lib/pom.xml); {@code rest-compress.test.missing} names the coding that must be gone.
 * The coding is neither offered nor accepted, the other codings are unaffected, and methods that
 * name it still deploy. Never touches the missing library's classes.
 */
@Timeout(60)
class MissingLibraryTest {
    static final String MISSING = System.getProperty("rest-compress.test.missing");
    static TestServer server;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(MISSING != null, "run by the without-* surefire executions only");
        server = TestServer.start(new CodingsTestApplication(Map.of()));
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

    @Test
    void theStatusSaysWhy() {
        Availability missing = status(MISSING);
        assertFalse(missing.available());
        assertTrue(missing.reason().contains("not on the class path") || missing.reason().contains("native"),
                missing.reason());
        assertTrue(status(other()).available(), status(other()).reason());
    }

    @Test
    void theRegistryHasEverythingElse() {
        CodecRegistry registry = CompressionSettings.fromSystemProperties().createRegistry();
        List<String> codings = registry.codings();
        assertFalse(codings.contains(MISSING), codings.toString());
        assertTrue(codings.containsAll(List.of("lzf", "gzip", other())), codings.toString());
    }

    @Test
    void aMethodNamingTheMissingCodingDeploysAndFallsBack() throws Exception {
        HttpResponse<byte[]> onlyMissing = get("stacked/50000", MISSING);
        assertEquals(200, onlyMissing.statusCode());
        assertEquals("identity", encoding(onlyMissing));
        assertArrayEquals(TestResource.payload(50_000), onlyMissing.body());

        HttpResponse<byte[]> withGzip = get("stacked/50000", MISSING + ", gzip");
        assertEquals("gzip", encoding(withGzip));
        try (InputStream in = Codecs.of("gzip", 6, 1).decompressingStream(new ByteArrayInputStream(withGzip.body()),
                1 << 20)) {
            assertArrayEquals(TestResource.payload(50_000), in.readAllBytes());
        }
        assertEquals(other(), encoding(get("stacked/50000", MISSING + ", " + other())));
        assertEquals(other(), encoding(get("all/50000", other())));
    }

    @Test
    void onlyStrongNamesJustTheMissingOneAndTheOther() throws Exception {
        // strong/ has @Zstd(level=19) @Brotli(level=9): the missing one's level is simply not used.
        assertEquals("identity", encoding(get("strong/50000", MISSING)));
        assertEquals(other(), encoding(get("strong/50000", "*")));
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
