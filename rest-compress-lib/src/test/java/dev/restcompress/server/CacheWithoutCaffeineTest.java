package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestServer;
import jakarta.ws.rs.core.Application;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs only in the surefire execution {@code without-caffeine} (rest-compress-lib/pom.xml), whose class
 * path lacks Caffeine: a method with {@code @CacheEncoded} then logs one WARNING at start-up naming the
 * artifact to add, and is served as without the cache (compressed, byte-exact, nothing counted).
 */
@Timeout(60)
class CacheWithoutCaffeineTest {
    @Test
    void oneStartUpLineThenNoCache() throws Exception {
        // A -Dtest=... on the command line may select this class in the default execution too: not there.
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("rest-compress.test.missing-artifact-version")
                != null, "runs only in the without-caffeine execution");
        assertThrows(ClassNotFoundException.class, () -> Class.forName("com.github.benmanes.caffeine.cache.Caffeine"),
                "this execution's class path must not hold Caffeine");
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                synchronized (records) {
                    records.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("dev.restcompress.server.internal.cache.VariantCaches");
        logger.addHandler(handler);
        RestCompressFeature feature = new RestCompressFeature();
        Application app = new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(CacheResource.class);
            }

            @Override
            public Set<Object> getSingletons() {
                return Set.of(feature);
            }

            @Override
            public Map<String, Object> getProperties() {
                return Map.of(AdaptiveSettings.ADAPTIVE, "off");
            }
        };
        try (TestServer server = TestServer.start(app)) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            for (int i = 0; i < 3; i++) {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(server.uri("cache/json"))
                        .timeout(Duration.ofSeconds(30)).header("Accept-Encoding", "gzip").build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElseThrow());
                byte[] out = new byte[CacheResource.JSON.length];
                Codecs.of("gzip").decompress(r.body(), 0, r.body().length, out, 0, out.length);
                assertArrayEquals(CacheResource.JSON, out);
            }
            CompressionStatistics.CacheTotals totals = feature.statistics().cache();
            assertEquals(0, totals.hits() + totals.misses() + totals.entries(), totals.toString());
            assertEquals(3, feature.statistics().encodedByCoding().get("gzip").bodies(), "compressed every time");
        } finally {
            logger.removeHandler(handler);
        }
        List<LogRecord> lines;
        synchronized (records) {
            lines = List.copyOf(records);
        }
        assertEquals(1, lines.size(), "one line for the application, however many methods ask");
        assertEquals(Level.WARNING, lines.get(0).getLevel());
        String message = lines.get(0).getMessage();
        assertTrue(message.contains("com.github.ben-manes.caffeine:caffeine:"
                + System.getProperty("rest-compress.test.missing-artifact-version")), message);
        assertTrue(message.contains("CacheResource"), "names a method that asked: " + message);
    }
}
